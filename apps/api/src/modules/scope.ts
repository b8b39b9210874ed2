import type { TokenPayload } from '@cobranzas/shared';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { debts } from '../db/schema';

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
