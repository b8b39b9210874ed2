import {
  type agencyClock,
  describeContactHours,
  NOT_CALLABLE_CODES,
  type NotCallable,
  type NotCallableCode,
  type QueueAlternative,
} from '@cobranzas/shared';
import { type SQL, sql } from 'drizzle-orm';
import { arrayParam, rowsOf } from '../../db/bulk';
import type { Db } from '../../db/client';

/** A company as the queue sees it now: whether its debtors can be called, its hours and caps. */
export interface CompanyNow {
  id: number;
  callable: boolean;
  max_day: number | null;
  max_week: number | null;
  days: number[];
  hours_from: string;
  hours_to: string;
}

/** Every company (its own contact hours or the agency's) read once per call, not per debt. */
export async function companiesNow(db: Db, clock: ReturnType<typeof agencyClock>) {
  return rowsOf<CompanyNow>(
    await db.execute(sql`SELECT c.id, c.max_attempts_per_day AS max_day, c.max_attempts_per_week AS max_week,
        coalesce(c.contact_days, a.contact_days) AS days,
        left(coalesce(c.contact_from, a.contact_from)::text, 5) AS hours_from,
        left(coalesce(c.contact_to, a.contact_to)::text, 5) AS hours_to,
        (${clock.weekday}::int = ANY(coalesce(c.contact_days, a.contact_days))
          AND ${clock.time}::time >= coalesce(c.contact_from, a.contact_from)
          AND ${clock.time}::time < coalesce(c.contact_to, a.contact_to)) AS callable
      FROM companies c CROSS JOIN agency_settings a WHERE a.id = 1`),
  );
}

/**
 * The queue sorts on one number, its rank: the score (1 to under 300) less 1000 × the code's number.
 * Callable debts rank above zero, best first; then those disputed in the portal, those without a
 * phone, those outside their hours, those at a cap, each by score. One sort key and one column: sorting on (callable, score) and
 * carrying the code cost ≈ 1.5 ms more CPU a call at 5 000 debts (+18 %).
 */
export const RANK_STEP = 1000;
export function fromRank(rank: number): { score: number; blocked: number } {
  const blocked = rank > 0 ? 0 : Math.ceil(-rank / RANK_STEP);
  return { score: rank + blocked * RANK_STEP, blocked };
}
export const codeOf = (blocked: number): NotCallableCode | null => NOT_CALLABLE_CODES[blocked - 1] ?? null;

/** The rank of block `code` for `score`: what queue_scores (migration 0045) stores and a page sorts on. */
const blockFloor = (code: NotCallableCode) => -(NOT_CALLABLE_CODES.indexOf(code) + 1) * RANK_STEP;
const OUTSIDE = blockFloor('OUTSIDE_HOURS');

/**
 * The rank now of a stored rank (`q`.rank, `q`.company_id: queue_ranks or queue_scores), whose block
 * already says what does not depend on the hour (disputed, no phone, a cap reached): a debt of a company
 * outside its hours goes to OUTSIDE_HOURS with its score, unless disputed or without a phone (those
 * come first, whatever the hour). A literal where no company is closed: the stored rank is the rank.
 */
export function rankNow(q: SQL, closed: number[]): SQL {
  if (closed.length === 0) return sql`${q}.rank`;
  const step = sql.raw(String(RANK_STEP));
  return sql`CASE WHEN ${q}.rank BETWEEN ${sql.raw(String(blockFloor('NO_PHONE') + 1))} AND -1
      OR NOT (${q}.company_id = ANY(${arrayParam(closed)}::int[])) THEN ${q}.rank
    ELSE ${q}.rank + ${step} * ((${sql.raw(String(RANK_STEP - 1))} - ${q}.rank) / ${step}) ${sql.raw(String(OUTSIDE))} END`;
}

/** Whether a stored rank is callable now (`q` as in rankNow). */
export function callableNow(q: SQL, closed: number[]): SQL {
  return closed.length === 0
    ? sql`${q}.rank > 0`
    : sql`${q}.rank > 0 AND NOT (${q}.company_id = ANY(${arrayParam(closed)}::int[]))`;
}

/**
 * When every company is outside its hours, the order now as ranges of the stored order: the disputed
 * and those without a phone as they are, then the rest (callable, or at a cap) by score in
 * OUTSIDE_HOURS. Each range is read in the index's order and moved by `shift` (rank now = rank + shift).
 */
