import {
  AGENCY_TIME_ZONE,
  agencyClock,
  agencyToday,
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
  blockedCase,
  type ChannelFacts,
  channelFactsSql,
  companiesNow,
  fromRank,
  notCallableOf,
  RANK_STEP,
} from './callable';

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
 * The debts of `userId` that need work today, best first (DESIGN.md §10.3; the score in
 * docs/decisions.md «La cola»). Two passes in one statement:
 * - `scored` scores every open debt of the user from the queue index alone (debts_queue_idx, migrations
 *   0021–0022: the last contact's agency day, the first unpaid quota, the latest promise's due date and
 *   the last day it can be kept while unpaid, and the balance's points are the debt's own columns, kept
 *   by triggers or derived by PostgreSQL). Each reason adds points, so a debt has a reason exactly when
 *   its points (before the balance's) are above zero. A debt contacted today is left out.
 * - the page's rows then read what their reasons say: the promise's figures, the overdue quotas, the
 *   tasks of today and the attempts.
 *
 * A debt that cannot be called now stays (DESIGN.md §11.2, docs/decisions.md «La cola»), after the
 * callable ones, with why (callable.ts): its debtor has no open phone of its own
 * (debts.debtor_phone_open), its company (or the agency) is outside its contact hours — read first,
 * per company —, or a cap of attempts is reached (counted only for the debts that need work, of
 * companies inside their hours that have a cap).
 */
async function queuePage(db: Db, userId: number, page: number, limit: number) {
  const now = new Date();
  const clock = agencyClock(now);
  const today = clock.date;
  const { dayStart, dayEnd, weekStart } = attemptWindows(now);
  const companies = await companiesNow(db, clock);
  const blocked = blockedCase(sql`s`, companies, { weekStart, dayStart, dayEnd });
  const rows = rowsOf<QueueRow>(
    await db.execute(sql`WITH scored AS MATERIALIZED (
      SELECT s.id, s.points + s.balance_points - ${sql.raw(String(RANK_STEP))} * ${blocked} AS rank FROM (
        SELECT d.id, d.balance_points, d.debtor_id, d.company_id, d.debtor_phone_open,
          CASE WHEN d.latest_promise_open_until < ${today}::date THEN 50
            WHEN d.latest_promise_open_until IS NOT NULL AND d.latest_promise_due = ${today}::date THEN 40 ELSE 0 END
          + CASE WHEN d.next_quota_due < ${today}::date THEN 30 ELSE 0 END
          -- Issue 37: a claim about to prescribe is money about to be lost for good.
          + CASE WHEN d.prescribes_on BETWEEN ${today}::date AND ${today}::date + ${PRESCRIPTION_WARNING_DAYS}::int
              THEN 35 ELSE 0 END
          -- What the debtor asked in the portal (issue 34): a dispute to resolve, a call due by today.
          + CASE WHEN d.id IN (SELECT r.debt_id FROM portal_requests r WHERE r.status = 'ABIERTO'
              AND (r.kind = 'DISPUTE' OR r.call_at < ${dayEnd})) THEN 45 ELSE 0 END
          + CASE WHEN d.id IN (SELECT t.debt_id FROM tasks t WHERE t.status = 'PENDIENTE'
              AND t.start >= ${dayStart} AND t.start < ${dayEnd} AND t.debt_id IS NOT NULL) THEN 20 ELSE 0 END
          + CASE WHEN d.last_contact_on IS NULL THEN 30
              WHEN d.last_contact_on <= ${today}::date - ${QUEUE_STALE_DAYS}::int THEN least(${today}::date - d.last_contact_on, 30)
              ELSE 0 END AS points
        FROM debts d
        WHERE d.assigned_user_id = ${userId}
          AND d.status NOT IN ('CANCELADA', 'ARCHIVADA', 'INCOBRABLE')
          -- A contact dated ahead hides today's: then count today's (a scalar probe per such debt; as NOT
          -- EXISTS the planner hashed every event of the day with a sequential scan).
          AND (d.last_contact_on IS NULL OR d.last_contact_on < ${today}::date OR (d.last_contact_on > ${today}::date
            AND (SELECT count(*) FROM events e WHERE e.debt_id = d.id AND e.date >= ${dayStart} AND e.date < ${dayEnd}) = 0))
        OFFSET 0
      ) s
      WHERE s.points > 0
    ), ranked AS (
      -- The totals apart, in one pass: count(*) OVER () kept every row's window until the end (1 ms of
      -- 9); a cross join with them carried both through the sort (0.5 ms).
      SELECT s.id, s.rank, (SELECT ARRAY[count(*), count(*) FILTER (WHERE rank > 0)] FROM scored)::int[] AS totals
      FROM scored s ORDER BY s.rank DESC, s.id
      ${pageClause(page, limit)}
    )
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
      const { rows, companies, weekday } = await queuePage(db, userId, page, limit);
      const companyOf = new Map(companies.map((company) => [company.id, company]));
      const ids = rows.map((row) => row.id);
      // The queue chose these ids within the user's own debts (staff only: no company scope to apply).
      const found = await debtsService.itemsByIds(ids);
      const byId = new Map(found.map((debt) => [(debt as { id: number }).id, debt]));
      // The screen shows what each debt owes today, the same figure as its file (DESIGN.md §11.1).
      const owed = await updatedBalances(db, found as unknown as UpdatedBalanceRow[], agencyToday());
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
