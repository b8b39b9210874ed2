import { agencyDayStart, agencyToday, type GeneralKpi, nextDay } from '@cobranzas/shared';
import { and, asc, count, eq, gte, inArray, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { instantFromDay, instantToDay } from '../crud';
import type { Db } from '../db/client';
import { debts, debtTypes, deposits, payments, quotas, tasks } from '../db/schema';
import { cents, money, percent } from './decimal';

export interface KpiParams {
  /** null: every company (staff only). */
  companyId: number | null;
  start?: string;
  end?: string;
}

/** Rows hanging from a debt of the company (none → no condition). */
const ofCompany = (debtId: PgColumn, companyId: number | null): SQL | undefined =>
  companyId === null
    ? undefined
    : sql`${debtId} IN (SELECT ${debts.id} FROM ${debts} WHERE ${debts.companyId} = ${companyId})`;

const sumText = (expression: SQL | PgColumn) => sql<string>`coalesce(sum(${expression}), 0)::text`;

/** YYYY-MM of every month from `from` to `to` (inclusive). */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let [year, month] = from.split('-').map(Number) as [number, number];
  const [lastYear, lastMonth] = to.split('-').map(Number) as [number, number];
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
  const [year, month] = last.split('-').map(Number) as [number, number];
  const first = month === 12 ? `${year}-01` : `${year - 1}-${String(month + 1).padStart(2, '0')}`;
  return monthsBetween(first, last);
}

/**
 * DESIGN.md's dashboard figures, one aggregate query each (run side by side):
 * - placed (portfolio): original amounts of the debts placed (createdAt) in the period;
 * - collected: payments + deposits dated in the period, on the company's debts;
 * - liquidation rate: collected ÷ placed × 100 in BigInt, "0.00" when nothing was placed;
 * - per stage: count and original amount of the placed debts, every stage present;
 * - per month: payments + deposits (count and amount) of the period's months, else the last 12;
 * - overdue: PENDIENTE or EN_MORA quotas due before today, amount + mora;
 * - tasks due today: PENDIENTE tasks starting today at the agency (of the company's debts when one
 *   is chosen), whoever they are assigned to.
 */
export async function generalKpi(db: Db, { companyId, start, end }: KpiParams, now = new Date()) {
  const today = agencyToday(now);
  const placed = and(
    companyId === null ? undefined : eq(debts.companyId, companyId),
    start ? instantFromDay(debts.createdAt)(start) : undefined,
    end ? instantToDay(debts.createdAt)(end) : undefined,
  );
  const inPeriod = (column: PgColumn) =>
    and(start ? gte(column, start) : undefined, end ? lte(column, end) : undefined);
  const byMonth = (table: typeof payments | typeof deposits, date: PgColumn) =>
    db
      .select({ month: sql<string>`to_char(${date}, 'YYYY-MM')`, n: count(), amount: sumText(table.amount) })
      .from(table)
      .where(and(inPeriod(date), ofCompany(table.debtId, companyId)))
      .groupBy(sql`1`);

  const [stages, stageTotals, paid, deposited, [overdue], [todayTasks]] = await Promise.all([
    db.select({ id: debtTypes.id, name: debtTypes.name }).from(debtTypes).orderBy(asc(debtTypes.id)),
    db
      .select({ id: debts.debtTypeId, n: count(), amount: sumText(debts.originalAmount) })
      .from(debts)
      .where(placed)
      .groupBy(debts.debtTypeId),
    byMonth(payments, payments.paidAt),
    byMonth(deposits, deposits.depositedAt),
    db
      .select({ n: count(), amount: sumText(sql`${quotas.amount} + ${quotas.moraAmount}`) })
      .from(quotas)
      .where(
        and(
          lt(quotas.dueDate, today),
          inArray(quotas.status, ['PENDIENTE', 'EN_MORA']),
          ofCompany(quotas.debtId, companyId),
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
          ofCompany(tasks.debtId, companyId),
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

  const months = new Map<string, { n: number; amount: bigint }>();
  for (const row of [...paid, ...deposited]) {
    const entry = months.get(row.month) ?? { n: 0, amount: 0n };
    months.set(row.month, { n: entry.n + row.n, amount: entry.amount + cents(row.amount) });
  }
  const collectedCents = [...months.values()].reduce((sum, m) => sum + m.amount, 0n);

  const result: GeneralKpi = {
    portfolioAmount: money(placedCents),
    collectedAmount: money(collectedCents),
    liquidationRate: percent(collectedCents, placedCents),
    debts: stageTotals.reduce((sum, s) => sum + s.n, 0),
    byStage,
    paymentsByMonth: chartMonths(start, end, today).map((month) => ({
      month,
      amount: money(months.get(month)?.amount ?? 0n),
      payments: months.get(month)?.n ?? 0,
    })),
    overdueQuotas: overdue?.n ?? 0,
    overdueAmount: money(cents(overdue?.amount)),
    tasksDueToday: todayTasks?.n ?? 0,
  };
  return result;
}
