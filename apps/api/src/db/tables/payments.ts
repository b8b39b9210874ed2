import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { id, money, timestamps } from './columns';
import { debts } from './debts';
import { paymentMethodEnum } from './enums';
import { quotas } from './quotas';
import { settlements } from './settlements';
import { users } from './users';

export const payments = pgTable(
  'payments',
  {
    id: id(),
    debtId: integer('debt_id')
      .notNull()
      .references(() => debts.id),
    quotaId: integer('quota_id').references((): AnyPgColumn => quotas.id),
    amount: money('amount').notNull(),
    paidAt: date('paid_at').notNull(),
    method: paymentMethodEnum('method').notNull().default('EFECTIVO'),
    receiptNumber: varchar('receipt_number', { length: 60 }),
    notes: text('notes'),
    // Paid by the debtor straight to the client company, as it reported (issue 19).
    paidToClient: boolean('paid_to_client').notNull().default(false),
    // The closed settlement that holds it: then a trigger refuses editing or deleting it.
    settlementId: integer('settlement_id').references(() => settlements.id),
    // Who recorded the money: a user who did cannot be deleted (deactivate instead).
    createdBy: integer('created_by').references(() => users.id),
    ...timestamps,
  },
  (t) => [
    index('payments_debt_id_idx').on(t.debtId),
    index('payments_paid_at_idx').on(t.paidAt),
    // One payment per quota: the last guard that makes concurrent pays record exactly one.
    uniqueIndex('payments_quota_id_unique').on(t.quotaId).where(sql`${t.quotaId} IS NOT NULL`),
    check('payments_amount_positive', sql`${t.amount} > 0`),
  ],
);
