import { agencyDayStart, agencyToday, type CollectionDay, nextDay } from '@cobranzas/shared';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/bulk';
import type { Db } from '../db/client';
import { promiseGraceUntil, promiseStatus } from '../modules/promises';
import { cents, money, percent } from './decimal';

/** How far back the dashboard counts broken promises: the ones a collector can still recover. */
export const BROKEN_PROMISES_DAYS = 30;

interface Params {
  /** null: every company. */
  companyId: number | null;
  currency: 'ARS' | 'USD';
  /** The collectors' figures (an ADMIN's dashboard only). */
  withCollectors: boolean;
}

const daysBefore = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
};

/**
 * The collectors' day on the dashboard (issue 18): promises due today, promises broken in the last
 * 30 days, and for an ADMIN each collector's contacts (today, this month), promises taken this month
 * and how many were kept, and what came in this month on the debts assigned to them. Amounts of one
 * currency, as the rest of the dashboard.
 */
export async function collectionDay(
  db: Db,
  { companyId, currency, withCollectors }: Params,
  now = new Date(),
): Promise<CollectionDay> {
  const today = agencyToday(now);
  const monthFrom = `${today.slice(0, 8)}01`;
  const since = daysBefore(today, BROKEN_PROMISES_DAYS);
  const ofCompany = companyId === null ? sql`true` : sql`debts.company_id = ${companyId}`;
  // A window ends at most 60 grace days after its due date: older promises cannot count.
  const promisesRead = db.execute(sql`SELECT
      count(*) FILTER (WHERE promises.due_date = ${today}::date)::int AS today_count,
      coalesce(sum(promises.amount) FILTER (WHERE promises.due_date = ${today}::date), 0)::text AS today_amount,
      count(*) FILTER (WHERE broken)::int AS broken_count,
      coalesce(sum(promises.amount) FILTER (WHERE broken), 0)::text AS broken_amount
    FROM promises JOIN debts ON debts.id = promises.debt_id JOIN companies ON companies.id = debts.company_id,
      LATERAL (SELECT ${promiseGraceUntil} BETWEEN ${since}::date AND ${daysBefore(today, 1)}::date
        AND ${promiseStatus} IN ('INCUMPLIDA', 'PARCIAL') AS broken) b
    WHERE promises.due_date >= ${daysBefore(since, 60)}::date AND debts.currency = ${currency} AND ${ofCompany}`);
  const [promisesRow] = rowsOf<{
    today_count: number;
    today_amount: string;
    broken_count: number;
    broken_amount: string;
  }>(await promisesRead);
  return {
    today,
    monthFrom,
    promisesToday: {
      count: promisesRow?.today_count ?? 0,
      amount: money(cents(promisesRow?.today_amount)),
    },
    promisesBroken: {
      count: promisesRow?.broken_count ?? 0,
      amount: money(cents(promisesRow?.broken_amount)),
      since,
    },
    collectors: withCollectors ? await collectorFigures(db, { companyId, currency, today, monthFrom }) : null,
  };
}

interface CollectorRow {
  id: number;
  name: string;
  contacts_today: number;
  contacts_month: number;
  taken: number;
  kept: number;
  decided: number;
  collected: string;
}

/** Every active staff member, and anyone else with work this month, in one statement. */
async function collectorFigures(
  db: Db,
  {
    companyId,
    currency,
    today,
    monthFrom,
  }: { companyId: number | null; currency: string; today: string; monthFrom: string },
) {
  const ofCompany = companyId === null ? sql`true` : sql`debts.company_id = ${companyId}`;
  const monthStart = agencyDayStart(monthFrom);
  const rows = rowsOf<CollectorRow>(
    await db.execute(sql`WITH contacts AS (
        SELECT events.user_id,
          count(*) FILTER (WHERE events.date >= ${agencyDayStart(today)}::timestamptz)::int AS today,
          count(*)::int AS month
        FROM events JOIN debts ON debts.id = events.debt_id
        WHERE events.date >= ${monthStart}::timestamptz AND events.date < ${agencyDayStart(nextDay(today))}::timestamptz
          AND ${ofCompany}
        GROUP BY events.user_id
      ), promised AS (
        SELECT promises.user_id, count(*)::int AS taken,
          count(*) FILTER (WHERE s.status = 'CUMPLIDA')::int AS kept,
          count(*) FILTER (WHERE s.status <> 'PENDIENTE')::int AS decided
        FROM promises JOIN debts ON debts.id = promises.debt_id JOIN companies ON companies.id = debts.company_id,
          LATERAL (SELECT ${promiseStatus} AS status) s
        WHERE promises.taken_on >= ${monthFrom}::date AND ${ofCompany}
        GROUP BY promises.user_id
      ), money AS (
        SELECT debts.assigned_user_id AS user_id, sum(m.amount) AS collected
        FROM ledger_live m JOIN debts ON debts.id = m.debt_id
        WHERE m.kind IN ('PAYMENT', 'DEPOSIT') AND m.date BETWEEN ${monthFrom}::date AND ${today}::date
          AND debts.currency = ${currency} AND debts.assigned_user_id IS NOT NULL AND ${ofCompany}
        GROUP BY debts.assigned_user_id
      )
      SELECT users.id, users.name,
        coalesce(contacts.today, 0) AS contacts_today, coalesce(contacts.month, 0) AS contacts_month,
        coalesce(promised.taken, 0) AS taken, coalesce(promised.kept, 0) AS kept,
        coalesce(promised.decided, 0) AS decided, coalesce(money.collected, 0)::text AS collected
      FROM users JOIN user_types ON user_types.id = users.user_type_id
        LEFT JOIN contacts ON contacts.user_id = users.id
        LEFT JOIN promised ON promised.user_id = users.id
        LEFT JOIN money ON money.user_id = users.id
      WHERE user_types.role <> 'CLIENTE'
        AND (users.active OR contacts.user_id IS NOT NULL OR promised.user_id IS NOT NULL OR money.user_id IS NOT NULL)
      ORDER BY users.name, users.id`),
  );
  return rows.map((row) => ({
    userId: row.id,
    name: row.name,
    contactsToday: row.contacts_today,
    contactsMonth: row.contacts_month,
    promisesTaken: row.taken,
    promisesKept: row.kept,
    promisesDecided: row.decided,
    keptPercent: row.decided > 0 ? percent(BigInt(row.kept), BigInt(row.decided)) : null,
    collected: money(cents(row.collected)),
  }));
}
