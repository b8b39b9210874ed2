import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { id, money, timestamps } from './columns';
import { debts } from './debts';
import { settlements } from './settlements';

export const deposits = pgTable(
  'deposits',
  {
    id: id(),
    debtId: integer('debt_id')
      .notNull()
      .references(() => debts.id),
    amount: money('amount').notNull(),
    depositedAt: date('deposited_at').notNull(),
    bank: varchar('bank', { length: 80 }),
    account: varchar('account', { length: 60 }),
    receiptNumber: varchar('receipt_number', { length: 60 }),
    notes: text('notes'),
    // The closed settlement that holds it: then a trigger refuses editing or deleting it.
    settlementId: integer('settlement_id').references(() => settlements.id),
    ...timestamps,
  },
  (t) => [
    index('deposits_debt_id_idx').on(t.debtId),
    // Money collected per month (dashboard), like payments_paid_at_idx.
    index('deposits_deposited_at_idx').on(t.depositedAt),
    check('deposits_amount_positive', sql`${t.amount} > 0`),
  ],
);
