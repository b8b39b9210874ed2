import type { JudicialCalendar } from '@cobranzas/shared';
import { and, eq, gte, isNull, lte, or } from 'drizzle-orm';
import type { Executor } from '../../crud';
import { judicialDaysOff } from '../../db/schema';

/** A day off as the calendar's screens and the deadline's explanation name it. */
export interface NamedDayOff {
  from: string;
  to: string;
  kind: 'FERIADO' | 'FERIA' | 'INHABIL';
  name: string;
}

/**
 * A jurisdiction's calendar between two days (issue 37): the national holidays and its own recesses and
 * extra days off that touch the period, as shared/judicialDays.ts takes it, and each with its name.
 */
export async function calendarOf(
  db: Executor,
  jurisdictionId: number,
  from: string,
  to: string,
): Promise<{ calendar: JudicialCalendar; named: NamedDayOff[] }> {
  const rows = await db
    .select({
      from: judicialDaysOff.from,
      to: judicialDaysOff.to,
      kind: judicialDaysOff.kind,
      name: judicialDaysOff.name,
    })
    .from(judicialDaysOff)
    .where(
      and(
        or(isNull(judicialDaysOff.jurisdictionId), eq(judicialDaysOff.jurisdictionId, jurisdictionId)),
        lte(judicialDaysOff.from, to),
        gte(judicialDaysOff.to, from),
      ),
    );
  const daysOff = new Set<string>();
  const recesses: { from: string; to: string }[] = [];
  for (const row of rows) {
    if (row.from === row.to) daysOff.add(row.from);
    else recesses.push({ from: row.from, to: row.to });
  }
  return { calendar: { daysOff, recesses }, named: rows };
}
