import {
  agencyDayStart,
  agencyToday,
  type GeneralKpi,
  nextDay,
  PRESCRIPTION_WARNING_DAYS,
} from '@cobranzas/shared';
import { and, asc, count, eq, gte, lt, lte, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { debts, debtTypes, kpiCollected, kpiPlaced, kpiUnpaidQuotas, tasks } from '../db/schema';
import { prescribesWithin } from '../modules/cases/debtFacts';
import { cohortCollected } from './cohort';
import { cents, money, percent, sumText } from './decimal';

export interface KpiParams {
  /** null: every company (staff only). */
  companyId: number | null;
  start?: string | undefined;
  end?: string | undefined;
  currency?: 'ARS' | 'USD' | undefined;
}

/** YYYY-MM of every month from `from` to `to` (inclusive). */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let [year = 0, month = 0] = from.split('-').map(Number);
  const [lastYear = 0, lastMonth = 0] = to.split('-').map(Number);
  while (year < lastYear || (year === lastYear && month <= lastMonth)) {
    months.push(`${year}-${String(month).padStart(2, '0')}`);
    [year, month] = month === 12 ? [year + 1, 1] : [year, month + 1];
  }
  return months;
}

/** The months the chart shows: the period's, or the 12 up to its end (today when open). */
function chartMonths(start: string | undefined, end: string | undefined, today: string) {
  const last = end ?? today;
  if (start) return monthsBetween(start, last);
  const [year = 0, month = 0] = last.split('-').map(Number);
  const first = month === 12 ? `${year}-01` : `${year - 1}-${String(month + 1).padStart(2, '0')}`;
  return monthsBetween(first, last);
}

/**
 * DESIGN.md's dashboard figures, read from the summaries the triggers keep (db/tables/kpi.ts), so
 * the cost depends on companies × days, not on the number of debts — but for the cohort's collections
 * with a period, which cost its debts' index entries (cohort.ts). One query each, side by side.
 * Amounts are of one currency (ARS unless asked): pesos and dollars are never added.
 * - placed (portfolio): original amounts of the debts placed (createdAt) in the period: the cohort;
 * - collected: what the cohort's debts collected up to `end` (cohort.ts: the one figure not from a
 *   summary, which per placed day could not say «up to end»);
 * - liquidation rate: collected ÷ placed × 100 in BigInt, "0.00" when nothing was placed: one
 *   population over itself (issue 32; it was the period's cash over the period's placements);
 * - collected in the period (cash): payments + deposits dated in the period, on any debt of the company;
 * - per stage: count and original amount of the placed debts, every stage present;
 * - per month: payments + deposits (count and amount) of the period's months, else the last 12;
 * - overdue: PENDIENTE or EN_MORA quotas due before today, amount + mora;
 * - prescribing soon: open debts with a balance whose claim prescribes within 60 days (issue 37);
 * - tasks due today: PENDIENTE tasks starting today at the agency (of the company's debts when one
 *   is chosen), whoever they are assigned to.
 */
