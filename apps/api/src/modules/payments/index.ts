import { MESSAGES, paymentsResource, SETTLEMENT_MESSAGES } from '@cobranzas/shared';
import { eq, getTableColumns } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { crudModule, dateFrom, dateTo, equals } from '../../crud';
import type { Db } from '../../db/client';
import { payments } from '../../db/ledgerViews';
import { users } from '../../db/schema';
import { conflict } from '../../errors';
import {
  assertDebtOpen,
  assertMoneyDate,
  keepBooksOf,
  moveOf,
  type PaidRecord,
  paymentOverdrawn,
} from '../debts/books';
import { heldDebt, lockDebts } from '../debts/lock';
import { actAs } from '../ledger/actor';
import { viaDebt } from '../scope';

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
    // A record of the ledger (db/ledgerViews.ts): written through its view, a change of its money
    // and a delete write a REVERSAL of its row, signed by the user (actAs).
    hooks: {
      async beforeCreate(input, { db, user }) {
        const debt = heldDebt(db, input.debtId).row;
        assertDebtOpen(debt);
        assertMoneyDate(debt, input.paidAt, 'paidAt');
        await actAs(db, user);
        // The author comes from the token, never from the body.
        return { ...input, createdBy: user.sub };
      },
      // Settled to the company (a closed settlement holds it): frozen, whatever else applies.
      // The payment of a quota moves with its quota: DELETE /quotas/{id}/payment undoes both.
      async beforeUpdate(input, current, { db, user }) {
        if (current.settlementId !== null) throw conflict(SETTLEMENT_MESSAGES.settledMoney);
        if (current.quotaId !== null) throw conflict(MESSAGES.quotaPaymentLocked);
        if (input.paidAt !== undefined)
          assertMoneyDate(heldDebt(db, current.debtId).row, input.paidAt, 'paidAt');
        await actAs(db, user);
        return input;
      },
      async beforeDelete(current, { db, user }) {
        if (current.settlementId !== null) throw conflict(SETTLEMENT_MESSAGES.settledMoney);
        if (current.quotaId !== null) throw conflict(MESSAGES.quotaPaymentLocked);
        await actAs(db, user);
      },
      // Never above what is owed (409 naming it); it pays the plan's oldest quotas; zero cancels the debt.
      afterWrite: keepBooksOf<PaidRecord>(moveOf.payment, paymentOverdrawn),
    },
  });
}
