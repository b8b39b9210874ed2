import { eq, sql } from 'drizzle-orm';
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
