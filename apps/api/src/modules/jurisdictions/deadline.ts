import { addDays, JURISDICTION_MESSAGES, judicialDeadline } from '@cobranzas/shared';
import type { Executor } from '../../crud';
import { badRequest } from '../../errors';
import { calendarOf } from './calendar';

const isWeekend = (date: string) => {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 || day === 6;
};

/** The longest a calendar is read for: ten years of days off is a calendar with no working days. */
const MAX_WINDOW_DAYS = 3660;

/**
 * The last day of a term of `days` judicial working days from a notice on `from`, on the
 * jurisdiction's calendar, and the days off it skipped (a day off on a weekend skips nothing). The
 * calendar is read for a window — three calendar days per working day and half a year — and read
 * again twice as long while the deadline falls past it (days past the window would count as working).
 */
export async function deadlineOn(db: Executor, jurisdictionId: number, from: string, days: number) {
  for (let span = days * 3 + 180; ; span *= 2) {
    const end = addDays(from, span);
    const { calendar, named } = await calendarOf(db, jurisdictionId, from, end);
    let deadline: string;
    try {
      deadline = judicialDeadline(from, days, calendar);
    } catch {
      throw badRequest('days', JURISDICTION_MESSAGES.noWorkingDays);
    }
    if (deadline > end && span < MAX_WINDOW_DAYS) continue;
    if (deadline > end) throw badRequest('days', JURISDICTION_MESSAGES.noWorkingDays);
    return { deadlineOn: deadline, skipped: skippedDays(named, from, deadline) };
  }
}

function skippedDays(named: Awaited<ReturnType<typeof calendarOf>>['named'], from: string, deadline: string) {
  return named
    .filter((d) => d.to > from && d.from <= deadline && !(d.from === d.to && isWeekend(d.from)))
    .sort((a, b) => a.from.localeCompare(b.from))
    .map((d) => ({ date: d.from === d.to ? d.from : `${d.from}/${d.to}`, kind: d.kind, name: d.name }));
}
