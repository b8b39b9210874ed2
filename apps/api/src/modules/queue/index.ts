import {
  AGENCY_TIME_ZONE,
  agencyClock,
  formatMoney,
  MESSAGES,
  PRESCRIPTION_WARNING_DAYS,
  QUEUE_STALE_DAYS,
  type QueueItem,
  type QueueReason,
  queueQuerySchema,
  queueResponseSchema,
} from '@cobranzas/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { docsFor, errorResponses } from '../../crud';
import { rowsOf } from '../../db/bulk';
import type { Db } from '../../db/client';
import { HttpError } from '../../errors';
import { attemptsSince, attemptWindows } from '../contacts/facts';
import { type UpdatedBalanceRow, updatedBalances } from '../debts/balances';
import type { DebtsService } from '../debts/service';
import {
  type ChannelFacts,
  callableNow,
  channelFactsSql,
  companiesNow,
  fromRank,
  notCallableOf,
  rangesAllClosed,
  rankNow,
} from './callable';
import { scheduleQueueRanks } from './ranks';

/** One debt of the queue's page as the SQL finds it: the facts its reasons and score come from. */
interface QueueRow extends ChannelFacts {
  id: number;
  currency: 'ARS' | 'USD';
  /** The score, less RANK_STEP × why it cannot be called now (callable.ts). */
  rank: number;
  total: number;
  callable_total: number;
  days_since_contact: number | null;
  broken_due: string | null;
  broken_amount: string | null;
  broken_paid: string | null;
  today_amount: string | null;
  overdue_quotas: number;
  first_overdue: string | null;
  tasks_today: number;
  attempts_today: number;
  attempts_week: number;
  /** An open dispute from the portal: the debtor's reason. */
  dispute: string | null;
  /** The first open callback due by today: when (dd/mm hh:mm), where and about what. */
  callback: { at: string; phone: string; note: string | null } | null;
  /** The day its claim prescribes, when within PRESCRIPTION_WARNING_DAYS (issue 37). */
  prescribes_on: string | null;
}

/** A debtor's text in a reason: one line, at most 120 characters. */
const clip = (text: string) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
};

const dayMonth = (iso: string) => iso.split('-').reverse().join('/');

/**
 * LIMIT and OFFSET written into the statement: as parameters, PostgreSQL's cost of a generic plan
 * (some limit) never beat the custom ones, and it planned every call anew (1.3 of 4.4 ms). Each page
 * and size is then its own named statement: the first pages are nearly all that is asked for.
 */
function pageClause(page: number, limit: number) {
  if (!Number.isSafeInteger(page) || !Number.isSafeInteger(limit) || page < 1 || limit < 1)
    throw new Error(`Página inválida: ${page}, ${limit}`);
  return sql.raw(`LIMIT ${limit} OFFSET ${(page - 1) * limit}`);
}

/**
 * The debt's latest promise with what was paid in its window (payments and deposits dated from the day
 * it was taken to its due date plus the company's grace days): due_date, amount, grace_until, paid.
 */
const latestPromise = (debt: SQL) => sql`SELECT p.due_date, p.amount, p.due_date + g.grace AS grace_until,
    (SELECT coalesce(sum(x.amount), 0) FROM ledger_live x WHERE x.debt_id = ${debt}.id
      AND x.kind IN ('PAYMENT', 'DEPOSIT') AND x.date BETWEEN p.taken_on AND p.due_date + g.grace) AS paid
  FROM promises p CROSS JOIN (SELECT c.promise_grace_days AS grace FROM companies c WHERE c.id = ${debt}.company_id) g
  WHERE p.debt_id = ${debt}.id ORDER BY p.due_date DESC, p.id DESC LIMIT 1`;

/**
 * The page's ids and ranks now, best first, with the totals (`ranked`: id, rank, totals), from the
 * day's stored ranks (queue_ranks, migration 0045): an index scan of the collector's rows when no
 * company is outside its hours, four ranges of it merged when all are; only when some are and some
 * are not is each stored rank moved (a pass over the collector's rows, not a scoring).
 */
