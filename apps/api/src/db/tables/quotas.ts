import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, date, index, integer, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, money, timestamps } from './columns';
import { debts } from './debts';
import { quotaStatusEnum } from './enums';
import { payments } from './payments';

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
    moraAmount: money('mora_amount').notNull().default('0'),
    paidAt: date('paid_at'),
    paymentId: integer('payment_id').references((): AnyPgColumn => payments.id),
    ...timestamps,
  },
  (t) => [
    // Also the index of a debt's quotas in order.
    uniqueIndex('quotas_debt_number_unique').on(t.debtId, t.number),
    // Overdue quotas (KPI, mora runs).
    index('quotas_due_date_status_idx').on(t.dueDate, t.status),
    check('quotas_amount_positive', sql`${t.amount} > 0`),
    check('quotas_mora_not_negative', sql`${t.moraAmount} >= 0`),
  ],
);
