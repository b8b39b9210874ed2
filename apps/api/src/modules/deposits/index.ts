import { depositsResource, SETTLEMENT_MESSAGES } from '@cobranzas/shared';
import type { FastifyInstance } from 'fastify';
import { crudModule, dateFrom, dateTo, equals } from '../../crud';
import type { Db } from '../../db/client';
import { deposits } from '../../db/ledgerViews';
import { conflict } from '../../errors';
import {
  assertDebtOpen,
  assertMoneyDate,
  type DepositedRecord,
  depositOverdrawn,
  keepBooksOf,
  moveOf,
} from '../debts/books';
import { heldDebt, lockDebts } from '../debts/lock';
import { actAs } from '../ledger/actor';
import { viaDebt } from '../scope';

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
    // A record of the ledger, as payments are (modules/payments).
    hooks: {
      async beforeCreate(input, { db, user }) {
        const debt = heldDebt(db, input.debtId).row;
        assertDebtOpen(debt);
        assertMoneyDate(debt, input.depositedAt, 'depositedAt');
        await actAs(db, user);
        return { ...input, createdBy: user.sub };
      },
      // Settled to the company (a closed settlement holds it): frozen.
      async beforeUpdate(input, current, { db, user }) {
        if (current.settlementId !== null) throw conflict(SETTLEMENT_MESSAGES.settledMoney);
        if (input.depositedAt !== undefined)
          assertMoneyDate(heldDebt(db, current.debtId).row, input.depositedAt, 'depositedAt');
        await actAs(db, user);
        return input;
      },
      async beforeDelete(current, { db, user }) {
        if (current.settlementId !== null) throw conflict(SETTLEMENT_MESSAGES.settledMoney);
        await actAs(db, user);
      },
      // Never above what is owed (409 naming it); it pays the plan's oldest quotas; zero cancels the debt.
      afterWrite: keepBooksOf<DepositedRecord>(moveOf.deposit, depositOverdrawn),
    },
  });
}