function storedRanks(userId: number, closed: number[], allClosed: boolean, page: number, limit: number) {
  const mine = sql`q.assigned_user_id = ${userId}`;
  // Index-only counts of the collector's rows: all of them, and those callable now.
  const callable = allClosed ? sql`0` : sql`count(*) FILTER (WHERE ${callableNow(sql`q`, closed)})`;
  const totals = sql`(SELECT ARRAY[count(*), ${callable}] FROM queue_ranks q WHERE ${mine})::int[]`;
  if (closed.length === 0)
    return sql`ranked AS (
      SELECT q.debt_id AS id, q.rank, ${totals} AS totals FROM queue_ranks q WHERE ${mine}
      ORDER BY q.rank DESC, q.debt_id ${pageClause(page, limit)})`;
  if (allClosed) {
    // Each range's first page × limit rows are enough for any page up to it.
    const enough = sql.raw(`LIMIT ${page * limit}`);
    const ranges = rangesAllClosed().map(
      ({ from, to, shift }) => sql`(SELECT q.debt_id AS id, q.rank + ${sql.raw(String(shift))} AS rank
        FROM queue_ranks q WHERE ${mine} AND q.rank BETWEEN ${sql.raw(String(from))} AND ${sql.raw(String(to))}
        ORDER BY q.rank DESC, q.debt_id ${enough})`,
    );
    return sql`ranked AS (
      SELECT m.id, m.rank, ${totals} AS totals FROM (${sql.join(ranges, sql` UNION ALL `)}) m
      ORDER BY m.rank DESC, m.id ${pageClause(page, limit)})`;
  }
  return sql`ranked AS (
    SELECT q.debt_id AS id, ${rankNow(sql`q`, closed)} AS rank, ${totals} AS totals FROM queue_ranks q WHERE ${mine}
    ORDER BY 2 DESC, 1 ${pageClause(page, limit)})`;
}

/**
 * The same from the score computed now (queue_scores): the day's first calls, before queue_ranks
 * holds today (a refresh runs at the day's first look, modules/queue/ranks.ts).
 */
function scoredRanks(userId: number, today: string, closed: number[], page: number, limit: number) {
  return sql`scored AS MATERIALIZED (
      SELECT s.debt_id AS id, ${rankNow(sql`s`, closed)} AS rank FROM queue_scores(${today}::date) s
      WHERE s.assigned_user_id = ${userId}
    ), ranked AS (
      -- The totals apart, in one pass: count(*) OVER () kept every row's window until the end.
      SELECT s.id, s.rank, (SELECT ARRAY[count(*), count(*) FILTER (WHERE rank > 0)] FROM scored)::int[] AS totals
      FROM scored s ORDER BY s.rank DESC, s.id
      ${pageClause(page, limit)}
    )`;
}

/**
 * The debts of `userId` that need work today, best first (DESIGN.md §10.3; the score in
 * docs/decisions.md «La cola» and queue_scores, migration 0045). The ranks come from the day's
 * queue_ranks when it holds today (`stored`), else from the score computed now; then the page's rows
 * read what their reasons say: the promise's figures, the overdue quotas, the tasks of today and the
 * attempts.
 *
 * A debt that cannot be called now stays (DESIGN.md §11.2, docs/decisions.md «La cola»), after the
 * callable ones, with why (callable.ts): disputed in the portal, its debtor without an open phone of
 * its own, a cap of attempts reached (all three in the stored rank), or its company (or the agency)
 * outside its contact hours (the hour's, read per company and applied here).
 */
