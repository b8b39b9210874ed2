import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { embargoTypes } from './catalogs';
import { id, money, timestamps } from './columns';
import { debts } from './debts';
import { embargoStatusEnum } from './enums';

export const embargos = pgTable(
  'embargos',
  {
    id: id(),
    debtId: integer('debt_id')
      .notNull()
      .references(() => debts.id),
    embargoTypeId: integer('embargo_type_id')
      .notNull()
      .references(() => embargoTypes.id),
    amount: money('amount').notNull(),
    date: date('date').notNull(),
    court: varchar('court', { length: 200 }),
    caseNumber: varchar('case_number', { length: 60 }),
    status: embargoStatusEnum('status').notNull().default('SOLICITADO'),
    notes: text('notes'),
    ...timestamps,
  },
  (t) => [
    index('embargos_debt_id_idx').on(t.debtId),
    check('embargos_amount_not_negative', sql`${t.amount} >= 0`),
  ],
);
