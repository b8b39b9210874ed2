import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';
import { companies } from './companies';
import { userTypes } from './usersTypes';

/**
 * Who did it. Never erased behind the record's back: a user with work on record cannot be deleted
 * (409, deactivate instead; migration 0007 turned the old ON DELETE SET NULL into NO ACTION).
 */
export const author = (name: string) => integer(name).references(() => users.id);

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
