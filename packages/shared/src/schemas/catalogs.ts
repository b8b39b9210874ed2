import { z } from 'zod';
import {
  catalogCreateSchema,
  catalogSchema,
  idFilter,
  idSchema,
  partialUpdate,
  requiredText,
} from './common';
import { listQuerySchema } from './list';

/**
 * The simple name + description catalogs: debt types (stages; ids 1–3 fixed), collection types
 * (origin of the debt), event types (kind of contact), event history types (contact outcome) and
 * embargo types. One shape, one list query.
 */
export const catalogListQuerySchema = listQuerySchema(['id', 'name', 'createdAt']);

export const debtTypeSchema = catalogSchema;
export const collectionTypeSchema = catalogSchema;
/**
 * An event type (kind of contact) and the outcomes it admits: empty = every outcome (issue 15).
 */
export const eventTypeSchema = catalogSchema.extend({ outcomeIds: z.array(z.number().int()) });
export type EventType = z.infer<typeof eventTypeSchema>;
/** `outcomeIds` replaces the whole set of admitted outcomes when sent. */
export const eventTypeCreateSchema = catalogCreateSchema.extend({
  outcomeIds: z.array(idSchema).max(200).optional(),
});
export const eventTypeUpdateSchema = partialUpdate(eventTypeCreateSchema);
export const eventHistoryTypeSchema = catalogSchema;
export const embargoTypeSchema = catalogSchema;
export { catalogCreateSchema, catalogUpdateSchema } from './common';

/** A sub-type of an event type (e.g. Llamada → "al celular", "al trabajo"). */
export const eventSubTypeSchema = z.object({
  id: z.number().int(),
  eventTypeId: z.number().int(),
  eventTypeName: z.string(),
  name: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EventSubType = z.infer<typeof eventSubTypeSchema>;

export const eventSubTypeCreateSchema = z.object({ eventTypeId: idSchema, name: requiredText(80) });
export const eventSubTypeUpdateSchema = partialUpdate(eventSubTypeCreateSchema);
export const eventSubTypeListQuerySchema = listQuerySchema(['id', 'name', 'createdAt']).extend({
  eventTypeId: idFilter,
});
