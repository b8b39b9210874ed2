/**
 * Which debts a strategy takes (DESIGN.md §11.5), as SQL over `debts d`, and the one
 * condition SQL cannot decide alone: the amount owed of a debt that carries rates, whose interest to
 * the day only the one function of §11.1 works out (shared/owed.ts). Every other debt owes exactly
 * its stored balance that day (BOOKS and PLAN), so SQL decides it; a debt under RATES owes at least
 * its stored balance (interest is never negative), so SQL also decides the side of the range the
 * balance already settles, and only the rest is read and worked out in JS.
 */
import {
  AGENCY_TIME_ZONE,
  addDays,
  compareMoney,
  type StrategyConditions,
  type StrategyTrigger,
} from '@cobranzas/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../crud';
import { arrayParam } from '../../db/bulk';
import type { Db } from '../../db/client';
import { owedOf, readOwedRows } from '../debts/balance';

/** What a run's trigger hands it: which debts it may look at. */
export type RunScope =
  | { kind: 'ALL' }
  | { kind: 'IMPORT'; importId: number }
  /** Ledger rows (payments and deposits) with ids in (afterId, upToId]. */
  | { kind: 'PAYMENTS'; afterId: number; upToId: number }
  /** Latest promises whose last day to be kept is in [from, to]. */
  | { kind: 'BROKEN_PROMISES'; from: string; to: string };

/** The trigger a scope belongs to (a manual run looks at every debt). */
export const SCOPE_OF_TRIGGER: Record<StrategyTrigger, RunScope['kind']> = {
  DAILY: 'ALL',
  AFTER_IMPORT: 'IMPORT',
  AFTER_PAYMENT: 'PAYMENTS',
  PROMISE_BROKEN: 'BROKEN_PROMISES',
};

function scopeSql(scope: RunScope): SQL | null {
  switch (scope.kind) {
    case 'ALL':
      return null;
    case 'IMPORT':
      return sql`d.import_id = ${scope.importId}`;
    case 'PAYMENTS':
      return sql`EXISTS (SELECT 1 FROM ledger l WHERE l.debt_id = d.id AND l.kind IN ('PAYMENT', 'DEPOSIT')
        AND l.id > ${scope.afterId} AND l.id <= ${scope.upToId})`;
    case 'BROKEN_PROMISES':
      return sql`d.latest_promise_open_until BETWEEN ${scope.from}::date AND ${scope.to}::date`;
  }
}

/** Whether the debt owes under RATES: it carries rates and never had a plan (shared/owed.ts). */
export const underRates = sql`(d.default_date IS NOT NULL
  AND (d.rate_table_id IS NOT NULL OR coalesce(d.interest_rate, 0) > 0 OR d.punitive_rate > 0)
  AND NOT EXISTS (SELECT 1 FROM quotas q WHERE q.debt_id = d.id)
  AND NOT EXISTS (SELECT 1 FROM ledger_live l WHERE l.debt_id = d.id AND l.kind = 'MORA' AND l.plan_interest))`;

/** The day a debt's days past due count from. */
const pastDueFrom = sql`coalesce(d.default_date, d.origin_date)`;

/** An open dispute from the portal: no strategy acts on the debt until a person resolves it. */
export const disputedOn = sql`(SELECT (min(r.created_at) AT TIME ZONE ${AGENCY_TIME_ZONE})::date FROM portal_requests r
  WHERE r.debt_id = d.id AND r.kind = 'DISPUTE' AND r.status = 'ABIERTO')`;

export interface Selection {
  /** Every condition SQL decides, with the scope and the debts a STOP took out of the strategy. */
  where: SQL;
  /**
   * The debts whose amount owed SQL could not settle (TRUE for them, FALSE otherwise), or null when
   * the strategy has no amount condition or SQL settles every debt.
   */
  undecided: SQL | null;
}

