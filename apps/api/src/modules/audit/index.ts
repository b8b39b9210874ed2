import {
  type AuditEntry,
  auditEntrySchema,
  auditListQuerySchema,
  listResponseSchema,
  MESSAGES,
} from '@cobranzas/shared';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { docsFor, errorResponses, instantFromDay, instantToDay, toJson } from '../../crud';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';
import { HttpError } from '../../errors';

/** GET /api/audit: the trail of every create/update/delete, newest first. ADMIN only. */
export function auditModule(app: FastifyInstance, db: Db) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/audit',
    {
      schema: {
        ...docsFor('auditoría'),
        summary: 'Consultar la auditoría de cambios (solo ADMIN)',
        querystring: auditListQuerySchema,
        response: { 200: listResponseSchema(auditEntrySchema), ...errorResponses },
      },
      // GENERAL may view SystemManagement, but the trail shows everyone's data: ADMIN only.
      onRequest: async (request) => {
        if (request.user?.type !== 'ADMIN') throw new HttpError(403, MESSAGES.forbidden);
      },
    },
    async (request) => {
      const { page, limit, resource, recordId, userId, action, from, to } = request.query;
      const conditions: (SQL | undefined)[] = [
        resource === undefined ? undefined : eq(auditLog.resource, resource),
        recordId === undefined ? undefined : eq(auditLog.recordId, recordId),
        userId === undefined ? undefined : eq(auditLog.userId, userId),
        action === undefined ? undefined : eq(auditLog.action, action),
        from === undefined ? undefined : instantFromDay(auditLog.at)(from),
        to === undefined ? undefined : instantToDay(auditLog.at)(to),
      ];
      const where = and(...conditions);
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(auditLog)
          .where(where)
          .orderBy(desc(auditLog.at), desc(auditLog.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ total: count() }).from(auditLog).where(where),
      ]);
      return { data: rows.map((row) => toJson<AuditEntry>(row)), total: totals[0]?.total ?? 0, page, limit };
    },
  );
}
