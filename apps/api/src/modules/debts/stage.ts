import {
  debtSchema,
  debtStageChangeSchema,
  idParamsSchema,
  MESSAGES,
  type TokenPayload,
} from '@cobranzas/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type CrudService, docsFor, type Executor, errorResponses, writeAudit } from '../../crud';
import type { Db } from '../../db/client';
import { debts, debtTypes, events, eventTypes } from '../../db/schema';
import { badRequest, conflict } from '../../errors';

/** The Gestión type of every stage change; created on first use (names are unique regardless of case). */
export const STAGE_EVENT_TYPE = 'Cambio de etapa';
const JUDICIAL = 3;

async function stageEventTypeId(tx: Executor, user: TokenPayload): Promise<number> {
  const created = await tx
    .insert(eventTypes)
    .values({
      name: STAGE_EVENT_TYPE,
      description: 'Registrado por el sistema al cambiar la etapa de una deuda.',
    })
    .onConflictDoNothing()
    .returning();
  if (created[0]) {
    await writeAudit(tx, user, {
      action: 'create',
      resource: 'events-types',
      recordId: created[0].id,
      before: null,
      after: created[0],
    });
    return created[0].id;
  }
  const [existing] = await tx
    .select({ id: eventTypes.id })
    .from(eventTypes)
    .where(eq(sql`lower(${eventTypes.name})`, STAGE_EVENT_TYPE.toLowerCase()));
  if (!existing) throw new Error('stage event type missing after insert');
  return existing.id;
}

async function stageName(tx: Executor, id: number): Promise<string> {
  const [stage] = await tx.select({ name: debtTypes.name }).from(debtTypes).where(eq(debtTypes.id, id));
  if (!stage) throw badRequest('debtTypeId', MESSAGES.debtTypeNotFound);
  return stage.name;
}

/**
 * PATCH /api/debts/{id}/stage — the debt moves to another stage and a "Cambio de etapa" Gestión
 * says from where to where, both in one transaction (with their audit rows): the timeline never
 * misses a change and never shows one that did not happen. Guarded as an update of debts.
 */
export function stageChangeRoute(app: FastifyInstance, db: Db, service: CrudService) {
  app.withTypeProvider<ZodTypeProvider>().patch(
    '/api/debts/:id/stage',
    {
      schema: {
        ...docsFor('deudas'),
        summary: 'Cambiar la etapa de una deuda (queda una gestión en el historial)',
        params: idParamsSchema,
        body: debtStageChangeSchema,
        response: { 200: debtSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { user, body } = request;
      await db
        .transaction(async (tx) => {
          // 404 when missing or outside a CLIENTE's company, like any read of it.
          const before = await service.lockRow(tx, id, user);
          if (before.debtTypeId === body.debtTypeId) throw conflict(MESSAGES.sameStage);
          const from = await stageName(tx, before.debtTypeId as number);
          const to = await stageName(tx, body.debtTypeId);
          const judicial = body.debtTypeId === JUDICIAL;
          const [after] = await tx
            .update(debts)
            .set({
              debtTypeId: body.debtTypeId,
              ...(judicial ? { court: body.court, caseNumber: body.caseNumber } : {}),
              updatedAt: new Date(),
            })
            .where(eq(debts.id, id))
            .returning();
          await writeAudit(tx, user, {
            action: 'update',
            resource: 'debts',
            recordId: id,
            before,
            after: after ?? null,
          });
          const comment = body.description ? ` ${body.description}` : '';
          const [event] = await tx
            .insert(events)
            .values({
              debtId: id,
              eventTypeId: await stageEventTypeId(tx, user),
              description: `${STAGE_EVENT_TYPE}: ${from} → ${to}.${comment}`,
              userId: user.sub,
            })
            .returning();
          await writeAudit(tx, user, {
            action: 'create',
            resource: 'events',
            recordId: event?.id ?? null,
            before: null,
            after: event ?? null,
          });
        })
        .catch((error: unknown) => {
          throw service.writeError(error);
        });
      return service.read(id, user);
    },
  );
}
