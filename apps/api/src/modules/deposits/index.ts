import { depositsResource, SETTLEMENT_MESSAGES } from '@cobranzas/shared';
import type { FastifyInstance } from 'fastify';
import { crudModule, dateFrom, dateTo, equals } from '../../crud';
import type { Db } from '../../db/client';
import { deposits } from '../../db/schema';
import { conflict } from '../../errors';
import { assertDebtOpen, type DepositedRecord, depositOverdrawn, keepBooksOf } from '../debts/books';
import { heldDebt, lockDebts, viaDebt } from '../scope';

/** Money deposited in a bank or court account toward a debt (e.g. salary retentions). */
export function depositsModule(app: FastifyInstance, db: Db) {
  crudModule(app, db, {
    definition: depositsResource,
    table: deposits,
    sortable: {
      depositedAt: deposits.depositedAt,
      id: deposits.id,
      amount: deposits.amount,
      createdAt: deposits.createdAt,
    },
    defaultSort: { column: deposits.depositedAt, order: 'desc' },
    search: [deposits.bank, deposits.account, deposits.receiptNumber, deposits.notes],
    filters: {
      debtId: equals(deposits.debtId),
      from: dateFrom(deposits.depositedAt),
      to: dateTo(deposits.depositedAt),
    },
    scope: viaDebt(deposits.debtId),
    // The debt is locked before the deposit (and both debts, in id order, when it moves to another).
    parent: { column: deposits.debtId, lock: lockDebts },
    hooks: {
      beforeCreate(input, { db }) {
        assertDebtOpen(heldDebt(db, input.debtId).row);
        return input;
      },
      // Settled to the company (a closed settlement holds it): frozen.
      beforeUpdate(input, current) {
        if (current.settlementId !== null) throw conflict(SETTLEMENT_MESSAGES.settledMoney);
        return input;
      },
      beforeDelete(current) {
        if (current.settlementId !== null) throw conflict(SETTLEMENT_MESSAGES.settledMoney);
      },
      // Never above the balance it pays (409 naming it); a zero balance cancels the debt.
      afterWrite: keepBooksOf<DepositedRecord>(depositOverdrawn),
    },
  });
}
