import {
  agencyClock,
  agencyToday,
  formatMoney,
  MESSAGES,
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
import { arrayLiteral, rowsOf } from '../../db/bulk';
import type { Db } from '../../db/client';
import { HttpError } from '../../errors';
import { attemptsOf, attemptsSince, attemptWindows } from '../contacts/facts';
import { type UpdatedBalanceRow, updatedBalances } from '../debts/balances';
import type { DebtsService } from '../debts/service';

/** One debt of the queue's page as the SQL finds it: the facts its reasons and score come from. */
interface QueueRow {
  id: number;
  currency: 'ARS' | 'USD';
  score: number;
  total: number;
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
  max_day: number | null;
  max_week: number | null;
}

/** A company as the queue sees it now: whether its debtors can be called, and its caps on attempts. */
interface CompanyNow {
  id: number;
  callable: boolean;
  max_day: number | null;
  max_week: number | null;
}

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
 * Only debts whose debtor can be called now (issue 18, docs/decisions.md «Reglas de contacto»): its
 * company (or the agency) is inside its contact hours — read first, per company —, the debtor has a
 * phone of its own that is not closed (debts.debtor_phone_open), and its attempts today and this week
 * (any of its debts) are under the company's caps, counted only for the companies that have a cap.
 * Per-row work is what this costs at 5 000 debts a collector: each filter is left out when it cannot
 * exclude anything (every company callable, no caps).
 */
async function queuePage(db: Db, userId: number, page: number, limit: number) {
  const now = new Date();
  const clock = agencyClock(now);
  const today = clock.date;
  const { dayStart, dayEnd, weekStart } = attemptWindows(now);
  const companies = rowsOf<CompanyNow>(
    await db.execute(sql`SELECT c.id, c.max_attempts_per_day AS max_day, c.max_attempts_per_week AS max_week,
        (${clock.weekday}::int = ANY(coalesce(c.contact_days, a.contact_days))
          AND ${clock.time}::time >= coalesce(c.contact_from, a.contact_from)
          AND ${clock.time}::time < coalesce(c.contact_to, a.contact_to)) AS callable
      FROM companies c CROSS JOIN agency_settings a WHERE a.id = 1`),
  );
  const callable = companies.filter((company) => company.callable);
  if (callable.length === 0) return [];
  const closed = companies.filter((company) => !company.callable).map((company) => company.id);
  const capped = callable
    .filter((company) => company.max_day !== null || company.max_week !== null)
    .map((company) => company.id);
  const onlyCallable =
    closed.length > 0 ? sql`AND d.company_id <> ALL(${arrayLiteral(closed)}::int[])` : sql``;
  const underCaps =
    capped.length > 0
      ? sql`AND (d.company_id <> ALL(${arrayLiteral(capped)}::int[]) OR EXISTS (SELECT 1 FROM companies c
          WHERE c.id = d.company_id
            AND (c.max_attempts_per_day IS NULL OR ${attemptsOf(sql`d.debtor_id`, dayStart, dayEnd)} < c.max_attempts_per_day)
            AND (c.max_attempts_per_week IS NULL OR ${attemptsOf(sql`d.debtor_id`, weekStart, dayEnd)} < c.max_attempts_per_week)))`
      : sql``;
  return rowsOf<QueueRow>(
    await db.execute(sql`WITH scored AS MATERIALIZED (
      SELECT s.id, s.points + s.balance_points AS score FROM (
        SELECT d.id, d.balance_points,
          CASE WHEN d.latest_promise_open_until < ${today}::date THEN 50
            WHEN d.latest_promise_open_until IS NOT NULL AND d.latest_promise_due = ${today}::date THEN 40 ELSE 0 END
          + CASE WHEN d.next_quota_due < ${today}::date THEN 30 ELSE 0 END
          + CASE WHEN d.id IN (SELECT t.debt_id FROM tasks t WHERE t.status = 'PENDIENTE'
              AND t.start >= ${dayStart} AND t.start < ${dayEnd} AND t.debt_id IS NOT NULL) THEN 20 ELSE 0 END
          + CASE WHEN d.last_contact_on IS NULL THEN 30
              WHEN d.last_contact_on <= ${today}::date - ${QUEUE_STALE_DAYS}::int THEN least(${today}::date - d.last_contact_on, 30)
              ELSE 0 END AS points
        FROM debts d
        WHERE d.assigned_user_id = ${userId}
          AND d.status NOT IN ('CANCELADA', 'ARCHIVADA', 'INCOBRABLE')
          AND d.debtor_phone_open
          -- A contact dated ahead hides today's: then count today's (a scalar probe per such debt; as NOT
          -- EXISTS the planner hashed every event of the day with a sequential scan).
          AND (d.last_contact_on IS NULL OR d.last_contact_on < ${today}::date OR (d.last_contact_on > ${today}::date
            AND (SELECT count(*) FROM events e WHERE e.debt_id = d.id AND e.date >= ${dayStart} AND e.date < ${dayEnd}) = 0))
          ${onlyCallable}
          ${underCaps}
        OFFSET 0
      ) s
      WHERE s.points > 0
    ), ranked AS (
      -- The total apart: count(*) OVER () kept every row's window until the end (1 ms of 9).
      SELECT s.id, s.score, (SELECT count(*) FROM scored)::int AS total FROM scored s
      ORDER BY score DESC, s.id
      ${pageClause(page, limit)}
    )
    SELECT r.id, d.currency::text AS currency, r.score, r.total, ${today}::date - d.last_contact_on AS days_since_contact,
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
      c.max_attempts_per_day AS max_day, c.max_attempts_per_week AS max_week
    FROM ranked r
    JOIN debts d ON d.id = r.id
    JOIN companies c ON c.id = d.company_id
    CROSS JOIN LATERAL (${attemptsSince(sql`d.debtor_id`, weekStart, dayStart, dayEnd)}) tried
    LEFT JOIN LATERAL (
      SELECT w.*, w.paid < w.amount AND w.grace_until < ${today}::date AS broken,
        w.paid < w.amount AND w.due_date = ${today}::date AS due_today
      FROM (${latestPromise(sql`d`)}) w WHERE d.latest_promise_due <= ${today}::date
    ) lp ON true
    ORDER BY r.score DESC, r.id`),
  );
}

/** The Spanish reasons of one row, strongest first (the order of the score's weights). */
function reasonsOf(row: QueueRow): QueueReason[] {
  const money = (value: string) => formatMoney(value, row.currency);
  const reasons: QueueReason[] = [];
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
      const rows = await queuePage(db, userId, page, limit);
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
        return debt && total !== undefined
          ? [{ debt, owed: total, reasons: reasonsOf(row), score: row.score, attempts } as QueueItem]
          : [];
      });
      return { data, total: rows[0]?.total ?? 0, page, limit };
    },
  );
}
