import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { id, money, timestamps } from './columns';
import { debts } from './debts';

export const services = pgTable(
  'services',
  {
    id: id(),
    debtId: integer('debt_id')
      .notNull()
      .references(() => debts.id),
    description: varchar('description', { length: 200 }).notNull(),
    amount: money('amount').notNull(),
    date: date('date').notNull(),
    ...timestamps,
  },
  (t) => [
    index('services_debt_id_idx').on(t.debtId),
    check('services_amount_positive', sql`${t.amount} > 0`),
  ],
);
