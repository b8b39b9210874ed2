/**
 * The agenda's task form and the conversions between the calendar, the form and the API. Task times
 * are instants (ISO 8601); the agenda reads and writes them in the agency's time (UTC−3, no daylight
 * saving: packages/shared/src/dates.ts). An all-day task starts at the agency's midnight of its first
 * day and, when it spans several days, ends at the midnight after its last day (exclusive end, the
 * way FullCalendar counts).
 */
import {
  AGENCY_UTC_OFFSET,
  agencyDayStart,
  agencyToday,
  dateSchema,
  nextDay,
  type Task,
  taskCreateSchema,
} from '@cobranzas/shared';
import { z } from 'zod';

const HOUR_MS = 3_600_000;
/** The agency's offset from UTC in hours (−3). */
const AGENCY_OFFSET_HOURS = -3;
const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** "HH:MM" of an instant at the agency. */
export function agencyTime(instant: string | Date): string {
  const ms = new Date(instant).getTime() + AGENCY_OFFSET_HOURS * HOUR_MS;
  return new Date(ms).toISOString().slice(11, 16);
}

/** The day before a 'YYYY-MM-DD' date. */
export function previousDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
}

/** The instant of a day and time typed at the agency: ("2026-03-10", "14:30") → "2026-03-10T14:30:00-03:00". */
export const agencyInstant = (date: string, time: string) => `${date}T${time}:00${AGENCY_UTC_OFFSET}`;

/**
 * A date string from FullCalendar as an API instant: a plain day is the agency's midnight; a time
 * without offset is the agency's wall time; a time with an offset (or Z) is already an instant.
 */
export function calendarToInstant(value: string): string {
  if (DATE_PATTERN.test(value)) return agencyDayStart(value);
  if (/(?:Z|[+-]\d{2}:?\d{2})$/.test(value)) return new Date(value).toISOString();
  return new Date(`${value.slice(0, 19)}${AGENCY_UTC_OFFSET}`).toISOString();
}

/** The agency's day of a FullCalendar date string or an instant. */
export function calendarToDay(value: string): string {
  return DATE_PATTERN.test(value) ? value : agencyToday(new Date(calendarToInstant(value)));
}

const fields = taskCreateSchema.shape;
const day = z.string({ error: 'Indique la fecha.' }).pipe(dateSchema);
const END_BEFORE_START = 'El fin no puede ser anterior al inicio.';

/** What the dialog holds: days as 'YYYY-MM-DD' (DateField), times as "HH:MM" ('' when none). */
export const agendaFormSchema = z
  .object({
    title: fields.title,
    description: fields.description,
    allDay: z.boolean(),
    startDate: day,
    startTime: z.string().trim(),
    endDate: z.string().nullable(),
    endTime: z.string().trim(),
    userId: fields.userId,
    status: fields.status,
  })
  .superRefine((v, ctx) => {
    if (!v.allDay) {
      if (v.startTime === '')
        ctx.addIssue({
          code: 'custom',
          path: ['startTime'],
          message: 'Indique la hora o marque «Todo el día».',
        });
      else if (!TIME_PATTERN.test(v.startTime))
        ctx.addIssue({ code: 'custom', path: ['startTime'], message: 'Use el formato HH:MM (24 h).' });
      if (v.endTime !== '' && !TIME_PATTERN.test(v.endTime))
        ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'Use el formato HH:MM (24 h).' });
    }
    if (v.endDate !== null && !DATE_PATTERN.test(v.endDate))
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'Fecha inválida.' });
  })
  .transform((v) => {
    const { startDate, startTime, endDate, endTime, allDay, ...task } = v;
    if (allDay) {
      // The form's last day is inclusive; the stored end is the midnight after it.
      const end = endDate && endDate > startDate ? agencyDayStart(nextDay(endDate)) : null;
      return { ...task, allDay, start: agencyDayStart(startDate), end, lastDay: endDate };
    }
    const start = agencyInstant(startDate, startTime);
    const end = endTime ? agencyInstant(endDate ?? startDate, endTime) : null;
    return { ...task, allDay, start, end, lastDay: endDate };
  })
  .superRefine((v, ctx) => {
    if (v.allDay && v.lastDay && v.lastDay < v.start.slice(0, 10))
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: END_BEFORE_START });
    if (!v.allDay && v.end && Date.parse(v.end) < Date.parse(v.start))
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: END_BEFORE_START });
  })
  .transform(({ lastDay: _lastDay, ...task }) => task);

export type AgendaFormValues = z.input<typeof agendaFormSchema>;
export type AgendaTaskBody = z.output<typeof agendaFormSchema>;

/** The form of an existing task. */
export function formValuesOf(task: Task): AgendaFormValues {
  const startDate = agencyToday(new Date(task.start));
  if (task.allDay) {
    const lastDay = task.end ? previousDay(agencyToday(new Date(task.end))) : null;
    return {
      ...common(task),
      allDay: true,
      startDate,
      startTime: '',
      endDate: lastDay && lastDay > startDate ? lastDay : null,
      endTime: '',
    };
  }
  return {
    ...common(task),
    allDay: false,
    startDate,
    startTime: agencyTime(task.start),
    endDate: task.end ? agencyToday(new Date(task.end)) : null,
    endTime: task.end ? agencyTime(task.end) : '',
  };
}

function common(task: Task) {
  return {
    title: task.title,
    description: task.description ?? '',
    userId: task.userId === null ? null : String(task.userId),
    status: task.status,
  };
}

/** A new task over a slot or range the user picked on the calendar (FullCalendar's strings; end exclusive). */
export function formValuesForSlot(
  slot: { start: string; end: string; allDay: boolean },
  userId: string | null,
): AgendaFormValues {
  const base = { title: '', description: '', userId, status: 'PENDIENTE' as const };
  const startDate = calendarToDay(slot.start);
  if (slot.allDay) {
    const lastDay = previousDay(calendarToDay(slot.end));
    return {
      ...base,
      allDay: true,
      startDate,
      startTime: '',
      endDate: lastDay > startDate ? lastDay : null,
      endTime: '',
    };
  }
  const end = calendarToInstant(slot.end);
  return {
    ...base,
    allDay: false,
    startDate,
    startTime: agencyTime(calendarToInstant(slot.start)),
    endDate: agencyToday(new Date(end)),
    endTime: agencyTime(end),
  };
}

/** A new task from the "Nueva tarea" button: that day at 09:00. */
export function formValuesForDay(date: string, userId: string | null): AgendaFormValues {
  return {
    title: '',
    description: '',
    userId,
    status: 'PENDIENTE',
    allDay: false,
    startDate: date,
    startTime: '09:00',
    endDate: null,
    endTime: '',
  };
}
