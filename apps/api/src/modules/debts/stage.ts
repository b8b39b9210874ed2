import { DEBT_TYPE_IDS, debtStageChangeSchema, MESSAGES, type TokenPayload } from '@cobranzas/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Executor, writeAudit } from '../../crud';
import type { Db } from '../../db/client';
import { debts, debtTypes } from '../../db/schema';
import { badRequest, conflict } from '../../errors';
import { debtActionRoute } from './action';
import type { DebtsService } from './service';
import { recordSystemEvent, systemEventTypeId } from './timeline';

/** The Gestión type of every stage change; created on first use (names are unique regardless of case). */
export const STAGE_EVENT_TYPE = 'Cambio de etapa';

const stageEventTypeId = (tx: Executor, user: TokenPayload) =>
  systemEventTypeId(
    tx,
    user,
    STAGE_EVENT_TYPE,
    'Registrado por el sistema al cambiar la etapa de una deuda.',
  );

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
export function stageChangeRoute(app: FastifyInstance, db: Db, service: DebtsService) {
  debtActionRoute(app, db, service, {
    name: 'stage',
    summary: 'Cambiar la etapa de una deuda (queda una gestión en el historial)',
    body: debtStageChangeSchema,
    async run(tx, before, body, user) {
      const id = before.id;
      if (before.debtTypeId === body.debtTypeId) throw conflict(MESSAGES.sameStage);
      const from = await stageName(tx, before.debtTypeId);
      const to = await stageName(tx, body.debtTypeId);
      const judicial = body.debtTypeId === DEBT_TYPE_IDS.JUDICIAL;
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
      await recordSystemEvent(
        tx,
        user,
        id,
        await stageEventTypeId(tx, user),
        `${STAGE_EVENT_TYPE}: ${from} → ${to}.${comment}`,
      );
    },
  });
}
