import {
  MESSAGES,
  PORTAL_MESSAGES,
  PORTAL_REQUEST_KIND_LABELS,
  type PortalRequest,
  portalRequestResolveCall,
  portalRequestsCall,
  type TokenPayload,
} from '@cobranzas/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Executor, routeCall, toJson, writeAudit } from '../../crud';
import type { Db } from '../../db/client';
import { debts, portalRequests, users } from '../../db/schema';
import { conflict, HttpError, notFound } from '../../errors';
import { notePortalEvent } from './timeline';

const columns = {
  id: portalRequests.id,
  debtId: portalRequests.debtId,
  kind: portalRequests.kind,
  status: portalRequests.status,
  text: portalRequests.text,
  callAt: portalRequests.callAt,
  phone: portalRequests.phone,
  documentId: portalRequests.documentId,
  createdAt: portalRequests.createdAt,
  resolvedAt: portalRequests.resolvedAt,
  resolvedByName: users.name,
  resolution: portalRequests.resolution,
};

async function readRequests(db: Executor, debtId: number, requestId?: number): Promise<PortalRequest[]> {
  const rows = await db
    .select(columns)
    .from(portalRequests)
    .leftJoin(users, eq(users.id, portalRequests.resolvedBy))
    .where(
      and(
        eq(portalRequests.debtId, debtId),
        requestId === undefined ? undefined : eq(portalRequests.id, requestId),
      ),
    )
    .orderBy(desc(portalRequests.createdAt), desc(portalRequests.id));
  return rows.map((row) => toJson<PortalRequest>(row));
}

/** What a debtor asks in the portal is for the agency's staff: a CLIENTE never reads or resolves it. */
const staffOnly = (user: TokenPayload) => {
  if (user.type === 'CLIENTE') throw new HttpError(403, MESSAGES.forbidden);
};

/**
 * GET /api/debts/{id}/portal-requests and POST …/{requestId}/resolve: the callbacks and disputes a
 * debtor asked for in the portal, and staff closing them. Resolving a dispute lets the debtor be
 * contacted again (the contact rules read the open ones); it lands in the debt's timeline.
 */
export function portalRequestRoutes(app: FastifyInstance, db: Db) {
  routeCall(app, portalRequestsCall, {}, async (request) => {
    staffOnly(request.user);
    const [debt] = await db.select({ id: debts.id }).from(debts).where(eq(debts.id, request.params.id));
    if (!debt) throw notFound();
    return { data: await readRequests(db, debt.id) };
  });

  routeCall(app, portalRequestResolveCall, {}, async (request) => {
    staffOnly(request.user);
    const { id: debtId, requestId } = request.params;
    return db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(portalRequests)
        .where(and(eq(portalRequests.id, requestId), eq(portalRequests.debtId, debtId)))
        .for('update');
      if (!row) throw notFound();
      if (row.status === 'RESUELTO') throw conflict(PORTAL_MESSAGES.requestAlreadyResolved);
      const [after] = await tx
        .update(portalRequests)
        .set({
          status: 'RESUELTO',
          resolvedAt: new Date(),
          resolvedBy: request.user.sub,
          resolution: request.body.resolution,
        })
        .where(eq(portalRequests.id, requestId))
        .returning();
      await writeAudit(tx, request.user, {
        action: 'update',
        resource: 'portal-requests',
        recordId: requestId,
        before: row,
        after: after ?? null,
      });
      await notePortalEvent(
        tx,
        request.user,
        debtId,
        `${PORTAL_MESSAGES.requestResolved(PORTAL_REQUEST_KIND_LABELS[row.kind], request.user.name)}: ${request.body.resolution}`,
      );
      const [read] = await readRequests(tx, debtId, requestId);
      if (!read) throw new Error('resolved request vanished');
      return read;
    });
  });
}
