import {
  idParamsSchema,
  SETTLEMENT_MESSAGES,
  settlementCreateSchema,
  settlementLinesQuerySchema,
  settlementLinesSchema,
  settlementSchema,
  settlementsResource,
} from '@cobranzas/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { crudModule, docsFor, equals, errorResponses } from '../../crud';
import type { Db } from '../../db/client';
import { companies, settlements } from '../../db/schema';
import { conflict, HttpError } from '../../errors';
import { closeDraft } from './close';
import { createDraft } from './draft';
import { linesOf } from './lines';
import { settlementColumns, settlementJoins, settlementScope } from './read';

/** Creating, closing and deleting a settlement needs the ADMIN role (DESIGN.md §10.6), before the body. */
const adminOnly = async (request: FastifyRequest) => {
  if (request.user.type !== 'ADMIN') throw new HttpError(403, SETTLEMENT_MESSAGES.adminOnly);
};

/**
 * Settlements to client companies (rendiciones, DESIGN.md §10.4, issue 19). List, read and delete
 * are the generic ones; the draft (POST, it gathers the lines: draft.ts), the close (close.ts) and
 * the lines (lines.ts) are calls of their own. Never edited: a draft that no longer fits is deleted
 * and made again.
 */
export function settlementsModule(app: FastifyInstance, db: Db) {
  const service = crudModule(app, db, {
    definition: { ...settlementsResource, operations: ['list', 'read', 'delete'] },
    table: settlements,
    columns: settlementColumns,
    joins: settlementJoins,
    search: [companies.name],
    sortable: { to: settlements.to, id: settlements.id, createdAt: settlements.createdAt },
    defaultSort: { column: settlements.to, order: 'desc' },
    filters: {
      companyId: equals(settlements.companyId),
      status: equals(settlements.status),
      currency: equals(settlements.currency),
    },
    scope: settlementScope,
    hooks: {
      beforeDelete(current, { user }) {
        if (user.type !== 'ADMIN') throw new HttpError(403, SETTLEMENT_MESSAGES.adminOnly);
        // Its money is the company's record of what was settled: kept for good.
        if (current.status === 'CLOSED') throw conflict(SETTLEMENT_MESSAGES.closedCannotBeDeleted);
      },
    },
  });

  const api = app.withTypeProvider<ZodTypeProvider>();
  const docs = docsFor(settlementsResource.label);

  api.post(
    '/api/settlements',
    {
      schema: {
        ...docs,
        summary: 'Generar el borrador de una rendición (ADMIN)',
        body: settlementCreateSchema,
        response: { 201: settlementSchema, ...errorResponses },
      },
      preValidation: adminOnly,
    },
    async (request, reply) => {
      const id = await db.transaction((tx) => createDraft(tx, request.body, request.user));
      app.writes.emit('committed', settlementsResource.path);
      return reply.code(201).send(await service.read(id, request.user));
    },
  );

  api.patch(
    '/api/settlements/:id/close',
    {
      schema: {
        ...docs,
        summary: 'Cerrar una rendición: numerarla y congelar sus pagos y depósitos (ADMIN)',
        params: idParamsSchema,
        response: { 200: settlementSchema, ...errorResponses },
      },
      preValidation: adminOnly,
    },
    async (request) => {
      const { id } = request.params;
      await db.transaction((tx) => closeDraft(tx, id, request.user));
      app.writes.emit('committed', settlementsResource.path);
      return service.read(id, request.user);
    },
  );

  api.get(
    '/api/settlements/:id/lines',
    {
      schema: {
        ...docs,
        summary: 'Pagos y depósitos de una rendición, por fecha',
        params: idParamsSchema,
        querystring: settlementLinesQuerySchema,
        response: { 200: settlementLinesSchema, ...errorResponses },
      },
    },
    (request) => linesOf(db, request.params.id, request.query, request.user),
  );
}
