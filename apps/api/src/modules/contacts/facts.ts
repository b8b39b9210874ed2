import {
  AGENCY_TIME_ZONE,
  agencyClock,
  agencyDayStart,
  type ChannelOwner,
  type ContactChannel,
  type ContactContext,
  insideContactHours,
  nextDay,
  weekStart,
} from '@cobranzas/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../crud';
import { rowsOf } from '../../db/bulk';

/** What the contact rules read of a debt, its debtor, its company and the agency, in one statement. */
interface FactsRow {
  debt_id: number;
  currency: ContactContext['currency'];
  debtor_id: number;
  phone: string | null;
  alt_phone: string | null;
  email: string | null;
  phone_owner: ChannelOwner;
  alt_phone_owner: ChannelOwner;
  email_owner: ChannelOwner;
  phone_closed_on: string | null;
  alt_phone_closed_on: string | null;
  email_closed_on: string | null;
  days: number[];
  hours_from: string;
  hours_to: string;
  company_hours: boolean;
  max_per_day: number | null;
  max_per_week: number | null;
  attempts_today: number;
  attempts_week: number;
  disputed_on: string | null;
}

/** The bounds of today and of this week (from Monday) at the agency, as instants. */
export function attemptWindows(now: Date) {
  const today = agencyClock(now).date;
  return {
    dayStart: agencyDayStart(today),
    weekStart: agencyDayStart(weekStart(today)),
    dayEnd: agencyDayStart(nextDay(today)),
  };
}

/**
 * The debtor's attempts this week and today in one pass over its debts' events (columns `week`,
 * `today`), for a LATERAL: two counts per row would read the same events twice.
 */
export const attemptsSince = (debtorId: unknown, weekFrom: string, dayFrom: string, to: string) =>
  sql`SELECT count(*)::int AS week, (count(*) FILTER (WHERE e.date >= ${dayFrom}))::int AS today
    FROM events e JOIN debts dd ON dd.id = e.debt_id
    WHERE dd.debtor_id = ${debtorId} AND e.channel IS NOT NULL AND e.date >= ${weekFrom} AND e.date < ${to}`;

/**
 * The contact type `userId` logs most among the agency's latest 1 000 events with a channel, else the
 * agency's most common there (a bounded read of the newest events by id: no index on the author).
 */
export async function suggestedEventType(db: Executor, userId: number): Promise<number | null> {
  const [row] = rowsOf<{ id: number }>(
    await db.execute(sql`SELECT e.event_type_id AS id
      FROM (SELECT event_type_id, user_id, channel FROM events ORDER BY id DESC LIMIT 1000) e
      WHERE e.channel IS NOT NULL
      GROUP BY e.event_type_id
      ORDER BY count(*) FILTER (WHERE e.user_id = ${userId}) DESC, count(*) DESC, e.event_type_id
      LIMIT 1`),
  );
  return row?.id ?? null;
}

/** What the rules read of a debt: the dialog's context but the suggestion (read apart, by user). */
export type ContactFacts = Omit<ContactContext, 'suggestedEventTypeId'>;

/** The debt's contact facts, or null when it does not exist. The caller checks who may see it. */
export async function contactFacts(db: Executor, debtId: number, now: Date): Promise<ContactFacts | null> {
  return (await contactFactsOf(db, sql`d.id = ${debtId}`, now)).get(debtId) ?? null;
}

/**
 * The contact facts of many debts in one statement (a strategy's batch: issue 36), by debt id. The
 * debtor's attempts are counted as the rules count them for one contact.
 */
export async function contactFactsOf(
  db: Executor,
  which: SQL,
  now: Date,
): Promise<Map<number, ContactFacts>> {
  const window = attemptWindows(now);
  const rows = rowsOf<FactsRow>(
    await db.execute(sql`SELECT d.id AS debt_id, d.debtor_id, d.currency::text AS currency,
        p.phone, p.alt_phone, p.email, p.phone_owner, p.alt_phone_owner, p.email_owner,
        p.phone_closed_on::text AS phone_closed_on, p.alt_phone_closed_on::text AS alt_phone_closed_on,
        p.email_closed_on::text AS email_closed_on,
        coalesce(c.contact_days, a.contact_days) AS days,
        left(coalesce(c.contact_from, a.contact_from)::text, 5) AS hours_from,
        left(coalesce(c.contact_to, a.contact_to)::text, 5) AS hours_to,
        c.contact_days IS NOT NULL AS company_hours,
        c.max_attempts_per_day AS max_per_day, c.max_attempts_per_week AS max_per_week,
        w.today AS attempts_today, w.week AS attempts_week,
        (SELECT (min(r.created_at) AT TIME ZONE ${AGENCY_TIME_ZONE})::date::text FROM portal_requests r
          WHERE r.debt_id = d.id AND r.kind = 'DISPUTE' AND r.status = 'ABIERTO') AS disputed_on
      FROM debts d
      JOIN debtors p ON p.id = d.debtor_id
      JOIN companies c ON c.id = d.company_id
      CROSS JOIN agency_settings a
      CROSS JOIN LATERAL (${attemptsSince(sql`d.debtor_id`, window.weekStart, window.dayStart, window.dayEnd)}) w
      WHERE ${which} AND a.id = 1`),
  );
  return new Map(rows.map((row) => [row.debt_id, factsOf(row, now)]));
}

function factsOf(row: FactsRow, now: Date): ContactFacts {
  const hours = { days: row.days.map(Number), from: row.hours_from, to: row.hours_to };
  const channel = (
    channel: ContactChannel,
    value: string | null,
    owner: ChannelOwner,
    closedOn: string | null,
  ) => (value?.trim() ? [{ channel, value, owner, closedOn }] : []);
  return {
    debtId: row.debt_id,
    debtorId: row.debtor_id,
    channels: [
      ...channel('PHONE', row.phone, row.phone_owner, row.phone_closed_on),
      ...channel('ALT_PHONE', row.alt_phone, row.alt_phone_owner, row.alt_phone_closed_on),
      ...channel('EMAIL', row.email, row.email_owner, row.email_closed_on),
    ],
    hours,
    companyHours: row.company_hours,
    insideHours: insideContactHours(hours, now),
    currency: row.currency,
    disputedOn: row.disputed_on,
    attempts: {
      today: row.attempts_today,
      week: row.attempts_week,
      maxPerDay: row.max_per_day,
      maxPerWeek: row.max_per_week,
    },
  };
}
