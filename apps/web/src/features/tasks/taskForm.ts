/**
 * The one task form (the agenda's dialog and the debt's Tareas tab) and the conversions between the
 * calendar, the form and the API. Task times
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
  MESSAGES,
  nextDay,
  type Task,
  taskCreateSchema,
} from '@cobranzas/shared';
import { z } from 'zod';

/** The agency's offset from UTC in ms ("-03:00" → −3 h). */
const AGENCY_OFFSET_MS =
  (AGENCY_UTC_OFFSET.startsWith('-') ? -1 : 1) *
  (Number(AGENCY_UTC_OFFSET.slice(1, 3)) * 60 + Number(AGENCY_UTC_OFFSET.slice(4, 6))) *
  60_000;
const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** "HH:MM" of an instant at the agency. */
export function agencyTime(instant: string | Date): string {
  const ms = new Date(instant).getTime() + AGENCY_OFFSET_MS;
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

/** All day when the switch says so; a form without the switch (the Tareas tab) leaves the time empty. */
const isAllDay = (v: { allDay?: boolean | undefined; startTime: string }) => v.allDay ?? v.startTime === '';

/**
 * What the form holds: days as 'YYYY-MM-DD' (DateField), times as "HH:MM" ('' when none). The
 * agenda's dialog has the "Todo el día" switch and an end; the Tareas tab asks only day and time.
 */
export const taskFormSchema = z
  .object({
    title: fields.title,
    description: fields.description,
    allDay: z.boolean().optional(),
    startDate: day,
    startTime: z.string().trim(),
    endDate: z.string().nullable(),
    endTime: z.string().trim(),
    userId: fields.userId,
    status: fields.status,
  })
  .superRefine((v, ctx) => {
    if (!isAllDay(v)) {
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
    const { startDate, startTime, endDate, endTime, allDay: _allDay, ...task } = v;
    const allDay = isAllDay(v);
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
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: MESSAGES.endBeforeStart });
    if (!v.allDay && v.end && Date.parse(v.end) < Date.parse(v.start))
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: MESSAGES.endBeforeStart });
  })
  .transform(({ lastDay: _lastDay, ...task }) => task);

export type TaskFormValues = z.input<typeof taskFormSchema>;
export type TaskBody = z.output<typeof taskFormSchema>;

/** The form of an existing task. */
export function formValuesOf(task: Task): TaskFormValues {
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
): TaskFormValues {
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
export function formValuesForDay(date: string, userId: string | null): TaskFormValues {
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

/** A new task from the debt's Tareas tab: today, all day unless a time is typed, the user's own. */
export function formValuesForDebt(): TaskFormValues {
  return {
    title: '',
    description: '',
    userId: null,
    status: 'PENDIENTE',
    startDate: agencyToday(),
    startTime: '',
    endDate: null,
    endTime: '',
  };
}

/** When a task is, as lists show it: "21/11/2026" all day, "21/11/2026 14:30" otherwise. */
export function taskWhen(task: Pick<Task, 'start' | 'allDay'>, formatDate: (value: string) => string) {
  const day = formatDate(agencyToday(new Date(task.start)));
  return task.allDay ? day : `${day} ${agencyTime(task.start)}`;
}