/** The SQL of a strategy's conditions on `runDate` over `debts d`. */
export function selection(
  strategyId: number,
  conditions: StrategyConditions,
  scope: RunScope,
  runDate: string,
): Selection {
  const parts: SQL[] = [];
  const scoped = scopeSql(scope);
  if (scoped) parts.push(scoped);
  parts.push(
    sql`NOT EXISTS (SELECT 1 FROM strategy_stops s WHERE s.strategy_id = ${strategyId} AND s.debt_id = d.id)`,
  );
  if (conditions.companyIds.length > 0)
    parts.push(sql`d.company_id = ANY(${arrayParam(conditions.companyIds)}::int[])`);
  if (conditions.debtTypeIds.length > 0)
    parts.push(sql`d.debt_type_id = ANY(${arrayParam(conditions.debtTypeIds)}::int[])`);
  if (conditions.statuses.length > 0)
    parts.push(sql`d.status::text = ANY(${arrayParam(conditions.statuses)}::text[])`);
  if (conditions.daysPastDueMin !== null)
    parts.push(sql`${pastDueFrom} <= ${addDays(runDate, -conditions.daysPastDueMin)}::date`);
  if (conditions.daysPastDueMax !== null)
    parts.push(sql`${pastDueFrom} >= ${addDays(runDate, -conditions.daysPastDueMax)}::date`);
  if (conditions.daysWithoutContactMin !== null)
    parts.push(
      sql`(d.last_contact_on IS NULL OR d.last_contact_on <= ${addDays(runDate, -conditions.daysWithoutContactMin)}::date)`,
    );
  switch (conditions.promise) {
    case 'NINGUNA':
      parts.push(sql`d.latest_promise_due IS NULL`);
      break;
    case 'PENDIENTE':
      parts.push(sql`d.latest_promise_open_until >= ${runDate}::date`);
      break;
    case 'INCUMPLIDA':
      parts.push(sql`d.latest_promise_open_until < ${runDate}::date`);
      break;
    case 'CUMPLIDA':
      parts.push(sql`d.latest_promise_due IS NOT NULL AND d.latest_promise_open_until IS NULL`);
      break;
  }
  if (conditions.hasPhone !== null)
    parts.push(conditions.hasPhone ? sql`d.debtor_phone_open` : sql`NOT d.debtor_phone_open`);
  if (conditions.hasEmail !== null) {
    const has = sql`EXISTS (SELECT 1 FROM debtors p WHERE p.id = d.debtor_id
      AND coalesce(trim(p.email), '') <> '' AND p.email_closed_on IS NULL AND p.email_owner = 'DEUDOR')`;
    parts.push(conditions.hasEmail ? has : sql`NOT ${has}`);
  }
  if (conditions.assigned !== null)
    parts.push(conditions.assigned ? sql`d.assigned_user_id IS NOT NULL` : sql`d.assigned_user_id IS NULL`);

  const { owedMin: min, owedMax: max } = conditions;
  let undecided: SQL | null = null;
  if (min !== null || max !== null) {
    const inRange = sql.join(
      [
        ...(min !== null ? [sql`d.balance >= ${min}::numeric`] : []),
        ...(max !== null ? [sql`d.balance <= ${max}::numeric`] : []),
      ],
      sql` AND `,
    );
    // The stored balance counts every row: one dated after the run's day leaves it to the function.
    const later = sql`EXISTS (SELECT 1 FROM ledger_live l WHERE l.debt_id = d.id AND l.date > ${runDate}::date)`;
    // Under RATES the amount owed is the balance plus interest: a balance above the maximum settles
    // it (out); a balance at or above the minimum settles that side (in).
    const ratesIn = max !== null ? sql`d.balance <= ${max}::numeric` : sql`TRUE`;
    parts.push(sql`CASE WHEN ${later} THEN TRUE WHEN ${underRates} THEN ${ratesIn} ELSE ${inRange} END`);
    // What is left: a debt with rows after the day; with a maximum, every debt under RATES (interest
    // may carry it past); with only a minimum, those whose balance is below it.
    undecided = sql`(${later} OR ${max !== null ? underRates : sql`(${underRates} AND d.balance < ${min}::numeric)`})`;
  }
  return { where: sql.join(parts, sql` AND `), undecided };
}

/**
 * Of `ids` (debts SQL could not settle), those whose amount owed on `date` is within the range, by
 * the one function. Read in chunks: a chunk's ledger rows and quotas come in one statement.
 */
export async function owedWithin(
  db: Executor | Db,
  ids: readonly number[],
  conditions: Pick<StrategyConditions, 'owedMin' | 'owedMax'>,
  date: string,
): Promise<Set<number>> {
  const within = new Set<number>();
  for (let at = 0; at < ids.length; at += 2000) {
    for (const row of await readOwedRows(db, ids.slice(at, at + 2000))) {
      const { total } = owedOf(row, date);
      if (conditions.owedMin !== null && compareMoney(total, conditions.owedMin) < 0) continue;
      if (conditions.owedMax !== null && compareMoney(total, conditions.owedMax) > 0) continue;
      within.add(row.id);
    }
  }
  return within;
}
