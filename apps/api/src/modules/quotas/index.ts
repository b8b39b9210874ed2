import { compareMoney, MESSAGES, quotasResource } from '@cobranzas/shared';
import type { FastifyInstance } from 'fastify';
import { crudModule, dateFrom, dateTo, equals } from '../../crud';
import type { Db } from '../../db/client';
import { quotas } from '../../db/schema';
import { conflict } from '../../errors';
import { assertDebtOpen, assertPlanWithinOwed, keepBooks } from '../debts/books';
import { heldDebt, lockDebts } from '../debts/lock';
import { viaDebt } from '../scope';
import { quotaActionRoutes } from './pay';
import { bookInterestForPlan, paymentPlanRoute } from './plan';

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
      // A quota by hand starts a plan as POST /quotas/plan does: a debt on rates books its interest.
      async beforeCreate(input, { db, user }) {
        assertDebtOpen(heldDebt(db, input.debtId).row);
        await bookInterestForPlan(db, user, input.debtId);
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
      // The quotas share the money anew (keepBooks); they never owe more than the debt: checked when
      // one is added or raised.
      async afterWrite({ before, after }, ctx) {
        const ids = [...new Set([before?.debtId, after?.debtId])].flatMap((id) =>
          id === undefined ? [] : [id],
        );
        for (const debtId of ids.sort((a, b) => a - b)) {
          const owed = await keepBooks(ctx.db, ctx.user, heldDebt(ctx.db, debtId));
          const raised =
            after?.debtId === debtId && (!before || compareMoney(after.amount, before.amount) > 0);
          if (raised && owed) assertPlanWithinOwed(owed);
        }
      },
    },
  });
  paymentPlanRoute(app, db, service);
  quotaActionRoutes(app, db, service);
}
