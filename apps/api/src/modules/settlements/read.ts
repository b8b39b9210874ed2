import type { TokenPayload } from '@cobranzas/shared';
import { and, eq, getTableColumns, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { companies, settlements, users } from '../../db/schema';
import { clientCompany } from '../scope';

/**
 * DESIGN.md §10.4, §10.6: a CLIENTE sees its own company's CLOSED settlements only (a draft may
 * still change); any other row is a 404 to it. Staff see them all.
 */
export function settlementScope(user: TokenPayload): SQL | undefined {
  const company = clientCompany(user);
  if (company === null) return undefined;
  return and(eq(settlements.companyId, company), eq(settlements.status, 'CLOSED'));
}

const creators = alias(users, 'settlement_creators');
const closers = alias(users, 'settlement_closers');

/** A settlement as the API answers it (settlementSchema): its row and the names it points to. */
export const settlementColumns = {
  ...getTableColumns(settlements),
  companyName: companies.name,
  createdByName: creators.name,
  closedByName: closers.name,
};

export const settlementJoins = [
  { table: companies, on: eq(companies.id, settlements.companyId) },
  { table: creators, on: eq(creators.id, settlements.createdBy) },
  { table: closers, on: eq(closers.id, settlements.closedBy) },
];
