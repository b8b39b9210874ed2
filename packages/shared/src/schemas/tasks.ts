import { z } from 'zod';
import { TASK_STATUSES } from '../enums';
import { MESSAGES } from '../messages';
import { defineResource } from '../resource';
import {
  dateSchema,
  idFilter,
  idSchema,
  instantSchema,
  optionalNote,
  partialUpdate,
  requiredText,
  timestamps,
} from './common';

/** The agenda: a task for a user, maybe about a debt (DESIGN.md §8). */
export const taskSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  start: z.string(),
  end: z.string().nullable(),
  allDay: z.boolean(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  debtId: z.number().int().nullable(),
  status: z.enum(TASK_STATUSES),
  ...timestamps,
});
export type Task = z.infer<typeof taskSchema>;
const taskFields = z.object({
  title: requiredText(200),
  description: optionalNote(4000),
  start: instantSchema,
  end: instantSchema.nullish().transform((v) => v ?? null),
  allDay: z.boolean().default(false),
  /** defaults to the signed-in user */
  userId: idSchema.nullish(),
  debtId: idSchema.nullish().transform((v) => v ?? null),
  status: z.enum(TASK_STATUSES).default('PENDIENTE'),
});
const endAfterStart = (t: { start?: string; end?: string | null }) =>
  !t.start || !t.end || Date.parse(t.end) >= Date.parse(t.start);
const endMessage = { error: MESSAGES.endBeforeStart, path: ['end'] };
export const taskCreateSchema = taskFields.refine(endAfterStart, endMessage);
export const taskUpdateSchema = partialUpdate(taskFields).refine(endAfterStart, endMessage);
export const tasksResource = defineResource({
  path: 'tasks',
  label: 'tareas',
  item: taskSchema,
  create: taskCreateSchema,
  update: taskUpdateSchema,
  sortable: ['id', 'start', 'createdAt'],
  filters: {
    userId: idFilter,
    debtId: idFilter,
    status: z.enum(TASK_STATUSES).optional(),
    /** tasks that overlap [from, to) — the agenda's visible range */
    from: z.union([dateSchema, instantSchema]).optional(),
    to: z.union([dateSchema, instantSchema]).optional(),
  },
});