async function queuePage(
  db: Db,
  userId: number,
  { page, limit, stored, now }: { page: number; limit: number; stored: boolean; now: Date },
) {
  const clock = agencyClock(now);
  const today = clock.date;
  const { dayStart, dayEnd, weekStart } = attemptWindows(now);
  const companies = await companiesNow(db, clock);
  const closed = companies.filter((company) => !company.callable).map((company) => company.id);
  const ranked = stored
    ? storedRanks(userId, closed, closed.length === companies.length, page, limit)
    : scoredRanks(userId, today, closed, page, limit);
  const rows = rowsOf<QueueRow>(
    await db.execute(sql`WITH ${ranked}
    SELECT r.id, d.currency::text AS currency, r.rank, r.totals[1] AS total, r.totals[2] AS callable_total,
      d.company_id, f.phone_state, f.email_open, ${today}::date - d.last_contact_on AS days_since_contact,
      CASE WHEN lp.broken THEN lp.due_date::text END AS broken_due,
      CASE WHEN lp.broken THEN lp.amount::text END AS broken_amount,
      CASE WHEN lp.broken THEN lp.paid::numeric(15, 2)::text END AS broken_paid,
      CASE WHEN lp.due_today THEN lp.amount::text END AS today_amount,
      CASE WHEN d.next_quota_due < ${today}::date THEN (SELECT count(*)::int FROM quotas qq WHERE qq.debt_id = d.id
        AND qq.status IN ('PENDIENTE', 'EN_MORA') AND qq.due_date < ${today}::date) ELSE 0 END AS overdue_quotas,
      CASE WHEN d.next_quota_due < ${today}::date THEN d.next_quota_due::text END AS first_overdue,
      (SELECT count(*)::int FROM tasks t WHERE t.debt_id = d.id AND t.status = 'PENDIENTE'
        AND t.start >= ${dayStart} AND t.start < ${dayEnd}) AS tasks_today,
      tried.today AS attempts_today, tried.week AS attempts_week,
      (SELECT r.text FROM portal_requests r WHERE r.debt_id = d.id AND r.kind = 'DISPUTE' AND r.status = 'ABIERTO'
        LIMIT 1) AS dispute,
      (SELECT json_build_object('at', to_char(r.call_at AT TIME ZONE ${AGENCY_TIME_ZONE}, 'DD/MM HH24:MI'),
          'phone', r.phone, 'note', r.text)
        FROM portal_requests r WHERE r.debt_id = d.id AND r.kind = 'CALLBACK' AND r.status = 'ABIERTO'
          AND r.call_at < ${dayEnd} ORDER BY r.call_at LIMIT 1) AS callback,
      CASE WHEN d.prescribes_on BETWEEN ${today}::date AND ${today}::date + ${PRESCRIPTION_WARNING_DAYS}::int
        THEN d.prescribes_on::text END AS prescribes_on,
      c.max_attempts_per_day AS max_day, c.max_attempts_per_week AS max_week
    FROM ranked r
    JOIN debts d ON d.id = r.id
    LEFT JOIN LATERAL (${channelFactsSql} FROM debtors dr WHERE dr.id = d.debtor_id AND r.rank < 0) f ON true
    JOIN companies c ON c.id = d.company_id
    CROSS JOIN LATERAL (${attemptsSince(sql`d.debtor_id`, weekStart, dayStart, dayEnd)}) tried
    LEFT JOIN LATERAL (
      SELECT w.*, w.paid < w.amount AND w.grace_until < ${today}::date AS broken,
        w.paid < w.amount AND w.due_date = ${today}::date AS due_today
      FROM (${latestPromise(sql`d`)}) w WHERE d.latest_promise_due <= ${today}::date
    ) lp ON true
    ORDER BY r.rank DESC, r.id`),
  );
  return { rows, companies, weekday: clock.weekday };
}

