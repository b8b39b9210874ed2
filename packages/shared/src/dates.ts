/**
 * Calendar dates as YYYY-MM-DD strings (DESIGN.md §7). Arithmetic on the year/month/day numbers in
 * UTC, so no time zone or daylight-saving change ever shifts a date.
 */

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The agency works in Argentina (UTC−3, no daylight saving since 2009). */
export const AGENCY_UTC_OFFSET = '-03:00';
/** The same zone by name, for Intl formatting (dates and times on screen and in files). */
export const AGENCY_TIME_ZONE = 'America/Argentina/Buenos_Aires';

function parts(date: string): [number, number, number] {
  const match = DATE_PATTERN.exec(date);
  if (!match) throw new RangeError(`Fecha inválida: ${date}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const format = (y: number, m: number, d: number) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const daysInMonth = (year: number, month: number) =>
  month === 2 && isLeap(year) ? 29 : (MONTH_DAYS[month - 1] as number);

/** Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil). */
function dayNumber(y: number, m: number, d: number): number {
  const year = m <= 2 ? y - 1 : y;
  const era = Math.floor(year / 400);
  const yoe = year - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

/** `date` plus `months` months; a day past the new month's end is clamped (Jan 31 + 1 → Feb 28). */
export function addMonthsClamped(date: string, months: number): string {
  const [year, month, day] = parts(date);
  const index = year * 12 + (month - 1) + months;
  const newYear = Math.floor(index / 12);
  const newMonth = (index % 12) + 1;
  return format(newYear, newMonth, Math.min(day, daysInMonth(newYear, newMonth)));
}

/**
 * Due dates of a plan of `count` monthly installments from `first`. Each is computed from the first
 * date (not from the previous one), so Jan 31 gives Feb 28, Mar 31, Apr 30…
 */
export function monthlyDueDates(first: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addMonthsClamped(first, i));
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(...parts(to)) - dayNumber(...parts(from));
}

/** Today's date at the agency (UTC−3), or of the given instant. */
export function agencyToday(now: Date = new Date()): string {
  const shifted = new Date(now.getTime() - 3 * 3_600_000);
  return format(shifted.getUTCFullYear(), shifted.getUTCMonth() + 1, shifted.getUTCDate());
}

/** The instant a calendar day starts at the agency: "2024-05-01" → "2024-05-01T00:00:00-03:00". */
export function agencyDayStart(date: string): string {
  parts(date);
  return `${date}T00:00:00${AGENCY_UTC_OFFSET}`;
}

/** `date` plus `days` days (minus, when negative). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = parts(date);
  const moved = new Date(Date.UTC(y, m - 1, d + days));
  return format(moved.getUTCFullYear(), moved.getUTCMonth() + 1, moved.getUTCDate());
}

/** The day after `date`. */
export function nextDay(date: string): string {
  const [y, m, d] = parts(date);
  if (d < daysInMonth(y, m)) return format(y, m, d + 1);
  return m < 12 ? format(y, m + 1, 1) : format(y + 1, 1, 1);
}

const dayTime = (seconds: boolean) =>
  new Intl.DateTimeFormat('es-AR', {
    timeZone: AGENCY_TIME_ZONE,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    ...(seconds ? { second: '2-digit' as const } : {}),
    hourCycle: 'h23',
  });
const DAY_TIME = dayTime(false);
const DAY_TIME_SECONDS = dayTime(true);

/** An instant on the agency's clock: «30/11/2026 10:30» (or «30/11/2026 10:30:05»). */
export const agencyDayTime = (instant: Date, seconds = false) =>
  (seconds ? DAY_TIME_SECONDS : DAY_TIME).format(instant).replace(',', '');
