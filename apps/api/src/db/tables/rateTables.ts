import { date, integer, numeric, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';

/** Issue 17 (DESIGN.md §10.2): a named history of annual rates, e.g. BNA tasa activa. */
export const rateTables = pgTable(
  'rate_tables',
  {
    id: id(),
    name: varchar('name', { length: 120 }).notNull(),
    description: varchar('description', { length: 500 }),
    ...timestamps,
  },
  (t) => [uniqueIndex('rate_tables_name_unique').on(t.name)],
);

/** One rate of a table: holds from `from` until the next entry's `from`. */
export const rateTableEntries = pgTable(
  'rate_table_entries',
  {
    id: id(),
    rateTableId: integer('rate_table_id')
      .notNull()
      .references(() => rateTables.id, { onDelete: 'cascade' }),
    from: date('from').notNull(),
    // Read back as a decimal string by both drivers: no float ever holds a rate.
    annualRate: numeric('annual_rate', { precision: 5, scale: 2 }).notNull(),
  },
  // Also the index of a table's entries in date order (the item's read, the balance, the cascade).
  (t) => [uniqueIndex('rate_table_entries_table_from_unique').on(t.rateTableId, t.from)],
);
