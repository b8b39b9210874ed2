import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, money, timestamps } from './columns';
import { debts } from './debts';
import { offers } from './offers';
import { author } from './users';

/**
 * A recorded reduction of what a debt owes: the discount of an accepted settlement offer (DESIGN.md
 * §10.3). It lowers the stored balance (the debt_totals triggers, migration 0017) and the balance to
 * date (applied on `date` like a payment: costs, punitive, interest, capital), but it is not money
 * paid: paid_amount and the collected summaries never count it.
 */
export const debtReductions = pgTable(
  'debt_reductions',
  {
    id: id(),
    debtId: integer('debt_id')
      .notNull()
      .references(() => debts.id),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id),
    amount: money('amount').notNull(),
    /** The agency day it applies from. */
    date: date('date').notNull(),
    createdBy: author('created_by'),
    ...timestamps,
  },
  (t) => [
    index('debt_reductions_debt_id_idx').on(t.debtId),
    // An offer is accepted once: one reduction at most.
    uniqueIndex('debt_reductions_offer_unique').on(t.offerId),
    check('debt_reductions_amount_positive', sql`${t.amount} > 0`),
  ],
);
