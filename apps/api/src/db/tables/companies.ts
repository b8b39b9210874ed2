import { sql } from 'drizzle-orm';
import { boolean, char, check, integer, numeric, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';

export const companies = pgTable(
  'companies',
  {
    id: id(),
    name: varchar('name', { length: 120 }).notNull(),
    cuit: char('cuit', { length: 11 }).notNull(),
    email: varchar('email', { length: 254 }),
    phone: varchar('phone', { length: 40 }),
    address: varchar('address', { length: 200 }),
    contactName: varchar('contact_name', { length: 120 }),
    // numeric comes back as a string from both drivers: no float ever touches it.
    commissionRate: numeric('commission_rate', { precision: 5, scale: 2 }).notNull().default('0'),
    active: boolean('active').notNull().default(true),
    // Days after a promise's due date that a payment still fulfils it (DESIGN.md §10.3).
    promiseGraceDays: integer('promise_grace_days').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('companies_cuit_unique').on(t.cuit),
    check('companies_promise_grace_days', sql`${t.promiseGraceDays} BETWEEN 0 AND 60`),
  ],
);
