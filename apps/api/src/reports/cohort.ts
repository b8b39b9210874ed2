import { agencyDayStart, nextDay } from '@cobranzas/shared';
import { and, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../db/bulk';
import type { Db } from '../db/client';
import { debts, ledger } from '../db/schema';

export interface Cohort {
  /** null: every company (staff only). */
  companyId: number | null;
  start?: string | undefined;
  end?: string | undefined;
  currency: 'ARS' | 'USD';
}

/**
 * A ledger row that is money collected (DESIGN.md §11.1), written as 0024's partial date index
 * says it: with bound values a plan could not use that index.
 */
export const isCollected = () => sql`${ledger.kind} IN ('PAYMENT', 'DEPOSIT')`;

/** A live ledger row: not undone by a REVERSAL (the rows `ledger_live` shows). */
export const notReversed = () =>
  sql`NOT EXISTS (SELECT 1 FROM ${ledger} undoing WHERE undoing.reversal_of = ${ledger.id})`;

/**
 * How many debts a period holds, and how much money came after it, is known only with its dates:
 * planned per call (db/namedStatements.ts), not once for any period.
 */
const PLANNED_PER_CALL = sql.raw('/*planned-per-call*/');

/**
 * The debts of the cohort: of the company and currency, placed (created) on an agency day of the
 * period, the same days kpi_placed counts (kpi_day: UTC−3).
 */
export function placedIn({ companyId, start, end, currency }: Cohort): SQL | undefined {
  return and(
    eq(debts.currency, currency),
    companyId === null ? undefined : eq(debts.companyId, companyId),
    start ? gte(debts.createdAt, sql`${agencyDayStart(start)}::timestamptz`) : undefined,
    end ? lt(debts.createdAt, sql`${agencyDayStart(nextDay(end))}::timestamptz`) : undefined,
  );
}

/**
 * What the cohort collected up to `end` (DESIGN.md §11.2): its debts' live payments and deposits
 * dated on or before `end`, whenever they were placed. Read as what they collected to date (their
 * stored paid_amount, from 0028's index alone) less their money dated after `end` (0024's date index):
 * a period that ends today costs its debts' index entries, not a probe of the ledger per debt.
 * One statement, so both sums see the same money.
 */
export async function cohortCollected(db: Db, cohort: Cohort): Promise<string> {
  const placed = placedIn(cohort);
  const after = cohort.end
    ? sql`(SELECT coalesce(sum(${ledger.amount}), 0) FROM ${ledger}
        JOIN ${debts} ON ${debts.id} = ${ledger.debtId}
        WHERE ${placed} AND ${isCollected()} AND ${ledger.date} > ${cohort.end} AND ${notReversed()})`
    : sql`0`;
  const result = await db.execute(
    sql`SELECT ${PLANNED_PER_CALL}((SELECT coalesce(sum(${debts.paidAmount}), 0) FROM ${debts} WHERE ${placed})
      - ${after})::text AS amount`,
  );
  return rowsOf<{ amount: string }>(result)[0]?.amount ?? '0';
}
