import { z } from 'zod';
import { EMBARGO_STATUSES, TASK_STATUSES } from '../enums';
import {
  dateSchema,
  idFilter,
  idSchema,
  instantSchema,
  nonNegativeMoneySchema,
  optionalText,
  partialUpdate,
  requiredText,
  timestamps,
} from './common';
import { listQuerySchema } from './list';

/** The work done on a debt: contacts (events), observations, embargos and tasks (DESIGN.md §8). */
export const eventSchema = z.object({
  id: z.number().int(),
  debtId: z.number().int(),
  eventTypeId: z.number().int(),
  eventTypeName: z.string(),
  eventSubTypeId: z.number().int().nullable(),
  eventSubTypeName: z.string().nullable(),
  eventHistoryTypeId: z.number().int().nullable(),
  eventHistoryTypeName: z.string().nullable(),
  date: z.string(),
  description: z.string().nullable(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  ...timestamps,
});
export type DebtEvent = z.infer<typeof eventSchema>;
export const eventCreateSchema = z.object({
  debtId: idSchema,
  eventTypeId: idSchema,
  eventSubTypeId: idSchema.nullish().transform((v) => v ?? null),
  eventHistoryTypeId: idSchema.nullish().transform((v) => v ?? null),
  /** defaults to now */
  date: instantSchema.optional(),
  description: optionalText(4000),
});
export const eventUpdateSchema = partialUpdate(eventCreateSchema.omit({ debtId: true }));
export const eventListQuerySchema = listQuerySchema(['id', 'date', 'createdAt']).extend({
  debtId: idFilter,
  eventTypeId: idFilter,
  eventHistoryTypeId: idFilter,
  userId: idFilter,
  from: dateSchema.optional(),
  to: dateSchema.optional(),
});

export const observationSchema = z.object({
  id: z.number().int(),
  debtId: z.number().int(),
  text: z.string(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  ...timestamps,
});
export type Observation = z.infer<typeof observationSchema>;
export const observationCreateSchema = z.object({ debtId: idSchema, text: requiredText(4000) });
export const observationUpdateSchema = z.object({ text: requiredText(4000) });
export const observationListQuerySchema = listQuerySchema(['id', 'createdAt']).extend({ debtId: idFilter });

export const embargoSchema = z.object({
  id: z.number().int(),
  debtId: z.number().int(),
  embargoTypeId: z.number().int(),
  embargoTypeName: z.string(),
  amount: z.string(),
  date: z.string(),
  court: z.string().nullable(),
  caseNumber: z.string().nullable(),
  status: z.enum(EMBARGO_STATUSES),
  notes: z.string().nullable(),
  ...timestamps,
});
export type Embargo = z.infer<typeof embargoSchema>;
export const embargoCreateSchema = z.object({
  debtId: idSchema,
  embargoTypeId: idSchema,
  amount: nonNegativeMoneySchema,
  date: dateSchema,
  court: optionalText(200),
  caseNumber: optionalText(60),
  status: z.enum(EMBARGO_STATUSES).default('SOLICITADO'),
  notes: optionalText(2000),
});
export const embargoUpdateSchema = partialUpdate(embargoCreateSchema.omit({ debtId: true }));
export const embargoListQuerySchema = listQuerySchema(['id', 'date', 'amount', 'createdAt']).extend({
  debtId: idFilter,
  embargoTypeId: idFilter,
  status: z.enum(EMBARGO_STATUSES).optional(),
});

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
  description: optionalText(4000),
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
const endMessage = { error: 'El fin no puede ser anterior al inicio.', path: ['end'] };
export const taskCreateSchema = taskFields.refine(endAfterStart, endMessage);
export const taskUpdateSchema = partialUpdate(taskFields).refine(endAfterStart, endMessage);
export const taskListQuerySchema = listQuerySchema(['id', 'start', 'createdAt']).extend({
  userId: idFilter,
  debtId: idFilter,
  status: z.enum(TASK_STATUSES).optional(),
  /** tasks that overlap [from, to) — the agenda's visible range */
  from: z.union([dateSchema, instantSchema]).optional(),
  to: z.union([dateSchema, instantSchema]).optional(),
});

/** Documents are uploaded as multipart (file + debtId or debtorId); this is their metadata. */
export const documentSchema = z.object({
  id: z.number().int(),
  debtId: z.number().int().nullable(),
  debtorId: z.number().int().nullable(),
  fileName: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  uploadedBy: z.number().int().nullable(),
  uploadedByName: z.string().nullable(),
  ...timestamps,
});
export type DebtDocument = z.infer<typeof documentSchema>;
export const documentUpdateSchema = z.object({ fileName: requiredText(200) });
export const documentListQuerySchema = listQuerySchema(['id', 'fileName', 'createdAt']).extend({
  debtId: idFilter,
  debtorId: idFilter,
});
export const DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;
/**
 * The files a document may be, by extension, with the type the server stores. The server checks the
 * content (magic numbers; text only when it is UTF-8 without NULs), never just the name.
 */
export const DOCUMENT_TYPES = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  txt: 'text/plain',
  csv: 'text/csv',
} as const;
/** For `<input type="file" accept=…>`. */
export const DOCUMENT_ACCEPT = Object.keys(DOCUMENT_TYPES)
  .map((ext) => `.${ext}`)
  .join(',');
