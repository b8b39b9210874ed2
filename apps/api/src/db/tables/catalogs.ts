import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';

const catalogColumns = () => ({
  id: id(),
  name: varchar('name', { length: 80 }).notNull(),
  description: text('description'),
  ...timestamps,
});

/** A name + description catalog; names are unique regardless of case. */
export function catalogTable<N extends string>(name: N) {
  return pgTable(name, catalogColumns(), (t) => [
    uniqueIndex(`${name}_name_unique`).on(sql`lower(${t.name})`),
  ]);
}

/** Debt stages (SPEC.md §4: 1 preventive, 2 extrajudicial, 3 judicial; ids fixed by the seed). */
export const debtTypes = catalogTable('debt_types');
/**
 * Origin of a debt: tarjeta, préstamo, servicio… and the years its claims take to prescribe (issue 37:
 * CCyC 2560 five by default, 2562 two for what accrues by periods shorter than a year).
 */
export const collectionTypes = pgTable(
  'collection_types',
  {
    ...catalogColumns(),
    prescriptionYears: smallint('prescription_years').notNull().default(5),
  },
  (t) => [
    uniqueIndex('collection_types_name_unique').on(sql`lower(${t.name})`),
    check('collection_types_prescription_years', sql`${t.prescriptionYears} BETWEEN 1 AND 10`),
  ],
);
/** Kind of contact: llamada, carta, visita… */
export const eventTypes = catalogTable('event_types');
/** Outcome of a contact: promesa de pago, no contesta… */
export const eventHistoryTypes = catalogTable('event_history_types');
export const embargoTypes = catalogTable('embargo_types');

export const eventSubTypes = pgTable(
  'event_sub_types',
  {
    id: id(),
    eventTypeId: integer('event_type_id')
      .notNull()
      .references(() => eventTypes.id),
    name: varchar('name', { length: 80 }).notNull(),
    ...timestamps,
  },
  // Also the lookup of an event type's sub-types (leading column).
  (t) => [uniqueIndex('event_sub_types_type_name_unique').on(t.eventTypeId, sql`lower(${t.name})`)],
);

/**
 * The outcomes an event type admits (issue 15): a type without rows here admits every outcome.
 * Deleting the type or the outcome removes the link.
 */
export const eventTypeOutcomes = pgTable(
  'event_type_outcomes',
  {
    eventTypeId: integer('event_type_id')
      .notNull()
      .references(() => eventTypes.id, { onDelete: 'cascade' }),
    eventHistoryTypeId: integer('event_history_type_id')
      .notNull()
      .references(() => eventHistoryTypes.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.eventTypeId, t.eventHistoryTypeId] }),
    // The cascade from an outcome's delete.
    index('event_type_outcomes_outcome_idx').on(t.eventHistoryTypeId),
  ],
);
