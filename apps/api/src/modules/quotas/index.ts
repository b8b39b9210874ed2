import { compareMoney, MESSAGES, quotasResource } from '@cobranzas/shared';
import type { FastifyInstance } from 'fastify';
import { crudModule, dateFrom, dateTo, equals } from '../../crud';
import type { Db } from '../../db/client';
import { quotas } from '../../db/schema';
import { conflict } from '../../errors';
import { assertDebtOpen, assertQuotasWithinBalance, keepBooksOf } from '../debts/books';
import { heldDebt, lockDebts, viaDebt } from '../scope';
import { quotaActionRoutes } from './pay';
import { paymentPlanRoute } from './plan';

export function quotasModule(app: FastifyInstance, db: Db) {
  const service = crudModule(app, db, {
    definition: quotasResource,
    table: quotas,
    sortable: { number: quotas.number, id: quotas.id, dueDate: quotas.dueDate, amount: quotas.amount },
    filters: {
      debtId: equals(quotas.debtId),
      status: equals(quotas.status),
      dueFrom: dateFrom(quotas.dueDate),
      dueTo: dateTo(quotas.dueDate),
    },
    scope: viaDebt(quotas.debtId),
    // The debt is locked before the quota (and both debts, in id order, when it moves to another).
    parent: { column: quotas.debtId, lock: lockDebts },
    unique: { quotas_debt_number_unique: { field: 'number', message: MESSAGES.quotaNumberTaken } },
    hooks: {
      beforeCreate(input, { db }) {
        assertDebtOpen(heldDebt(db, input.debtId).row);
        return input;
      },
      // A paid quota is settled: its amount is in a payment, so it changes only by undoing that payment.
      beforeUpdate(input, current) {
        if (current.status === 'PAGADA') throw conflict(MESSAGES.quotaAlreadyPaid);
        return input;
      },
      beforeDelete(current) {
        if (current.status === 'PAGADA') throw conflict(MESSAGES.quotaAlreadyPaid);
      },
      // The unpaid quotas never owe more than the debt: checked when one is added or raised.
      async afterWrite(change, ctx) {
        await keepBooksOf()(change, ctx);
        const { before, after } = change;
        const raised = after && (!before || compareMoney(after.amount, before.amount) > 0);
        if (raised) await assertQuotasWithinBalance(ctx.db, heldDebt(ctx.db, after.debtId));
      },
    },
  });
  paymentPlanRoute(app, db, service);
  quotaActionRoutes(app, db, service);
}
