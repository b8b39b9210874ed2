import {
  debtSchema,
  debtStatusChangeRefusal,
  debtStatusChangeSchema,
  idParamsSchema,
  MESSAGES,
} from '@cobranzas/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type CrudService, docsFor, errorResponses } from '../../crud';
import type { Db } from '../../db/client';
import { conflict } from '../../errors';
import { type DebtRow, unpaidQuotaCount, writeStatusChange } from './books';
import { recomputeDebtTotals } from './totals';

/**
 * PATCH /api/debts/{id}/status — the status changes by the machine of shared/debtStatus.ts and a
 * "Cambio de estado" Gestión says from which to which, in one transaction with their audit rows.
 * Same status → 409 sameStatus; a transition the machine refuses → 409 with its reason. Guarded as
 * an update of debts.
 */
export function statusChangeRoute(app: FastifyInstance, db: Db, service: CrudService) {
  app.withTypeProvider<ZodTypeProvider>().patch(
    '/api/debts/:id/status',
    {
      schema: {
        ...docsFor('deudas'),
        summary: 'Cambiar el estado de una deuda (queda una gestión en el historial)',
        params: idParamsSchema,
        body: debtStatusChangeSchema,
        response: { 200: debtSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { user, body } = request;
      await db
        .transaction(async (tx) => {
          // 404 when missing or outside a CLIENTE's company, like any read of it.
          const locked = (await service.lockRow(tx, id, user)) as DebtRow;
          if (locked.status === body.status) throw conflict(MESSAGES.sameStatus);
          // The balance the decision rests on is recomputed from the records, not trusted as stored.
          await recomputeDebtTotals(tx, id);
          const before = (await service.lockRow(tx, id, user)) as DebtRow;
          const refusal = debtStatusChangeRefusal(before.status, body.status, {
            balance: before.balance,
            currency: before.currency,
            unpaidQuotas: await unpaidQuotaCount(tx, id),
          });
          if (refusal) throw conflict(refusal);
          await writeStatusChange(tx, user, before, body.status, body.description);
        })
        .catch((error: unknown) => {
          throw service.writeError(error);
        });
      return service.read(id, user);
    },
  );
}
