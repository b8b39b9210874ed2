import { MESSAGES, type TokenPayload } from '@cobranzas/shared';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../crud';
import { debts } from '../db/schema';
import { HttpError } from '../errors';

/**
 * DESIGN.md §6: a CLIENTE sees only its own company's debts and what hangs from them. The company
 * the user is confined to, or null for staff. A CLIENTE without a company (never created by the
 * API) is confined to company 0, which does not exist: it sees nothing.
 */
export function clientCompany(user: TokenPayload): number | null {
  return user.type === 'CLIENTE' ? (user.companyId ?? 0) : null;
}

/** Scope of the debts table. */
export function debtScope(user: TokenPayload): SQL | undefined {
  const company = clientCompany(user);
  return company === null ? undefined : eq(debts.companyId, company);
}

/** Scope of a table whose rows belong to a debt through `debtIdColumn`. */
export const viaDebt =
  (debtIdColumn: PgColumn) =>
  (user: TokenPayload): SQL | undefined => {
    const company = clientCompany(user);
    if (company === null) return undefined;
    return sql`${debtIdColumn} IN (SELECT ${debts.id} FROM ${debts} WHERE ${debts.companyId} = ${company})`;
  };

export const debtNotFound = () =>
  new HttpError(400, MESSAGES.invalidInput, { debtId: [MESSAGES.debtNotFound] });

/**
 * Locks a debt the user may see for the rest of the transaction (FOR NO KEY UPDATE: it does not
 * block inserts of children, whose foreign-key checks take KEY SHARE) and returns it. Every write
 * that moves a debt's totals takes this lock first, so concurrent writes on one debt queue up and
 * each recompute sees the others' committed rows. Missing or out of scope → 400 on debtId.
 */
export async function lockDebt(db: Executor, debtId: number, user: TokenPayload) {
  const [debt] = await db
    .select()
    .from(debts)
    .where(and(eq(debts.id, debtId), debtScope(user)))
    .for('no key update');
  if (!debt) throw debtNotFound();
  return debt;
}
