import { SETTLEMENT_MESSAGES, type TokenPayload } from '@cobranzas/shared';
import { and, eq, sql } from 'drizzle-orm';
import { type Executor, writeAudit } from '../../crud';
import { rowsOf } from '../../db/bulk';
import { counters, settlements } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { settlementScope } from './read';

/**
 * PATCH /api/settlements/{id}/close (DESIGN.md §10.4), in the caller's transaction: the draft's
 * payments and deposits become its own (settlement_id, which a trigger then freezes), but only
 * if every line still matches its money as drafted and no other settlement took it meanwhile;
 * otherwise 409 and the caller rolls back. Then the next gap-free number.
 *
 * Concurrency: the money rows are locked in id order (payments, then deposits) before the UPDATE,
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
  const lines = sql`SELECT record_id FROM settlement_lines WHERE settlement_id = ${id}::integer`;
  await tx.execute(sql`SELECT count(*) FROM (
    SELECT 1 FROM payments WHERE id IN (${lines} AND kind = 'PAYMENT') ORDER BY id FOR NO KEY UPDATE) locked`);
  await tx.execute(sql`SELECT count(*) FROM (
    SELECT 1 FROM deposits WHERE id IN (${lines} AND kind = 'DEPOSIT') ORDER BY id FOR NO KEY UPDATE) locked`);
  // Each line must still match its money as drafted, on a debt still the company's in that
  // currency (a debt can be moved), and the money must be in no other settlement.
  const [marked] = rowsOf<{ n: number }>(
    await tx.execute(sql`
      WITH paid AS (
        UPDATE payments m SET settlement_id = ${id}::integer
        FROM settlement_lines l, debts d
        WHERE l.settlement_id = ${id}::integer AND l.kind = 'PAYMENT' AND m.id = l.record_id
          AND m.debt_id = l.debt_id AND m.paid_at = l.date AND m.amount = l.amount
          AND m.paid_to_client = l.paid_to_client AND m.settlement_id IS NULL
          AND d.id = l.debt_id AND d.company_id = ${current.companyId}::integer
          AND d.currency = ${current.currency}::currency
        RETURNING 1
      ), deposited AS (
        UPDATE deposits m SET settlement_id = ${id}::integer
        FROM settlement_lines l, debts d
        WHERE l.settlement_id = ${id}::integer AND l.kind = 'DEPOSIT' AND m.id = l.record_id
          AND m.debt_id = l.debt_id AND m.deposited_at = l.date AND m.amount = l.amount
          AND m.settlement_id IS NULL
          AND d.id = l.debt_id AND d.company_id = ${current.companyId}::integer
          AND d.currency = ${current.currency}::currency
        RETURNING 1
      )
      SELECT ((SELECT count(*) FROM paid) + (SELECT count(*) FROM deposited))::integer AS n`),
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