export async function generalKpi(
  db: Db,
  { companyId, start, end, currency = 'ARS' }: KpiParams,
  now = new Date(),
) {
  const today = agencyToday(now);
  const months = chartMonths(start, end, today);
  const ofCompany = (column: PgColumn) => (companyId === null ? undefined : eq(column, companyId));
  const between = (column: PgColumn, from?: string, to?: string) =>
    and(from ? gte(column, from) : undefined, to ? lte(column, to) : undefined);
  // The chart needs its months even when the period is open: from the first charted month on.
  const chartFrom = start ?? `${months[0]}-01`;

  // Without a period the cohort is every debt and «up to end» is everything: the cash, from the summary.
  const cohort = start || end ? cohortCollected(db, { companyId, start, end, currency }) : null;
  const [stages, stageTotals, collected, charted, [overdue], [todayTasks], cohortAmount, [prescribing]] =
    await Promise.all([
      db.select({ id: debtTypes.id, name: debtTypes.name }).from(debtTypes).orderBy(asc(debtTypes.id)),
      db
        .select({
          id: kpiPlaced.debtTypeId,
          n: sql<number>`coalesce(sum(${kpiPlaced.debts}), 0)::int`,
          amount: sumText(kpiPlaced.originalAmount),
        })
        .from(kpiPlaced)
        .where(
          and(
            eq(kpiPlaced.currency, currency),
            ofCompany(kpiPlaced.companyId),
            between(kpiPlaced.day, start, end),
          ),
        )
        .groupBy(kpiPlaced.debtTypeId),
      db
        .select({ amount: sumText(kpiCollected.amount) })
        .from(kpiCollected)
        .where(
          and(
            eq(kpiCollected.currency, currency),
            ofCompany(kpiCollected.companyId),
            between(kpiCollected.day, start, end),
          ),
        ),
      db
        .select({
          month: sql<string>`to_char(${kpiCollected.day}, 'YYYY-MM')`,
          n: sql<number>`coalesce(sum(${kpiCollected.movements}), 0)::int`,
          amount: sumText(kpiCollected.amount),
        })
        .from(kpiCollected)
        .where(
          and(
            eq(kpiCollected.currency, currency),
            ofCompany(kpiCollected.companyId),
            between(kpiCollected.day, chartFrom, end ?? today),
          ),
        )
        .groupBy(sql`1`),
      db
        .select({
          n: sql<number>`coalesce(sum(${kpiUnpaidQuotas.quotas}), 0)::int`,
          amount: sumText(kpiUnpaidQuotas.amount),
        })
        .from(kpiUnpaidQuotas)
        .where(
          and(
            eq(kpiUnpaidQuotas.currency, currency),
            ofCompany(kpiUnpaidQuotas.companyId),
            lt(kpiUnpaidQuotas.dueDate, today),
          ),
        ),
      db
        .select({ n: count() })
        .from(tasks)
        .where(
          and(
            gte(tasks.start, sql`${agencyDayStart(today)}::timestamptz`),
            lt(tasks.start, sql`${agencyDayStart(nextDay(today))}::timestamptz`),
            eq(tasks.status, 'PENDIENTE'),
            companyId === null
              ? undefined
              : sql`${tasks.debtId} IN (SELECT ${debts.id} FROM ${debts} WHERE ${debts.companyId} = ${companyId})`,
          ),
        ),
      cohort,
      // Issue 37: read from debts_prescribes_on_idx, the window's debts only.
      db
        .select({ n: count() })
        .from(debts)
        .where(
          and(
            prescribesWithin(PRESCRIPTION_WARNING_DAYS),
            eq(debts.currency, currency),
            companyId === null ? undefined : eq(debts.companyId, companyId),
          ),
        ),
    ]);

  const stageMap = new Map(stageTotals.map((s) => [s.id, s]));
  const byStage = stages.map((stage) => {
    const totals = stageMap.get(stage.id);
    return {
      debtTypeId: stage.id,
      name: stage.name,
      debts: totals?.n ?? 0,
      amount: money(cents(totals?.amount)),
    };
  });
  const placedCents = stageTotals.reduce((sum, s) => sum + cents(s.amount), 0n);
  const inPeriodCents = cents(collected[0]?.amount);
  const collectedCents = cohortAmount === null ? inPeriodCents : cents(cohortAmount);
  const perMonth = new Map(charted.map((row) => [row.month, row]));

  const result: GeneralKpi = {
    portfolioAmount: money(placedCents),
    collectedAmount: money(collectedCents),
    liquidationRate: percent(collectedCents, placedCents),
    collectedInPeriod: money(inPeriodCents),
    debts: stageTotals.reduce((sum, s) => sum + s.n, 0),
    byStage,
    paymentsByMonth: months.map((month) => ({
      month,
      amount: money(cents(perMonth.get(month)?.amount)),
      payments: perMonth.get(month)?.n ?? 0,
    })),
    overdueQuotas: overdue?.n ?? 0,
    overdueAmount: money(cents(overdue?.amount)),
    prescribingSoon: prescribing?.n ?? 0,
    tasksDueToday: todayTasks?.n ?? 0,
  };
  return result;
}
