/**
 * When a debtor may be called (issue 18, docs/decisions.md «Reglas de contacto»): contact hours are
 * ISO weekdays (1 Monday … 7 Sunday) and a span [from, to) of "HH:MM" in agency time (UTC−3, no
 * daylight saving: dates.ts). `to` may be "24:00", the end of the day. Minutes count: with the default
 * 08:00–20:00, 19:59 is inside and 20:00 is not.
 */
import { agencyToday } from './dates';
import { MESSAGES } from './messages';

export interface ContactHours {
  /** ISO weekdays, 1 Monday … 7 Sunday. */
  days: readonly number[];
  /** "HH:MM", inclusive. */
  from: string;
  /** "HH:MM" (or "24:00"), exclusive. */
  to: string;
}

/** The agency's default (migration 0016): Monday to Friday, 8 to 20 h. */
export const DEFAULT_CONTACT_HOURS: ContactHours = { days: [1, 2, 3, 4, 5], from: '08:00', to: '20:00' };

export const ISO_WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** Short names for checkboxes and long ones for sentences, by ISO weekday. */
export const WEEKDAY_SHORT: Record<number, string> = {
  1: 'Lun',
  2: 'Mar',
  3: 'Mié',
  4: 'Jue',
  5: 'Vie',
  6: 'Sáb',
  7: 'Dom',
};
const WEEKDAY_LONG: Record<number, string> = {
  1: 'lunes',
  2: 'martes',
  3: 'miércoles',
  4: 'jueves',
  5: 'viernes',
  6: 'sábados',
  7: 'domingos',
};

/** "HH:MM", with "24:00" as the end of the day. */
export const TIME_OF_DAY = /^(?:(?:[01]\d|2[0-3]):[0-5]\d|24:00)$/;

/** A time as PostgreSQL answers it ("08:00:00") → "08:00". */
export const hoursAndMinutes = (time: string) => time.slice(0, 5);

const pad = (n: number) => String(n).padStart(2, '0');

/** The agency's clock at an instant: its date, ISO weekday and "HH:MM". */
export function agencyClock(now: Date = new Date()): { date: string; weekday: number; time: string } {
  const shifted = new Date(now.getTime() - 3 * 3_600_000);
  return {
    date: agencyToday(now),
    weekday: shifted.getUTCDay() === 0 ? 7 : shifted.getUTCDay(),
    time: `${pad(shifted.getUTCHours())}:${pad(shifted.getUTCMinutes())}`,
  };
}

/** Whether `now` falls inside the contact hours, on the agency's clock. */
export function insideContactHours(hours: ContactHours, now: Date = new Date()): boolean {
  const { weekday, time } = agencyClock(now);
  return hours.days.includes(weekday) && time >= hours.from && time < hours.to;
}

/** The Monday of the agency week that holds `date` (YYYY-MM-DD): weekly caps count from it. */
export function weekStart(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  const weekday = day.getUTCDay() === 0 ? 7 : day.getUTCDay();
  day.setUTCDate(day.getUTCDate() - (weekday - 1));
  return day.toISOString().slice(0, 10);
}

/** «de lunes a viernes», «lunes, miércoles y viernes», «todos los días». */
export function describeDays(days: readonly number[]): string {
  const sorted = [...new Set(days)].filter((d) => d >= 1 && d <= 7).sort((a, b) => a - b);
  if (sorted.length === 7) return 'todos los días';
  if (sorted.length === 0) return 'ningún día';
  const first = sorted[0] as number;
  const last = sorted[sorted.length - 1] as number;
  if (sorted.length >= 3 && last - first === sorted.length - 1)
    return `de ${WEEKDAY_LONG[first]} a ${WEEKDAY_LONG[last]}`;
  const names = sorted.map((d) => WEEKDAY_LONG[d]);
  return names.length === 1 ? `los ${names[0]}` : `${names.slice(0, -1).join(', ')} y ${names.at(-1)}`;
}

/** «de lunes a viernes, de 08:00 a 20:00». */
export function describeContactHours(hours: ContactHours): string {
  return `${describeDays(hours.days)}, de ${hours.from} a ${hours.to}`;
}

/**
 * A company's override is all three fields or none (null: the agency's hours), and ends after it
 * starts: the field and Spanish message of what is wrong, or null.
 */
export function contactHoursProblem(values: {
  contactDays?: readonly number[] | null | undefined;
  contactFrom?: string | null | undefined;
  contactTo?: string | null | undefined;
}): { field: 'contactDays' | 'contactFrom' | 'contactTo'; message: string } | null {
  const { contactDays, contactFrom, contactTo } = values;
  const none = [contactDays, contactFrom, contactTo].every((v) => v === null || v === undefined);
  if (none) return null;
  if (!contactDays || contactDays.length === 0)
    return { field: 'contactDays', message: MESSAGES.contactDaysRequired };
  if (!contactFrom) return { field: 'contactFrom', message: MESSAGES.contactFromRequired };
  if (!contactTo) return { field: 'contactTo', message: MESSAGES.contactToRequired };
  if (contactFrom >= contactTo) return { field: 'contactTo', message: MESSAGES.contactHoursOrder };
  return null;
}
