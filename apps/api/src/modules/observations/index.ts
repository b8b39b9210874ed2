import { MESSAGES, observationsResource } from '@cobranzas/shared';
import { eq, getTableColumns } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { crudModule, equals } from '../../crud';
import type { Db } from '../../db/client';
import { observations, users } from '../../db/schema';
import { viaDebt } from '../scope';

/** Free notes on a debt; the web reloads the list after each change (SPEC.md §7). */
export function observationsModule(app: FastifyInstance, db: Db) {
  crudModule(app, db, {
    definition: observationsResource,
    table: observations,
    columns: { ...getTableColumns(observations), userName: users.name },
    joins: [{ table: users, on: eq(observations.userId, users.id) }],
    sortable: { createdAt: observations.createdAt, id: observations.id },
    defaultSort: { column: observations.createdAt, order: 'desc' },
    search: [observations.text],
    filters: { debtId: equals(observations.debtId) },
    scope: viaDebt(observations.debtId),
    references: { debtId: MESSAGES.debtNotFound },
    hooks: {
      beforeCreate: (input, { user }) => ({ ...input, userId: user.sub }),
    },
  });
}
