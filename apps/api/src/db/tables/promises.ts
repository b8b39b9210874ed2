import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { id, money, timestamps } from './columns';
import { debts } from './debts';
import { author } from './users';

/**
 * A promise to pay (DESIGN.md §10.3, issue 18): an amount the debtor said they would pay by a day.
 * Its status is never stored: it is read from the payments and deposits dated in its window, from
 * the day it was taken (`takenOn`) through `dueDate` + the company's grace days.
 */
export const promises = pgTable(
  'promises',
  {
    id: id(),
    debtId: integer('debt_id')
      .notNull()
      .references(() => debts.id),
    amount: money('amount').notNull(),
    dueDate: date('due_date').notNull(),
    /** The agency day it was taken: its window opens there. */
    takenOn: date('taken_on').notNull(),
    notes: text('notes'),
    userId: author('user_id'),
    ...timestamps,
  },
  (t) => [
    // A debt's promises, latest first: the queue reads the latest of each promised debt without a sort.
    index('promises_debt_latest_idx').on(t.debtId, t.dueDate.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('promises_due_date_idx').on(t.dueDate),
    check('promises_amount_positive', sql`${t.amount} > 0`),
    check('promises_due_after_taken', sql`${t.dueDate} >= ${t.takenOn}`),
  ],
);
