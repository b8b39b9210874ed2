import {
  agencyClock,
  formatMoney,
  MESSAGES,
  QUEUE_STALE_DAYS,
  type QueueItem,
  type QueueReason,
  queueQuerySchema,
  queueResponseSchema,
} from '@cobranzas/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { docsFor, errorResponses } from '../../crud';
import { arrayLiteral, rowsOf } from '../../db/bulk';
import type { Db } from '../../db/client';
import { HttpError } from '../../errors';
import { attemptsOf, attemptWindows } from '../contacts/facts';
import type { DebtsService } from '../debts/service';

/** One debt of the queue as the SQL finds it: the facts its reasons and score come from. */
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

const dayMonth = (iso: string) => iso.split('-').reverse().join('/');

/**
 * The debts of `userId` that need work today, best first (DESIGN.md §10.3; the score in
 * docs/decisions.md «La cola»). One statement: the user's open debts not contacted today, each
 * with its latest promise (broken, or due today), its overdue quotas, its tasks of today and its
 * last contact; those with at least one reason, ordered by score. The last contact, the first unpaid
 * quota, the latest promise's due date and the open phone are the debt's own columns (kept by
 * triggers, migration 0019): the queue reads one index, not 5 000 debts' events, quotas and debtors.
 *
 * Only debts whose debtor can be called now (issue 18, docs/decisions.md «Reglas de contacto»): its
 * company (or the agency) is inside its contact hours — checked once per company, in `callable` —,
 * the debtor has a phone of its own that is not closed (debts.debtor_phone_open), and its attempts today and this week (any of
 * its debts) are under the company's caps, counted only where there is a cap. The page's rows then
 * carry their attempts, counted for those rows alone.
 */
