import { addDays, JURISDICTION_MESSAGES, judicialDeadline } from '@cobranzas/shared';
import type { Executor } from '../../crud';
import { badRequest } from '../../errors';
import { calendarOf } from './calendar';

/**
 * The last day of a term of `days` judicial working days from a notice on `from`, on the
 * jurisdiction's calendar, and the days off it skipped (weekends left out). The calendar is read for
 * a window no term can outrun: three calendar days per working day and half a year of recesses.
 */
export async function deadlineOn(db: Executor, jurisdictionId: number, from: string, days: number) {
  const { calendar, named } = await calendarOf(db, jurisdictionId, from, addDays(from, days * 3 + 180));
  let deadline: string;
  try {
    deadline = judicialDeadline(from, days, calendar);
  } catch {
    throw badRequest('days', JURISDICTION_MESSAGES.noWorkingDays);
  }
  const skipped = named
    .filter((d) => d.to > from && d.from <= deadline)
    .sort((a, b) => a.from.localeCompare(b.from))
    .map((d) => ({ date: d.from === d.to ? d.from : `${d.from}/${d.to}`, kind: d.kind, name: d.name }));
  return { deadlineOn: deadline, skipped };
}
