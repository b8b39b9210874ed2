import { SETTLEMENT_MESSAGES } from '@cobranzas/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../crud';
import { rowsOf } from '../../db/bulk';
import { conflict } from '../../errors';

/**
 * A debt whose money was settled to its company (issue 19) keeps its company and currency: moved, its
 * settled payments would show under another company, and the dashboard's «a rendir» (collected −
 * settled, per company) would go wrong for both. 409 on companyId or currency then.
 */
export async function keepSettledWhereTheyAre(
  db: Executor,
  input: { companyId?: number; currency?: string },
  current: { id: number; companyId: number; currency: string },
): Promise<void> {
  const moves =
    (input.companyId !== undefined && input.companyId !== current.companyId) ||
    (input.currency !== undefined && input.currency !== current.currency);
  if (!moves) return;
  const [settled] = rowsOf<{ any: boolean }>(
    await db.execute(
      sql`SELECT EXISTS (SELECT 1 FROM ledger WHERE debt_id = ${current.id} AND settlement_id IS NOT NULL) AS any`,
    ),
  );
  if (settled?.any) throw conflict(SETTLEMENT_MESSAGES.settledDebtStays);
}
