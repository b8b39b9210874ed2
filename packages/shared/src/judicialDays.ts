/**
 * Procedural deadlines in judicial working days (issue 37, DESIGN.md §11.6): a term of N days runs
 * on the days the courts of a jurisdiction work — not Saturdays or Sundays, not national holidays,
 * not the court recesses (January, two weeks in winter: dates each jurisdiction sets), not the extra
 * days off its ADMIN records. It starts the working day after the notice (CPCCN art. 156: the day of
 * the notice does not count) and ends at the close of its Nth working day. Pure: the calendar is
 * handed in.
 */
import { addDays } from './dates';

export interface JudicialCalendar {
  /** Days off (YYYY-MM-DD): national holidays and the jurisdiction's extra days. */
  daysOff: ReadonlySet<string>;
  /** Recesses, each from and to (inclusive, YYYY-MM-DD). */
  recesses: readonly { from: string; to: string }[];
}

/** ISO weekday of a YYYY-MM-DD: 1 Monday … 7 Sunday. */
function isoWeekday(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/** Why a day is not a judicial working day, or null when it is one. */
export function dayOffReason(
  date: string,
  calendar: JudicialCalendar,
): 'FIN_DE_SEMANA' | 'FERIADO' | 'FERIA' | null {
  if (isoWeekday(date) >= 6) return 'FIN_DE_SEMANA';
  if (calendar.daysOff.has(date)) return 'FERIADO';
  if (calendar.recesses.some((r) => date >= r.from && date <= r.to)) return 'FERIA';
  return null;
}

export const isJudicialWorkingDay = (date: string, calendar: JudicialCalendar) =>
  dayOffReason(date, calendar) === null;

/** The longest run of days off a calendar can hold (a recess): a guard against an endless loop. */
const MAX_SCAN_DAYS = 3660;

/**
 * The last day of a term of `days` judicial working days notified on `notifiedOn`: the Nth working
 * day after it (the notice's own day never counts). `days` ≥ 1.
 */
export function judicialDeadline(notifiedOn: string, days: number, calendar: JudicialCalendar): string {
  if (!Number.isInteger(days) || days < 1) throw new RangeError('El plazo es de 1 día hábil o más.');
  let date = notifiedOn;
  let counted = 0;
  for (let scanned = 0; counted < days; scanned++) {
    if (scanned > MAX_SCAN_DAYS + days * 7) throw new RangeError('El calendario no tiene días hábiles.');
    date = addDays(date, 1);
    if (isJudicialWorkingDay(date, calendar)) counted++;
  }
  return date;
}

/** The judicial working days from the day after `from` through `to` (0 when `to` ≤ `from`). */
export function judicialDaysBetween(from: string, to: string, calendar: JudicialCalendar): number {
  let count = 0;
  for (let date = addDays(from, 1); date <= to; date = addDays(date, 1))
    if (isJudicialWorkingDay(date, calendar)) count++;
  return count;
}

/**
 * The lawyer's task's note for a deadline: the term, its notice, and that a filing is still in time in
 * the first two hours of the next working day (CPCCN art. 124), which is not a later deadline.
 */
export const deadlineNote = (days: number, notifiedOn: string) =>
  `Plazo de ${days} ${days === 1 ? 'día hábil' : 'días hábiles'} desde la notificación del ${notifiedOn
    .split('-')
    .reverse()
    .join('/')}. Un escrito se puede presentar hasta las dos primeras horas del día hábil siguiente.`;
