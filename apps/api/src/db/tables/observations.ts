import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';
import { debts } from './debts';
import { author } from './users';

export const observations = pgTable(
  'observations',
  {
    id: id(),
    debtId: integer('debt_id')
      .notNull()
      .references(() => debts.id),
    text: text('text').notNull(),
    userId: author('user_id'),
    ...timestamps,
  },
  (t) => [index('observations_debt_id_idx').on(t.debtId)],
);
