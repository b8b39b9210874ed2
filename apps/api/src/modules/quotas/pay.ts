import {
  addMoney,
  agencyToday,
  daysBetween,
  idParamsSchema,
  MESSAGES,
  quotaMoraSchema,
  quotaPaySchema,
  quotaSchema,
  simpleInterest,
  type TokenPayload,
} from '@cobranzas/shared';
import { eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { docsFor, type Executor, errorResponses, writeAudit } from '../../crud';
import type { Db } from '../../db/client';
import { payments, quotas } from '../../db/schema';
import { conflict, pgErrorOf } from '../../errors';
import { assertDebtOpen, keepBooks, paymentOverdrawn } from '../debts/books';
import { heldDebt } from '../scope';
import type { QuotaRow, QuotasService } from './service';

const alreadyPaid = () => conflict(MESSAGES.quotaAlreadyPaid);

/** These bodies are optional: no body at all (Fastify's null) validates as {} and takes the defaults. */
const optionalBody = async (request: FastifyRequest) => {
  request.body ??= {};
};

/** Sets a quota's fields and writes the update to the audit log; returns the new row. */
async function updateQuota(
  tx: Executor,
  user: TokenPayload,
  before: QuotaRow,
  values: PgUpdateSetSource<typeof quotas>,
) {
  const [after] = await tx
    .update(quotas)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(quotas.id, before.id))
    .returning();
  await writeAudit(tx, user, {
    action: 'update',
    resource: 'quotas',
    recordId: before.id,
    before,
    after: after ?? null,
  });
  return after;
}

/**
 * Undoes the payment of a quota (its payment is being deleted): payable again, EN_MORA if it had
 * mora. Runs inside the transaction of DELETE /quotas/{id}/payment, with the debt and the quota locked.
 */
export async function reopenPaidQuota(tx: Executor, user: TokenPayload, quota: QuotaRow) {
  await updateQuota(tx, user, quota, {
    status: sql`CASE WHEN ${quotas.moraAmount} > 0 THEN 'EN_MORA'::quota_status ELSE 'PENDIENTE'::quota_status END`,
    paidAt: null,
    paymentId: null,
  });
}

export function quotaActionRoutes(app: FastifyInstance, db: Db, service: QuotasService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const docs = docsFor('cuotas');

  /**
   * One transaction: lock the debt, then the quota row (concurrent pays queue and then see PAGADA), record
   * the Payment of amount + mora, mark the quota PAGADA, recompute the debt. The partial unique
   * index on payments.quota_id is the last guard: a second payment can never commit.
   */
  api.patch(
    '/api/quotas/:id/pay',
    {
      schema: {
        ...docs,
        summary: 'Registrar el pago de una cuota',
        params: idParamsSchema,
        body: quotaPaySchema,
        response: { 200: quotaSchema, ...errorResponses },
      },
      preValidation: optionalBody,
    },
    async (request) => {
      const { id } = request.params;
      const { user } = request;
      const { body } = request;
      await db
        .transaction(async (tx) => {
          // The debt first, then the quota (crud/locks.ts).
          const quota = await service.lockChild(tx, id, user);
          if (quota.status === 'PAGADA') throw alreadyPaid();
          const debt = heldDebt(tx, quota.debtId);
          assertDebtOpen(debt.row);
          const [payment] = await tx
            .insert(payments)
            .values({
              debtId: quota.debtId,
              quotaId: id,
              amount: addMoney(quota.amount, quota.moraAmount),
              paidAt: body.paidAt ?? agencyToday(),
              method: body.method,
              receiptNumber: body.receiptNumber ?? null,
              createdBy: user.sub,
            })
            .returning();
          if (!payment) throw new Error('insert returned no row');
          await writeAudit(tx, user, {
            action: 'create',
            resource: 'payments',
            recordId: payment.id,
            before: null,
            after: payment,
          });
          await updateQuota(tx, user, quota, {
            status: 'PAGADA',
            paidAt: payment.paidAt,
            paymentId: payment.id,
          });
          // amount + mora never above the balance (a payment outside the plan may have lowered it).
          await keepBooks(tx, user, debt, { overdrawn: paymentOverdrawn(payment) });
        })
        .catch((error: unknown) => {
          if (pgErrorOf(error)?.constraint === 'payments_quota_id_unique') throw alreadyPaid();
          throw service.writeError(error);
        });
      return service.read(id, user);
    },
  );

  /** EN_MORA with the given mora, or simple interest at the debt's punitive rate for the days late. */
  api.patch(
    '/api/quotas/:id/mora',
    {
      schema: {
        ...docs,
        summary: 'Marcar una cuota en mora',
        params: idParamsSchema,
        body: quotaMoraSchema,
        response: { 200: quotaSchema, ...errorResponses },
      },
      preValidation: optionalBody,
    },
    async (request) => {
      const { id } = request.params;
      const { user } = request;
      await db.transaction(async (tx) => {
        const quota = await service.lockChild(tx, id, user);
        if (quota.status === 'PAGADA') throw alreadyPaid();
        const locked = heldDebt(tx, quota.debtId);
        const debt = locked.row;
        assertDebtOpen(debt);
        let moraAmount = request.body.moraAmount;
        if (moraAmount === undefined) {
          const days = daysBetween(quota.dueDate, agencyToday());
          if (days <= 0) throw conflict(MESSAGES.quotaNotDue);
          moraAmount = simpleInterest(quota.amount, debt.punitiveRate, days);
        }
        await updateQuota(tx, user, quota, { status: 'EN_MORA', moraAmount });
        await keepBooks(tx, user, locked);
      });
      return service.read(id, user);
    },
  );

  /**
   * The only way to undo a quota's payment (its payment alone cannot be edited or deleted): one
   * transaction locks the debt and the quota, reopens the quota (EN_MORA if it had mora), deletes
   * the payment, writes both audit rows and keeps the books (a CANCELADA debt reopens). Guarded as a
   * delete of debts, like deleting any payment.
   */
  api.delete(
    '/api/quotas/:id/payment',
    {
      schema: {
        ...docs,
        summary: 'Anular el pago de una cuota (la cuota vuelve a quedar impaga)',
        params: idParamsSchema,
        response: { 204: z.null().describe('Pago anulado'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { user } = request;
      await db.transaction(async (tx) => {
        const quota = await service.lockChild(tx, id, user);
        if (quota.status !== 'PAGADA' || quota.paymentId === null) throw conflict(MESSAGES.quotaNotPaid);
        await reopenPaidQuota(tx, user, quota);
        const [payment] = await tx.delete(payments).where(eq(payments.id, quota.paymentId)).returning();
        await writeAudit(tx, user, {
          action: 'delete',
          resource: 'payments',
          recordId: payment?.id ?? null,
          before: payment ?? null,
          after: null,
        });
        await keepBooks(tx, user, heldDebt(tx, quota.debtId));
      });
      return reply.code(204).send(null);
    },
  );
}
