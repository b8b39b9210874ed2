import { sql } from 'drizzle-orm';
import { check, integer, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, instant, money } from './columns';
import { deposits } from './deposits';
import { payments } from './payments';
import { users } from './users';

/**
 * A receipt issued for a payment or a deposit (DESIGN.md §10.5): its number comes from the
 * `receipts` counter the first time it is printed and never changes; printing it again reprints it.
 * When its payment is deleted the receipt stays, voided, so its number is never reused nor missing.
 */
export const receipts = pgTable(
  'receipts',
  {
    id: id(),
    number: integer('number').notNull(),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    depositId: integer('deposit_id').references(() => deposits.id, { onDelete: 'set null' }),
    // What was printed, kept for a voided receipt whose payment is gone.
    amount: money('amount').notNull(),
    issuedAt: instant('issued_at').notNull().defaultNow(),
    issuedBy: integer('issued_by').references(() => users.id),
    voidedAt: instant('voided_at'),
  },
  (t) => [
    uniqueIndex('receipts_number_unique').on(t.number),
    uniqueIndex('receipts_payment_unique').on(t.paymentId),
    uniqueIndex('receipts_deposit_unique').on(t.depositId),
    check('receipts_one_source', sql`${t.paymentId} IS NULL OR ${t.depositId} IS NULL`),
  ],
);
