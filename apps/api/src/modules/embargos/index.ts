import { embargosResource, MESSAGES } from '@cobranzas/shared';
import { eq, getTableColumns } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { crudModule, equals } from '../../crud';
import type { Db } from '../../db/client';
import { embargos, embargoTypes } from '../../db/schema';
import { viaDebt } from '../scope';

/** Court-ordered seizures toward a debt (salary, account, vehicle…). */
export function embargosModule(app: FastifyInstance, db: Db) {
  crudModule(app, db, {
    definition: embargosResource,
    table: embargos,
    columns: { ...getTableColumns(embargos), embargoTypeName: embargoTypes.name },
    joins: [{ table: embargoTypes, on: eq(embargos.embargoTypeId, embargoTypes.id) }],
    sortable: {
      date: embargos.date,
      id: embargos.id,
      amount: embargos.amount,
      createdAt: embargos.createdAt,
    },
    defaultSort: { column: embargos.date, order: 'desc' },
    search: [embargos.court, embargos.caseNumber, embargos.notes],
    filters: {
      debtId: equals(embargos.debtId),
      embargoTypeId: equals(embargos.embargoTypeId),
      status: equals(embargos.status),
    },
    scope: viaDebt(embargos.debtId),
    references: { debtId: MESSAGES.debtNotFound, embargoTypeId: MESSAGES.embargoTypeNotFound },
  });
}
