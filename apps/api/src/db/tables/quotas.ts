import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, money, timestamps } from './columns';
import { debts } from './debts';
import { quotaStatusEnum } from './enums';

export const quotas = pgTable(
  'quotas',
  {
    id: id(),
    debtId: integer('debt_id')
      .notNull()
      .references(() => debts.id),
    number: integer('number').notNull(),
    amount: money('amount').notNull(),
    dueDate: date('due_date').notNull(),
    status: quotaStatusEnum('status').notNull().default('PENDIENTE'),
    // What the ledger says of it, kept here by the write that moved its money (modules/debts/books.ts):
    // its live mora, its share of what was paid (shared/owed.ts's allocation), the day and the
    // payment (the record's id in /payments) that completed it.
    moraAmount: money('mora_amount').notNull().default('0'),
    paidAmount: money('paid_amount').notNull().default('0'),
    paidAt: date('paid_at'),
    paymentId: integer('payment_id'),
    ...timestamps,
  },
  (t) => [
    // Also the index of a debt's quotas in order.
    uniqueIndex('quotas_debt_number_unique').on(t.debtId, t.number),
    // Overdue quotas (KPI, mora runs).
    index('quotas_due_date_status_idx').on(t.dueDate, t.status),
    check('quotas_amount_positive', sql`${t.amount} > 0`),
    check('quotas_mora_not_negative', sql`${t.moraAmount} >= 0`),
    check(
      'quotas_paid_within',
      sql`${t.paidAmount} >= 0 AND ${t.paidAmount} <= ${t.amount} + ${t.moraAmount}`,
    ),
  ],
);
