import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { collectionTypes, kpiPortfolio } from '../db/schema';
import { cents, money, sumText } from './decimal';

/**
 * Totals of the company's debts (every company when null) per collection type, from the summary
 * the triggers keep (kpi_portfolio): one currency (ARS unless asked), debts without a type last as
 * "Sin tipo". Only types that have debts are listed.
 */
export async function collectionTypesReport(
  db: Db,
  companyId: number | null,
  currency: 'ARS' | 'USD' = 'ARS',
) {
  const rows = await db
    .select({
      collectionTypeId: kpiPortfolio.collectionTypeId,
      name: collectionTypes.name,
      debts: sql<number>`coalesce(sum(${kpiPortfolio.debts}), 0)::int`,
      originalAmount: sumText(kpiPortfolio.originalAmount),
      paidAmount: sumText(kpiPortfolio.paidAmount),
      balance: sumText(kpiPortfolio.balance),
    })
    .from(kpiPortfolio)
    .leftJoin(collectionTypes, eq(collectionTypes.id, kpiPortfolio.collectionTypeId))
    .where(
      and(
        eq(kpiPortfolio.currency, currency),
        companyId === null ? undefined : eq(kpiPortfolio.companyId, companyId),
      ),
    )
    .groupBy(kpiPortfolio.collectionTypeId, collectionTypes.name)
    .having(sql`sum(${kpiPortfolio.debts}) > 0`)
    .orderBy(sql`${kpiPortfolio.collectionTypeId} = 0`, asc(collectionTypes.name));
  return {
    data: rows.map((row) => ({
      ...row,
      collectionTypeId: row.collectionTypeId === 0 ? null : row.collectionTypeId,
      name: row.name ?? 'Sin tipo',
      originalAmount: money(cents(row.originalAmount)),
      paidAmount: money(cents(row.paidAmount)),
      balance: money(cents(row.balance)),
    })),
  };
}