/** The Spanish reasons of one row, strongest first (the order of the score's weights). */
function reasonsOf(row: QueueRow): QueueReason[] {
  const money = (value: string) => formatMoney(value, row.currency);
  const reasons: QueueReason[] = [];
  if (row.dispute !== null)
    reasons.push({ code: 'DESCONOCE_DEUDA', label: `Desconoce la deuda (portal): «${clip(row.dispute)}»` });
  if (row.callback)
    reasons.push({
      code: 'PEDIDO_LLAMADA',
      label: `Pidió que lo llamen el ${row.callback.at} al ${row.callback.phone}${
        row.callback.note ? `: «${clip(row.callback.note)}»` : ''
      }`,
    });
  if (row.broken_due && row.broken_amount)
    reasons.push({
      code: 'PROMESA_INCUMPLIDA',
      label:
        row.broken_paid && row.broken_paid !== '0.00'
          ? `Promesa del ${dayMonth(row.broken_due)} cumplida en parte (${money(row.broken_paid)} de ${money(row.broken_amount)})`
          : `Promesa incumplida del ${dayMonth(row.broken_due)} (${money(row.broken_amount)})`,
    });
  if (row.today_amount)
    reasons.push({ code: 'PROMESA_HOY', label: `Promesa de ${money(row.today_amount)} que vence hoy` });
  if (row.prescribes_on)
    reasons.push({ code: 'PRESCRIBE_PRONTO', label: `Prescribe el ${dayMonth(row.prescribes_on)}` });
  if (row.overdue_quotas > 0)
    reasons.push({
      code: 'CUOTA_VENCIDA',
      label:
        row.overdue_quotas === 1
          ? `Cuota vencida el ${dayMonth(row.first_overdue ?? '')}`
          : `${row.overdue_quotas} cuotas vencidas desde el ${dayMonth(row.first_overdue ?? '')}`,
    });
  if (row.tasks_today > 0)
    reasons.push({
      code: 'TAREA_HOY',
      label: row.tasks_today === 1 ? 'Tarea para hoy' : `${row.tasks_today} tareas para hoy`,
    });
  if (row.days_since_contact === null) reasons.push({ code: 'SIN_CONTACTO', label: 'Nunca contactada' });
  else if (row.days_since_contact >= QUEUE_STALE_DAYS)
    reasons.push({ code: 'SIN_CONTACTO', label: `Sin contacto hace ${row.days_since_contact} días` });
  return reasons;
}

/**
 * GET /api/queue (DESIGN.md §10.3, contract): staff only (a CLIENTE 403); a GENERAL sees its own
 * queue, an ADMIN anyone's (`?userId=`).
 */
export function queueModule(app: FastifyInstance, db: Db, debtsService: DebtsService) {
  const ranks = scheduleQueueRanks(app, db);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/queue',
    {
      config: { access: 'authenticated' },
      schema: {
        ...docsFor('cola de trabajo'),
        summary:
          'La cola del cobrador: las deudas que necesitan gestión hoy, la mejor primero, con sus motivos',
        querystring: queueQuerySchema,
        response: { 200: queueResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { user } = request;
      const { page, limit } = request.query;
      const userId = request.query.userId ?? user.sub;
      if (user.type === 'CLIENTE' || (userId !== user.sub && user.type !== 'ADMIN'))
        throw new HttpError(403, MESSAGES.forbidden);
      // One instant for the whole page: the stored ranks are read only when they hold its day.
      const now = new Date();
      const stored = await ranks.freshFor(agencyClock(now).date);
      const { rows, companies, weekday } = await queuePage(db, userId, { page, limit, stored, now });
      const companyOf = new Map(companies.map((company) => [company.id, company]));
      const ids = rows.map((row) => row.id);
      // The queue chose these ids within the user's own debts (staff only: no company scope to apply).
      const found = await debtsService.itemsByIds(ids);
      const byId = new Map(found.map((debt) => [(debt as { id: number }).id, debt]));
      // The screen shows what each debt owes today, the same figure as its file (DESIGN.md §11.1).
      const owed = await updatedBalances(db, found as unknown as UpdatedBalanceRow[], agencyClock(now).date);
      const data = rows.flatMap((row) => {
        const debt = byId.get(row.id);
        const attempts = {
          today: row.attempts_today,
          week: row.attempts_week,
          maxPerDay: row.max_day,
          maxPerWeek: row.max_week,
        };
        const total = owed.get(row.id);
        const { score, blocked } = fromRank(row.rank);
        const notCallable = notCallableOf(row, blocked, companyOf.get(row.company_id), weekday);
        const item = { debt, owed: total, reasons: reasonsOf(row), score, attempts };
        return debt && total !== undefined
          ? [{ ...item, callableNow: notCallable === null, notCallable } as QueueItem]
          : [];
      });
      const [first] = rows;
      return { data, total: first?.total ?? 0, callableTotal: first?.callable_total ?? 0, page, limit };
    },
  );
}
