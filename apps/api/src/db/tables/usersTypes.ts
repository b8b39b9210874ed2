import { sql } from 'drizzle-orm';
import { pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
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
