import { MESSAGES, paymentsResource, SETTLEMENT_MESSAGES } from '@cobranzas/shared';
import { eq, getTableColumns } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { crudModule, dateFrom, dateTo, equals } from '../../crud';
import type { Db } from '../../db/client';
import { payments, users } from '../../db/schema';
import { conflict } from '../../errors';
import { assertDebtOpen, keepBooksOf, type PaidRecord, paymentOverdrawn } from '../debts/books';
import { heldDebt, lockDebts, viaDebt } from '../scope';

export function paymentsModule(app: FastifyInstance, db: Db) {
  crudModule(app, db, {
    definition: paymentsResource,
    table: payments,
    columns: { ...getTableColumns(payments), createdByName: users.name },
    joins: [{ table: users, on: eq(payments.createdBy, users.id) }],
    sortable: {
      paidAt: payments.paidAt,
      id: payments.id,
      amount: payments.amount,
      createdAt: payments.createdAt,
    },
    defaultSort: { column: payments.paidAt, order: 'desc' },
    search: [payments.receiptNumber, payments.notes],
    filters: {
      debtId: equals(payments.debtId),
      quotaId: equals(payments.quotaId),
      method: equals(payments.method),
      from: dateFrom(payments.paidAt),
      to: dateTo(payments.paidAt),
    },
    scope: viaDebt(payments.debtId),
    // The debt is locked before the payment (and both debts, in id order, when it moves to another).
    parent: { column: payments.debtId, lock: lockDebts },
    hooks: {
      beforeCreate(input, { db, user }) {
        assertDebtOpen(heldDebt(db, input.debtId).row);
        // The author comes from the token, never from the body.
        return { ...input, createdBy: user.sub };
      },
      // Settled to the company (a closed settlement holds it): frozen, whatever else applies.
      // The payment of a quota moves with its quota: DELETE /quotas/{id}/payment undoes both.
      beforeUpdate(input, current) {
        if (current.settlementId !== null) throw conflict(SETTLEMENT_MESSAGES.settledMoney);
        if (current.quotaId !== null) throw conflict(MESSAGES.quotaPaymentLocked);
        return input;
      },
      beforeDelete(current) {
        if (current.settlementId !== null) throw conflict(SETTLEMENT_MESSAGES.settledMoney);
        if (current.quotaId !== null) throw conflict(MESSAGES.quotaPaymentLocked);
      },
      // Never above the balance it pays (409 naming it); a zero balance cancels the debt.
      afterWrite: keepBooksOf<PaidRecord>(paymentOverdrawn),
    },
  });
}
