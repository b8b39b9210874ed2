import { debtStatusChangeRefusal, debtStatusChangeSchema, MESSAGES } from '@cobranzas/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { conflict } from '../../errors';
import { debtActionRoute } from './action';
import { debtBalance } from './balance';
import { unpaidQuotaCount, writeStatusChange } from './books';
import type { DebtsService } from './service';

/**
 * PATCH /api/debts/{id}/status — the status changes by the machine of shared/debtStatus.ts and a
 * "Cambio de estado" Gestión says from which to which, in one transaction with their audit rows.
 * Same status → 409 sameStatus; a transition the machine refuses → 409 with its reason. Guarded as
 * an update of debts.
 */
export function statusChangeRoute(app: FastifyInstance, db: Db, service: DebtsService) {
  debtActionRoute(app, db, service, {
    name: 'status',
    summary: 'Cambiar el estado de una deuda (queda una gestión en el historial)',
    body: debtStatusChangeSchema,
    async run(tx, before, body, user) {
      if (before.status === body.status) throw conflict(MESSAGES.sameStatus);
      const id = before.id;
      // What it owes: the amount owed today (DESIGN.md §11.1).
      const owed = await debtBalance(tx, id, null);
      const refusal = debtStatusChangeRefusal(before.status, body.status, {
        balance: owed?.total ?? before.balance,
        currency: before.currency,
        unpaidQuotas: await unpaidQuotaCount(tx, id),
      });
      if (refusal) throw conflict(refusal);
      await writeStatusChange(tx, user, before, body.status, body.description);
    },
  });
}
