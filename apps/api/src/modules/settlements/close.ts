import { SETTLEMENT_MESSAGES, type TokenPayload } from '@cobranzas/shared';
import { and, eq, sql } from 'drizzle-orm';
import { type Executor, writeAudit } from '../../crud';
import { rowsOf } from '../../db/bulk';
import { counters, settlements } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { settlementScope } from './read';

/**
 * PATCH /api/settlements/{id}/close (DESIGN.md §10.4), in the caller's transaction: the draft's
 * ledger rows become its own (settlement_id, one UPDATE of one table; a trigger then freezes them),
 * but only if every row is still live and no other settlement took it meanwhile; otherwise 409 and
 * the caller rolls back. Then the next gap-free number.
 *
 * Concurrency: the ledger rows are locked in id order before the UPDATE,
 * so closes of drafts over the same money queue up instead of deadlocking; the one that waited then
 * reads settlement_id set (READ COMMITTED: each statement sees what committed before it) and its
 * count falls short: 409. Debts are never locked here, so the debt-first order of crud/locks.ts holds.
 */
export async function closeDraft(tx: Executor, id: number, user: TokenPayload): Promise<void> {
  const [current] = await tx
    .select()
    .from(settlements)
    .where(and(eq(settlements.id, id), settlementScope(user)))
    .for('update');
  if (!current) throw notFound();
  if (current.status !== 'DRAFT') throw conflict(SETTLEMENT_MESSAGES.alreadyClosed);

  // Counted, not returned: thousands of locked rows need not travel to the client.
  await tx.execute(sql`SELECT count(*) FROM (
    SELECT 1 FROM ledger WHERE id IN (SELECT ledger_id FROM settlement_lines WHERE settlement_id = ${id}::integer)
    ORDER BY id FOR NO KEY UPDATE) locked`);
  // Each line's row must still be live and in no other settlement, on a debt still the company's in
  // that currency (a debt can be moved). Its money never changed: the ledger does not allow it.
  const [marked] = rowsOf<{ n: number }>(
    await tx.execute(sql`
      WITH marked AS (
        UPDATE ledger m SET settlement_id = ${id}::integer
        FROM settlement_lines l, debts d
        WHERE l.settlement_id = ${id}::integer AND m.id = l.ledger_id AND m.settlement_id IS NULL
          AND NOT EXISTS (SELECT 1 FROM ledger r WHERE r.reversal_of = m.id)
          AND m.paid_to_client = l.paid_to_client
          AND d.id = m.debt_id AND d.company_id = ${current.companyId}::integer
          AND d.currency = ${current.currency}::currency
        RETURNING 1
      )
      SELECT count(*)::integer AS n FROM marked`),
  );
  if (Number(marked?.n) !== current.items) throw conflict(SETTLEMENT_MESSAGES.changedSinceDraft);
  // The dashboard's «a rendir» is kpi_collected − kpi_settled: this money is settled, per day.
  await tx.execute(sql`
    INSERT INTO kpi_settled AS k (company_id, day, currency, movements, amount)
    SELECT ${current.companyId}::integer, date, ${current.currency}::currency, count(*), sum(amount)
    FROM settlement_lines WHERE settlement_id = ${id}::integer GROUP BY date ORDER BY date
    ON CONFLICT (company_id, day, currency)
    DO UPDATE SET movements = k.movements + EXCLUDED.movements, amount = k.amount + EXCLUDED.amount`);

  // Last: the counter's row stays locked until COMMIT, so it is held as briefly as possible.
  const [taken] = await tx
    .update(counters)
    .set({ value: sql`${counters.value} + 1` })
    .where(eq(counters.name, 'settlements'))
    .returning({ value: counters.value });
  if (!taken) throw new Error("counters has no row 'settlements': migration 0018 did not run");
  const now = new Date();
  const [after] = await tx
    .update(settlements)
    .set({ status: 'CLOSED', number: taken.value, closedBy: user.sub, closedAt: now, updatedAt: now })
    .where(eq(settlements.id, id))
    .returning();
  await writeAudit(tx, user, {
    action: 'update',
    resource: 'settlements',
    recordId: id,
    before: current,
    after: after ?? null,
  });
}
