import { servicesResource } from '@cobranzas/shared';
import type { FastifyInstance } from 'fastify';
import { crudModule, equals } from '../../crud';
import type { Db } from '../../db/client';
import { services } from '../../db/schema';
import { assertDebtOpen, keepBooksOf } from '../debts/books';
import { heldDebt, lockDebts, viaDebt } from '../scope';

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
    hooks: {
      beforeCreate(input, { db }) {
        assertDebtOpen(heldDebt(db, input.debtId).row);
        return input;
      },
      // Lowering or deleting a cost may not leave what was paid above what is owed.
      afterWrite: keepBooksOf(),
    },
  });
}