async function queuePage(db: Db, userId: number, page: number, limit: number) {
  const now = new Date();
  const clock = agencyClock(now);
  const today = clock.date;
  const { dayStart, dayEnd, weekStart } = attemptWindows(now);
  // The companies inside their contact hours, first and apart: as a CTE the planner guessed one row
  // and went through the debts once per company (130 ms at 1M debts); as a list it reads the queue index once.
  const callable = rowsOf<{ id: number }>(
    await db.execute(sql`SELECT c.id FROM companies c CROSS JOIN agency_settings a
      WHERE a.id = 1
        AND ${clock.weekday}::int = ANY(coalesce(c.contact_days, a.contact_days))
        AND ${clock.time}::time >= coalesce(c.contact_from, a.contact_from)
        AND ${clock.time}::time < coalesce(c.contact_to, a.contact_to)`),
  ).map((row) => row.id);
  if (callable.length === 0) return [];
  return rowsOf<QueueRow>(
    await db.execute(sql`WITH callable AS MATERIALIZED (
      SELECT c.id, c.promise_grace_days AS grace, c.max_attempts_per_day AS max_day, c.max_attempts_per_week AS max_week
      FROM companies c WHERE c.id = ANY(${arrayLiteral(callable)}::int[])
    ), tasks_today AS MATERIALIZED (
      SELECT t.debt_id, count(*)::int AS n FROM tasks t
      WHERE t.status = 'PENDIENTE' AND t.start >= ${dayStart} AND t.start < ${dayEnd} AND t.debt_id IS NOT NULL
      GROUP BY t.debt_id
    ), mine AS MATERIALIZED (
      SELECT d.id, d.currency, d.balance, d.debtor_id, d.next_quota_due, d.latest_promise_due, cc.grace, cc.max_day, cc.max_week,
        ${today}::date - (d.last_contact_at AT TIME ZONE 'America/Argentina/Buenos_Aires')::date AS days_since_contact
      FROM debts d JOIN callable cc ON cc.id = d.company_id
      WHERE d.assigned_user_id = ${userId}
        AND d.status NOT IN ('CANCELADA', 'ARCHIVADA', 'INCOBRABLE')
        AND d.company_id = ANY(${arrayLiteral(callable)}::int[])
        -- A contact dated ahead hides today's: then count today's (a scalar probe per such debt; as NOT
        -- EXISTS the planner hashed every event of the day with a sequential scan).
        AND (d.last_contact_at IS NULL OR d.last_contact_at < ${dayStart} OR (d.last_contact_at >= ${dayEnd}
          AND (SELECT count(*) FROM events e WHERE e.debt_id = d.id AND e.date >= ${dayStart} AND e.date < ${dayEnd}) = 0))
        AND d.debtor_phone_open
        AND (cc.max_day IS NULL OR ${attemptsOf(sql`d.debtor_id`, dayStart, dayEnd)} < cc.max_day)
        AND (cc.max_week IS NULL OR ${attemptsOf(sql`d.debtor_id`, weekStart, dayEnd)} < cc.max_week)
    ), promised AS (
      -- Only the debts whose latest promise is due by today: a lateral per debt, even one that reads
      -- nothing, cost 5 ms over 5 000 debts.
      SELECT m.id, lp.* FROM mine m CROSS JOIN LATERAL (
        SELECT p.due_date, p.amount, p.due_date + m.grace AS grace_until,
          (SELECT coalesce(sum(x.amount), 0) FROM (
            SELECT pa.amount FROM payments pa WHERE pa.debt_id = m.id AND pa.paid_at BETWEEN p.taken_on AND p.due_date + m.grace
            UNION ALL
            SELECT de.amount FROM deposits de WHERE de.debt_id = m.id AND de.deposited_at BETWEEN p.taken_on AND p.due_date + m.grace
          ) x) AS paid
        FROM promises p WHERE p.debt_id = m.id ORDER BY p.due_date DESC, p.id DESC LIMIT 1
      ) lp
      WHERE m.latest_promise_due <= ${today}::date
    ), facts AS (
      SELECT m.*, lp.due_date AS promise_due, lp.amount AS promise_amount, lp.grace_until, lp.paid AS promise_paid,
        coalesce(tt.n, 0) AS tasks_today, m.next_quota_due < ${today}::date AS overdue
      FROM mine m
      LEFT JOIN tasks_today tt ON tt.debt_id = m.id
      LEFT JOIN promised lp ON lp.id = m.id
    ), reasons AS (
      SELECT f.*,
        (f.promise_due IS NOT NULL AND f.grace_until < ${today}::date AND f.promise_paid < f.promise_amount) AS broken,
        (f.promise_due = ${today}::date AND f.promise_paid < f.promise_amount) AS due_today,
        (f.days_since_contact IS NULL OR f.days_since_contact >= ${QUEUE_STALE_DAYS}) AS stale
      FROM facts f
    ), scored AS (
      -- 2 × floor(log10(balance)), from the digits of its whole part: log() on numeric cost more than the rest.
      SELECT r.*,
        (CASE WHEN r.broken THEN 50 ELSE 0 END + CASE WHEN r.due_today THEN 40 ELSE 0 END
          + CASE WHEN r.overdue THEN 30 ELSE 0 END + CASE WHEN r.tasks_today > 0 THEN 20 ELSE 0 END
          + CASE WHEN r.stale THEN least(coalesce(r.days_since_contact, 30), 30) ELSE 0 END
          + 2 * (length(trunc(greatest(r.balance, 1))::text) - 1)) AS score
      FROM reasons r
      WHERE r.broken OR r.due_today OR r.overdue OR r.tasks_today > 0 OR r.stale
    ), paged AS (
      SELECT s.id, s.currency::text AS currency, s.score, (count(*) OVER ())::int AS total, s.days_since_contact,
        CASE WHEN s.broken THEN s.promise_due::text END AS broken_due,
        CASE WHEN s.broken THEN s.promise_amount::text END AS broken_amount,
        CASE WHEN s.broken THEN s.promise_paid::numeric(15, 2)::text END AS broken_paid,
        CASE WHEN s.due_today THEN s.promise_amount::text END AS today_amount,
        s.overdue, s.tasks_today, s.debtor_id, s.max_day, s.max_week
      FROM scored s ORDER BY s.score DESC, s.id
      LIMIT ${limit} OFFSET ${(page - 1) * limit}
    )
    SELECT g.id, g.currency, g.score, g.total, g.days_since_contact, g.broken_due, g.broken_amount, g.broken_paid,
      g.today_amount, g.tasks_today, g.max_day, g.max_week,
      CASE WHEN g.overdue THEN (SELECT count(*)::int FROM quotas qq WHERE qq.debt_id = g.id
        AND qq.status IN ('PENDIENTE', 'EN_MORA') AND qq.due_date < ${today}::date) ELSE 0 END AS overdue_quotas,
      CASE WHEN g.overdue THEN (SELECT min(qq.due_date)::text FROM quotas qq WHERE qq.debt_id = g.id
        AND qq.status IN ('PENDIENTE', 'EN_MORA')) END AS first_overdue,
      ${attemptsOf(sql`g.debtor_id`, dayStart, dayEnd)} AS attempts_today,
      ${attemptsOf(sql`g.debtor_id`, weekStart, dayEnd)} AS attempts_week
    FROM paged g ORDER BY g.score DESC, g.id`),
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
      const data = rows.flatMap((row) => {
        const debt = byId.get(row.id);
        const attempts = {
          today: row.attempts_today,
          week: row.attempts_week,
          maxPerDay: row.max_day,
          maxPerWeek: row.max_week,
        };
        return debt ? [{ debt, reasons: reasonsOf(row), score: row.score, attempts } as QueueItem] : [];
      });
      return { data, total: rows[0]?.total ?? 0, page, limit };
    },
  );
}
