import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { collectionTypes, debts } from '../db/schema';
import { cents, money } from './decimal';

const sumText = (column: PgColumn) => sql<string>`coalesce(sum(${column}), 0)::text`;

/**
 * Totals of the company's debts (every company when null) per collection type, one GROUP BY; debts
 * without a type come last as "Sin tipo". Only types that have debts are listed.
 */
export async function collectionTypesReport(db: Db, companyId: number | null) {
  const rows = await db
    .select({
      collectionTypeId: debts.collectionTypeId,
      name: collectionTypes.name,
      debts: count(),
      originalAmount: sumText(debts.originalAmount),
      paidAmount: sumText(debts.paidAmount),
      balance: sumText(debts.balance),
    })
    .from(debts)
    .leftJoin(collectionTypes, eq(collectionTypes.id, debts.collectionTypeId))
    .where(and(companyId === null ? undefined : eq(debts.companyId, companyId)))
    .groupBy(debts.collectionTypeId, collectionTypes.name)
    .orderBy(sql`${debts.collectionTypeId} IS NULL`, asc(collectionTypes.name));
  return {
    data: rows.map((row) => ({
      ...row,
      name: row.name ?? 'Sin tipo',
      originalAmount: money(cents(row.originalAmount)),
      paidAmount: money(cents(row.paidAmount)),
      balance: money(cents(row.balance)),
    })),
  };
}