export function rangesAllClosed(): { from: number; to: number; shift: number }[] {
  const week = blockFloor('ATTEMPTS_PER_WEEK');
  const day = blockFloor('ATTEMPTS_PER_DAY');
  return [
    { from: blockFloor('NO_PHONE') + 1, to: -1, shift: 0 },
    { from: 1, to: RANK_STEP - 1, shift: OUTSIDE },
    { from: week + 1, to: week + RANK_STEP - 1, shift: OUTSIDE - week },
    { from: day + 1, to: day + RANK_STEP - 1, shift: OUTSIDE - day },
  ];
}

/** What the page's row says about its debtor's phones and e-mail (read only for those not callable). */
export interface ChannelFacts {
  company_id: number;
  /** NONE: no phone at all; CLOSED: its own ones closed («No contactar»); OTHERS: only work or third party's. */
  phone_state: 'NONE' | 'CLOSED' | 'OTHERS' | null;
  email_open: boolean | null;
  max_day: number | null;
  max_week: number | null;
}

/** The debtor's phones and e-mail as ChannelFacts wants them, from `debtors dr`. */
export const channelFactsSql = sql`SELECT CASE
    WHEN nullif(trim(dr.phone), '') IS NOT NULL AND dr.phone_owner = 'DEUDOR'
      OR nullif(trim(dr.alt_phone), '') IS NOT NULL AND dr.alt_phone_owner = 'DEUDOR' THEN 'CLOSED'
    WHEN nullif(trim(dr.phone), '') IS NOT NULL OR nullif(trim(dr.alt_phone), '') IS NOT NULL THEN 'OTHERS'
    ELSE 'NONE' END AS phone_state,
  (nullif(trim(dr.email), '') IS NOT NULL AND dr.email_owner = 'DEUDOR' AND dr.email_closed_on IS NULL) AS email_open`;

const times = (n: number, unit: string) => `${n} ${n === 1 ? 'intento' : 'intentos'} por ${unit}`;

/**
 * Why not, in Spanish, and what can still be done (null: callable). A phone the debtor closed is not
 * looked for elsewhere (Ley 6171: no insisting after «no me llamen»); an e-mail is an attempt too, so
 * it is not offered once a cap is reached; a letter has no channel and never counts.
 */
export function notCallableOf(
  row: ChannelFacts,
  blocked: number,
  company: CompanyNow | undefined,
  weekday: number,
): NotCallable | null {
  const code = codeOf(blocked);
  if (code === null) return null;
  const email: QueueAlternative[] = row.email_open ? ['EMAIL'] : [];
  switch (code) {
    case 'NO_PHONE': {
      const label = {
        NONE: 'Sin teléfono disponible',
        CLOSED: 'Sin teléfono disponible: pidió que no lo llamen («No contactar»)',
        OTHERS: 'Sin teléfono propio (solo laboral o de un tercero)',
      }[row.phone_state ?? 'NONE'];
      const find: QueueAlternative[] = row.phone_state === 'CLOSED' ? [] : ['FIND_PHONE'];
      return { code, label, alternatives: [...find, ...email, 'LETTER', 'TASK'] };
    }
    case 'OUTSIDE_HOURS': {
      const hours = company
        ? { days: company.days.map(Number), from: company.hours_from, to: company.hours_to }
        : null;
      const label = !hours
        ? 'Fuera del horario de contacto'
        : hours.days.includes(weekday)
          ? `Fuera del horario de contacto (${hours.from} a ${hours.to})`
          : `Hoy no es día de contacto (${describeContactHours(hours)})`;
      return { code, label, alternatives: ['TASK', ...email, 'LETTER'] };
    }
    case 'ATTEMPTS_PER_WEEK':
      return {
        code,
        label: `Alcanzó el máximo de ${times(row.max_week ?? 0, 'semana')}`,
        alternatives: ['TASK', 'LETTER'],
      };
    case 'ATTEMPTS_PER_DAY':
      return {
        code,
        label: `Alcanzó el máximo de ${times(row.max_day ?? 0, 'día')}`,
        alternatives: ['TASK', 'LETTER'],
      };
    case 'DISPUTED':
      return {
        code,
        label:
          'Desconoció la deuda en el portal: revise su pedido en la ficha de la deuda antes de contactarlo',
        alternatives: ['TASK'],
      };
  }
}
