import { z } from 'zod';
import { defineResource } from '../resource';
import {
  catalogCreateSchema,
  catalogSchema,
  catalogUpdateSchema,
  idFilter,
  idSchema,
  partialUpdate,
  requiredText,
} from './common';

/**
 * The simple name + description catalogs: debt types (stages; ids 1–3 fixed), collection types
 * (origin of the debt), event types (kind of contact), event history types (contact outcome) and
 * embargo types. One shape, one list query.
 */
const CATALOG_SORTABLE = ['id', 'name', 'createdAt'] as const;

export const debtTypeSchema = catalogSchema;
/** A collection type and the years its claims take to prescribe (issue 37: CCyC 2560 five, 2562 two). */
export const collectionTypeSchema = catalogSchema.extend({ prescriptionYears: z.number().int() });
export type CollectionType = z.infer<typeof collectionTypeSchema>;
export const collectionTypeCreateSchema = catalogCreateSchema.extend({
  prescriptionYears: z.number().int().min(1).max(10).default(5),
});
export const collectionTypeUpdateSchema = partialUpdate(collectionTypeCreateSchema);
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

/** A catalog's definition: the shared shape under its own path and label. */
type CatalogPath = 'debts-types' | 'events-history-types' | 'embargos-type';
/** One type for the four: the API serves them with the same code. */
const catalogResource = (path: CatalogPath, label: string) =>
  defineResource({
    path,
    label,
    item: catalogSchema,
    create: catalogCreateSchema,
    update: catalogUpdateSchema,
    sortable: CATALOG_SORTABLE,
  });

export const debtsTypesResource = catalogResource('debts-types', 'tipos de deuda');
export const collectionsTypesResource = defineResource({
  path: 'collections-types',
  label: 'tipos de cobranza',
  item: collectionTypeSchema,
  create: collectionTypeCreateSchema,
  update: collectionTypeUpdateSchema,
  sortable: CATALOG_SORTABLE,
});
export const eventsHistoryTypesResource = catalogResource('events-history-types', 'resultados de contacto');
export const embargosTypeResource = catalogResource('embargos-type', 'tipos de embargo');
export const eventsTypesResource = defineResource({
  path: 'events-types',
  label: 'tipos de evento',
  item: eventTypeSchema,
  create: eventTypeCreateSchema,
  update: eventTypeUpdateSchema,
  sortable: CATALOG_SORTABLE,
});
export const eventsSubTypesResource = defineResource({
  path: 'eventsSubTypes',
  label: 'subtipos de evento',
  item: eventSubTypeSchema,
  create: eventSubTypeCreateSchema,
  update: eventSubTypeUpdateSchema,
  sortable: CATALOG_SORTABLE,
  filters: { eventTypeId: idFilter },
});

export { catalogCreateSchema, catalogUpdateSchema } from './common';
