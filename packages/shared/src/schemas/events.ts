import { z } from 'zod';
import { defineResource } from '../resource';
import { CONTACT_CHANNELS } from './channels';
import {
  dateSchema,
  idFilter,
  idSchema,
  instantSchema,
  optionalNote,
  partialUpdate,
  timestamps,
} from './common';

/** A contact with the debtor (Gestión): its type, sub-type and outcome (DESIGN.md §8). */
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
  /** Staff only, like its author, channel and hours: a CLIENTE gets date, type and outcome (§11.2). */
  description: z.string().nullable().optional(),
  userId: z.number().int().nullable().optional(),
  userName: z.string().nullable().optional(),
  /** Written by a strategy's run (issue 36): its name stands for the author. Staff only. */
  strategyId: z.number().int().nullable().optional(),
  strategyName: z.string().nullable().optional(),
  /** Read-only (issue 18): the debtor's channel used, and whether it was logged outside contact hours. */
  channel: z.enum(CONTACT_CHANNELS).nullable().optional(),
  outsideHours: z.boolean().optional(),
  /** The debtor acknowledged the debt (issue 37): it interrupts prescription (CCyC 2545). */
  acknowledgment: z.boolean(),
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
  description: optionalNote(4000),
  acknowledgment: z.boolean().default(false),
});
export const eventUpdateSchema = partialUpdate(eventCreateSchema.omit({ debtId: true }));
export const eventsResource = defineResource({
  path: 'events',
  label: 'eventos',
  item: eventSchema,
  clientHidden: [
    'description',
    'userId',
    'userName',
    'strategyId',
    'strategyName',
    'channel',
    'outsideHours',
  ],
  create: eventCreateSchema,
  update: eventUpdateSchema,
  sortable: ['id', 'date', 'createdAt'],
  filters: {
    debtId: idFilter,
    eventTypeId: idFilter,
    eventHistoryTypeId: idFilter,
    userId: idFilter,
    from: dateSchema.optional(),
    to: dateSchema.optional(),
  },
});
