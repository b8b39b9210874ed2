import type { CollectedList } from '@cobranzas/shared';
import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { companies, debtors, debts, kpiCollected, ledger } from '../db/schema';
import { type Cohort, isCollected, notReversed } from './cohort';
import { cents, money, sumText } from './decimal';

export interface CollectedPage extends Cohort {
  page: number;
  limit: number;
}

/**
 * GET /report/collected: the payments and deposits behind «Cobrado en el período», newest first.
 * The rows come from the ledger (its date index); their count and sum from kpi_collected, the summary
 * the dashboard reads, so the list's total is the card's figure by construction and costs days, not rows.
 */
export async function collectedList(db: Db, query: CollectedPage): Promise<CollectedList> {
  const { companyId, start, end, currency, page, limit } = query;
  const ofCompany = (column: typeof debts.companyId | typeof kpiCollected.companyId) =>
    companyId === null ? undefined : eq(column, companyId);
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: ledger.documentId,
        kind: ledger.kind,
        date: ledger.date,
        amount: ledger.amount,
        method: ledger.method,
        debtId: ledger.debtId,
        reference: debts.reference,
        debtorName: sql<string>`${debtors.lastName} || ', ' || ${debtors.firstName}`,
        dni: debtors.dni,
        companyName: companies.name,
      })
      .from(ledger)
      .innerJoin(debts, eq(debts.id, ledger.debtId))
      .innerJoin(debtors, eq(debtors.id, debts.debtorId))
      .innerJoin(companies, eq(companies.id, debts.companyId))
      .where(
        and(
          isCollected(),
          start ? gte(ledger.date, start) : undefined,
          end ? lte(ledger.date, end) : undefined,
          eq(debts.currency, currency),
          ofCompany(debts.companyId),
          notReversed(),
        ),
      )
      .orderBy(desc(ledger.date), desc(ledger.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db
      .select({
        n: sql<number>`coalesce(sum(${kpiCollected.movements}), 0)::int`,
        amount: sumText(kpiCollected.amount),
      })
      .from(kpiCollected)
      .where(
        and(
          eq(kpiCollected.currency, currency),
          ofCompany(kpiCollected.companyId),
          start ? gte(kpiCollected.day, start) : undefined,
          end ? lte(kpiCollected.day, end) : undefined,
        ),
      ),
  ]);
  return {
    data: rows.map((row) => ({
      ...row,
      // A payment or deposit always has its record's id (ledger_document: CHECK in migration 0024).
      id: row.id ?? 0,
      kind: row.kind as 'PAYMENT' | 'DEPOSIT',
    })),
    total: totals?.n ?? 0,
    page,
    limit,
    amount: money(cents(totals?.amount)),
  };
}
