import { sql } from 'drizzle-orm';
import { char, date, index, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';

export const debtors = pgTable(
  'debtors',
  {
    id: id(),
    dni: varchar('dni', { length: 8 }).notNull(),
    cuit: char('cuit', { length: 11 }),
    firstName: varchar('first_name', { length: 80 }).notNull(),
    lastName: varchar('last_name', { length: 80 }).notNull(),
    birthDate: date('birth_date'),
    email: varchar('email', { length: 254 }),
    phone: varchar('phone', { length: 40 }),
    altPhone: varchar('alt_phone', { length: 40 }),
    address: varchar('address', { length: 200 }),
    city: varchar('city', { length: 80 }),
    province: varchar('province', { length: 60 }),
    postalCode: varchar('postal_code', { length: 10 }),
    employer: varchar('employer', { length: 120 }),
    notes: text('notes'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('debtors_dni_unique').on(t.dni),
    uniqueIndex('debtors_cuit_unique').on(t.cuit).where(sql`${t.cuit} IS NOT NULL`),
    index('debtors_last_name_idx').on(t.lastName, t.firstName),
    // Free-text search (`q` of 3+ characters) with ILIKE '%…%': trigrams (pg_trgm, migration 0005).
    // The CUIT is char(n), which the operator class does not take: it is indexed, and searched, as text.
    index('debtors_search_trgm_idx').using(
      'gin',
      t.lastName.op('gin_trgm_ops'),
      t.firstName.op('gin_trgm_ops'),
      t.dni.op('gin_trgm_ops'),
      sql`(${t.cuit}::text) gin_trgm_ops`,
      t.email.op('gin_trgm_ops'),
      t.phone.op('gin_trgm_ops'),
    ),
  ],
);
