import { AGENCY_TIME_ZONE, agencyToday } from '@cobranzas/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { counters } from '../../db/schema';
import { refreshQuotas } from '../debts/books';

/**
 * The one part of migration 0024 that is not SQL: each existing quota's status and share of the money
 * as the ledger says (shared/owed.ts's allocation, which a payment outside a plan now pays). Runs once,
 * at the first start after the migration (the counter `ledger_quotas` it leaves at 0), in one
 * transaction that holds the counter's row, so two processes starting together do it once.
 */
export async function finishLedgerMigration(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const [pending] = await tx
      .select({ value: counters.value })
      .from(counters)
      .where(eq(counters.name, 'ledger_quotas'))
      .for('update');
    if (pending?.value !== 0) return;
    const debts = (await tx.execute(sql`SELECT DISTINCT debt_id FROM quotas`)) as unknown as {
      rows: { debt_id: number }[];
    };
    await refreshQuotas(
      tx,
      debts.rows.map((row) => Number(row.debt_id)),
    );
    await tx.update(counters).set({ value: 1 }).where(eq(counters.name, 'ledger_quotas'));
  });
}

/** How often the server looks for money whose date has come (legacy rows dated ahead). */
export const DUE_MONEY_EVERY_MS = 60 * 60_000;

/**
 * Money recorded before its date (only the code before 0024 took it: today such a date is a 400)
 * counts from its date: on that day the quotas it pays must show it. Every debt with a quota and a
 * row recorded ahead whose date came since the last look gets its imputation redone; the counter
 * `ledger_due_day` (YYYYMMDD of the last look, held for the transaction) makes that once per day
 * across every process. Returns how many debts it redid.
 */
export async function refreshDueMoney(db: Db, today = agencyToday()): Promise<number> {
  const day = Number(today.replaceAll('-', ''));
  return db.transaction(async (tx) => {
    await tx.insert(counters).values({ name: 'ledger_due_day', value: 0 }).onConflictDoNothing();
    const [lastLook] = await tx
      .select({ value: counters.value })
      .from(counters)
      .where(eq(counters.name, 'ledger_due_day'))
      .for('update');
    // The last look (YYYYMMDD); 0 the first time: then every day before today is looked at.
    const last = Number(lastLook?.value ?? 0);
    if (last >= day) return 0;
    const since = last > 0 ? String(last).replace(/^(\d{4})(\d{2})(\d{2})$/, '$1-$2-$3') : '0001-01-01';
    // Money that pays quotas: the partial index ledger_money_date_idx reads just the days in between.
    const due = (await tx.execute(sql`
      SELECT DISTINCT l.debt_id FROM ledger l
      WHERE l.kind IN ('PAYMENT', 'DEPOSIT') AND l.date > ${since}::date AND l.date <= ${today}::date
        AND (l.created_at AT TIME ZONE ${AGENCY_TIME_ZONE})::date < l.date
        AND EXISTS (SELECT 1 FROM quotas q WHERE q.debt_id = l.debt_id)`)) as unknown as {
      rows: { debt_id: number }[];
    };
    const redone = await refreshQuotas(
      tx,
      due.rows.map((row) => Number(row.debt_id)),
      today,
    );
    await tx.update(counters).set({ value: day }).where(eq(counters.name, 'ledger_due_day'));
    return redone;
  });
}

/** refreshDueMoney at start and every DUE_MONEY_EVERY_MS; a failure is logged and tried next time. */
export function scheduleDueMoney(app: FastifyInstance, db: Db, everyMs = DUE_MONEY_EVERY_MS) {
  const run = () =>
    refreshDueMoney(db).catch((error: unknown) => app.log.warn({ err: error }, 'dinero que venció'));
  const timer = setInterval(run, everyMs);
  timer.unref();
  app.addHook('onReady', async () => {
    await run();
  });
  app.addHook('onClose', (_instance, done) => {
    clearInterval(timer);
    done();
  });
}
