import { debtAssignResultSchema, debtAssignSchema, debtsResource, MESSAGES } from '@cobranzas/shared';
import { and, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { docsFor, errorResponses, writeAudit } from '../../crud';
import { arrayParam, rowsOf } from '../../db/bulk';
import type { Db } from '../../db/client';
import { debts } from '../../db/schema';
import { badRequest, HttpError } from '../../errors';
import { checkAssignee } from './assignee';
import type { DebtsService } from './service';

/**
 * POST /api/debts/assign (DESIGN.md §10.3, contract): an ADMIN hands debts to a collector in bulk —
 * the rows chosen on a list (`ids`) or everything its filter finds (`filter`, the list's own query
 * parameters, validated like GET /debts), or both (the chosen ones within the filter). One UPDATE in
 * one transaction, one audit entry for the whole assignment; the collector must be active staff.
 */
export function assignRoute(app: FastifyInstance, db: Db, service: DebtsService) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/debts/assign',
    {
      onRequest: async (request) => {
        // Staff only and, of the staff, only an ADMIN (§10.6); the guard alone lets GENERAL add debts.
        if (request.user.type !== 'ADMIN') throw new HttpError(403, MESSAGES.forbidden);
      },
      schema: {
        ...docsFor('deudas'),
        summary: 'Asignar deudas a un cobrador (las elegidas o las de un filtro)',
        body: debtAssignSchema,
        response: { 200: debtAssignResultSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { userId, ids, filter } = request.body;
      const parsed = filter === undefined ? null : debtsResource.listQuery.safeParse(filter);
      if (parsed && !parsed.success)
        throw badRequest('filter', parsed.error.issues[0]?.message ?? MESSAGES.invalidId);
      const { user } = request;
      return db.transaction(async (tx) => {
        await checkAssignee(tx, { assignedUserId: userId });
        const where = and(
          parsed ? await service.whereOf(parsed.data, user) : undefined,
          ids ? sql`${debts.id} = ANY(${arrayParam(ids)}::int[])` : undefined,
          sql`${debts.assignedUserId} IS DISTINCT FROM ${userId}`,
        );
        // A count, not the rows: an assignment may move a hundred thousand debts.
        const [row] = rowsOf<{ n: number }>(
          await tx.execute(sql`WITH changed AS (
            UPDATE ${debts} SET assigned_user_id = ${userId}, updated_at = now() WHERE ${where} RETURNING 1
          ) SELECT count(*)::int AS n FROM changed`),
        );
        const assigned = row?.n ?? 0;
        if (assigned > 0)
          await writeAudit(tx, user, {
            action: 'update',
            resource: 'debts',
            recordId: null,
            before: null,
            // The ids only when they are few: the audit entry is read by people.
            after: {
              assignedUserId: userId,
              debts: assigned,
              ids: ids && ids.length <= 1000 ? ids : null,
              filter: filter ?? null,
            },
          });
        return { assigned };
      });
    },
  );
}
