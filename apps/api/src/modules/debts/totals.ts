import { sql } from 'drizzle-orm';
import type { Executor } from '../../crud';
import { assertHeldBy, type LockedDebt } from './lock';

/**
 * The repair path of a debt's stored totals (services, mora, paid, balance). Every write keeps them
 * by SQL delta triggers (migration 0009); debt_totals_rebuild() recomputes them from scratch with
 * SQL sums (NUMERIC, never a float): balance = original + services + mora − paid − reductions
 * (accepted settlement offers' discounts, migration 0017). For repairs and
 * after bulk loads made with the triggers disabled, not for ordinary writes. Returns whether the
 * stored totals had drifted (and were set right).
 */
export async function recomputeDebtTotals(db: Executor, locked: LockedDebt): Promise<boolean> {
  assertHeldBy(locked, db);
  const result = await db.execute(sql`SELECT debt_totals_rebuild(${locked.id}::integer) AS changed`);
  const [row] = (result as unknown as { rows: { changed: number }[] }).rows;
  return Number(row?.changed ?? 0) > 0;
}

/** Every debt's totals from scratch (after a bulk load with the triggers off): how many had drifted. */
export async function rebuildAllDebtTotals(db: Executor): Promise<number> {
  const result = await db.execute(sql`SELECT debt_totals_rebuild() AS changed`);
  const [row] = (result as unknown as { rows: { changed: number }[] }).rows;
  return Number(row?.changed ?? 0);
}
