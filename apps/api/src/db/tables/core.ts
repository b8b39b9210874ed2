import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  index,
  integer,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';
import { roleEnum } from './enums';

export const userTypes = pgTable(
  'user_types',
  {
    id: id(),
    name: varchar('name', { length: 60 }).notNull(),
    role: roleEnum('role').notNull(),
    description: text('description'),
    ...timestamps,
  },
  (t) => [uniqueIndex('user_types_name_unique').on(sql`lower(${t.name})`)],
);

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
    ...timestamps,
  },
  (t) => [uniqueIndex('companies_cuit_unique').on(t.cuit)],
);

export const users = pgTable(
  'users',
  {
    id: id(),
    name: varchar('name', { length: 120 }).notNull(),
    alias: varchar('alias', { length: 50 }).notNull(),
    email: varchar('email', { length: 254 }),
    passwordHash: text('password_hash').notNull(),
    userTypeId: integer('user_type_id')
      .notNull()
      .references(() => userTypes.id),
    companyId: integer('company_id').references(() => companies.id),
    active: boolean('active').notNull().default(true),
    ...timestamps,
  },
  // "Admin" and "admin" are the same person at the login form.
  (t) => [
    uniqueIndex('users_alias_unique').on(sql`lower(${t.alias})`),
    // Deleting a company or user type looks up its users through these.
    index('users_user_type_id_idx').on(t.userTypeId),
    index('users_company_id_idx').on(t.companyId),
  ],
);
