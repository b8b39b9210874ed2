import type { OfferStatus } from '@cobranzas/shared';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { id, instant, money, timestamps } from './columns';
import { debts } from './debts';
import { author } from './users';

/**
 * A settlement offer (quita, DESIGN.md §10.3, issue 18): pay `amount` of the debt's balance to date
 * (`balance`, the API's own figure when it was made) in `quotas` quotas, the first `downPayment`.
 * Status: PENDIENTE (beyond the company's limits: `reasons`), APROBADA (within them, or by an ADMIN),
 * RECHAZADA, ACEPTADA (its plan created and its discount a REDUCTION row of the ledger), ANULADA.
 */
export const offers = pgTable(
  'offers',
  {
    id: id(),
    debtId: integer('debt_id')
      .notNull()
      .references(() => debts.id),
    userId: author('user_id'),
    balance: money('balance').notNull(),
    amount: money('amount').notNull(),
    discount: money('discount').notNull(),
    discountPercent: numeric('discount_percent', { precision: 5, scale: 2 }).notNull(),
    quotas: integer('quotas').notNull(),
    downPayment: money('down_payment').notNull(),
    firstDueDate: date('first_due_date').notNull(),
    notes: text('notes'),
    status: varchar('status', { length: 10 }).$type<OfferStatus>().notNull(),
    reasons: text('reasons').array().notNull().default(sql`'{}'::text[]`),
    decidedBy: author('decided_by'),
    decidedAt: instant('decided_at'),
    decisionNote: text('decision_note'),
    acceptedBy: author('accepted_by'),
    acceptedAt: instant('accepted_at'),
    cancelledBy: author('cancelled_by'),
    cancelledAt: instant('cancelled_at'),
    cancelReason: text('cancel_reason'),
    ...timestamps,
  },
  (t) => [
    index('offers_debt_id_idx').on(t.debtId),
    // The dashboard's pending offers, oldest first.
    index('offers_pending_idx').on(t.createdAt).where(sql`${t.status} = 'PENDIENTE'`),
    check('offers_status', sql`${t.status} IN ('PENDIENTE', 'APROBADA', 'RECHAZADA', 'ACEPTADA', 'ANULADA')`),
    check('offers_amount_positive', sql`${t.amount} > 0`),
    check('offers_discount', sql`${t.discount} = ${t.balance} - ${t.amount} AND ${t.discount} >= 0`),
    check('offers_quotas', sql`${t.quotas} BETWEEN 1 AND 120`),
    check('offers_down_payment', sql`${t.downPayment} >= 0 AND ${t.downPayment} <= ${t.amount}`),
  ],
);
