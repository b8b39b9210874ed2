import { AGENCY_UTC_OFFSET, type Task, taskCreateSchema } from '@cobranzas/shared';
import { z } from 'zod';
import { requiredDate } from '../../common/schemas';

const fields = taskCreateSchema.shape;

/** The agenda's task as the form asks it: a day and, unless it is all day, a time (HH:MM). */
export const taskFormSchema = z
  .object({
    title: fields.title,
    description: fields.description,
    date: requiredDate,
    time: z
      .string()
      .trim()
      .refine((v) => v === '' || /^([01]\d|2[0-3]):[0-5]\d$/.test(v), {
        error: 'Use el formato HH:MM (24 h).',
      }),
    userId: fields.userId,
    status: fields.status,
  })
  .transform(({ date, time, ...task }) => ({
    ...task,
    // Agency time (UTC−3) so the agenda shows the hour that was typed.
    start: `${date}T${time || '00:00'}:00${AGENCY_UTC_OFFSET}`,
    allDay: time === '',
  }));
export type TaskFormValues = z.input<typeof taskFormSchema>;

const TIME = new Intl.DateTimeFormat('es-AR', {
  timeZone: 'America/Argentina/Buenos_Aires',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** "21/11/2026" for all-day tasks, "21/11/2026 14:30" otherwise. */
export function taskWhen(task: Task, formatDate: (v: string) => string) {
  const day = formatDate(task.start);
  return task.allDay ? day : `${day} ${TIME.format(new Date(task.start))}`;
}
