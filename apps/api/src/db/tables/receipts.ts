import { integer, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, instant, money } from './columns';
import { ledger } from './ledger';
import { users } from './users';

/**
 * A receipt issued for a payment or a deposit (DESIGN.md §10.5): its number comes from the
 * `receipts` counter the first time it is printed and never changes; printing it again reprints it.
 * It points to the ledger row it printed: when that row is reversed (the payment deleted or
 * corrected) the receipt stays, voided, so its number is never reused nor missing.
 */
export const receipts = pgTable(
  'receipts',
  {
    id: id(),
    number: integer('number').notNull(),
    // Null only for a receipt voided before the ledger (its payment was erased then).
    ledgerId: integer('ledger_id').references(() => ledger.id),
    // What was printed: the amount, and what the debt still owed after it (issue 31).
    amount: money('amount').notNull(),
    remaining: money('remaining'),
    issuedAt: instant('issued_at').notNull().defaultNow(),
    issuedBy: integer('issued_by').references(() => users.id),
    voidedAt: instant('voided_at'),
  },
  (t) => [
    uniqueIndex('receipts_number_unique').on(t.number),
    uniqueIndex('receipts_ledger_unique').on(t.ledgerId),
  ],
);
