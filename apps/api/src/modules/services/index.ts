import { servicesResource } from '@cobranzas/shared';
import type { FastifyInstance } from 'fastify';
import { crudModule, equals } from '../../crud';
import type { Db } from '../../db/client';
import { services } from '../../db/ledgerViews';
import { assertDebtOpen, assertMoneyDate, keepBooksOf, moveOf, type ServiceRecord } from '../debts/books';
import { heldDebt, lockDebts } from '../debts/lock';
import { actAs } from '../ledger/actor';
import { viaDebt } from '../scope';

/** Costs charged to a debt (carta documento, tasa de justicia, honorarios): they raise its balance. */
export function servicesModule(app: FastifyInstance, db: Db) {
  crudModule(app, db, {
    definition: servicesResource,
    table: services,
    sortable: {
      date: services.date,
      id: services.id,
      amount: services.amount,
      createdAt: services.createdAt,
    },
    defaultSort: { column: services.date, order: 'desc' },
    search: [services.description],
    filters: { debtId: equals(services.debtId) },
    scope: viaDebt(services.debtId),
    // The debt is locked before the service (and both debts, in id order, when it moves to another).
    parent: { column: services.debtId, lock: lockDebts },
    // A record of the ledger, as payments are (modules/payments).
    hooks: {
      async beforeCreate(input, { db, user }) {
        const debt = heldDebt(db, input.debtId).row;
        assertDebtOpen(debt);
        assertMoneyDate(debt, input.date, 'date');
        await actAs(db, user);
        return { ...input, createdBy: user.sub };
      },
      async beforeUpdate(input, current, { db, user }) {
        if (input.date !== undefined) assertMoneyDate(heldDebt(db, current.debtId).row, input.date, 'date');
        await actAs(db, user);
        return input;
      },
      async beforeDelete(_current, { db, user }) {
        await actAs(db, user);
      },
      // Lowering or deleting a cost may not leave what was paid above what is owed.
      afterWrite: keepBooksOf<ServiceRecord>(moveOf.service),
    },
  });
}
