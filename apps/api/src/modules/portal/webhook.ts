import {
  agencyToday,
  compareMoney,
  errorResponseSchema,
  formatMoney,
  isDebtClosed,
  isMoney,
  normalizeMoney,
  PORTAL_MESSAGES,
} from '@cobranzas/shared';
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Auditor, type Executor, writeAudit } from '../../crud';
import type { Db } from '../../db/client';
import { payments } from '../../db/ledgerViews';
import { gatewayPayments, paymentIntents } from '../../db/schema';
import { HttpError } from '../../errors';
import { debtBalance } from '../debts/balance';
import { keepBooks, moveOf, paymentOverdrawn } from '../debts/books';
import { lockDebt } from '../debts/lock';
import { GatewayError, type GatewayPayment, type MercadoPago } from './mercadoPago';
import { notePortalEvent } from './timeline';

/** Who records what the gateway confirmed: no staff user; the audit log and the timeline say so. */
export const GATEWAY_AUDITOR: Auditor = { sub: null, name: 'Mercado Pago (portal del deudor)' };

export type Settled = 'APROBADO' | 'A_REVISAR' | 'RECHAZADO' | 'YA_REGISTRADO' | 'AJENO' | 'SIN_CAMBIO';

type IntentRow = typeof paymentIntents.$inferSelect;

/** The intent's outcome, with its audit row. */
async function settleIntent(
  tx: Executor,
  intent: IntentRow,
  values: Pick<IntentRow, 'status' | 'gatewayPaymentId' | 'paidAt'> &
    Partial<Pick<IntentRow, 'note' | 'paymentId'>>,
) {
  const [after] = await tx
    .update(paymentIntents)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(paymentIntents.id, intent.id))
    .returning();
  await writeAudit(tx, GATEWAY_AUDITOR, {
    action: 'update',
    resource: 'payment-intents',
    recordId: intent.id,
    before: intent,
    after: after ?? null,
  });
}

/**
 * An approved payment of an intent, recorded once: the debt locked first (the lock order), then the
 * gateway payment claimed in gateway_payments (its id is its key: a notification that comes twice —
 * or two at once, which queue on the debt's lock — finds it there). The intent's first approved
 * payment is recorded in the ledger; money the debt cannot take as it is (closed, more than it owes,
 * not the amount started) and a second payment of the same checkout are kept A_REVISAR for staff,
 * never refused or dropped: they have already been paid.
 */
async function recordApproved(
  db: Db,
  intentId: number,
  debtId: number,
  payment: GatewayPayment,
): Promise<Settled> {
  return db.transaction(async (tx) => {
    const locked = await lockDebt(tx, debtId, null);
    const [intent] = await tx
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.id, intentId))
      .for('update');
    if (!intent) return 'AJENO';
    const [claimed] = await tx
      .insert(gatewayPayments)
      .values({ gatewayPaymentId: payment.id, intentId, status: payment.status, outcome: 'A_REVISAR' })
      .onConflictDoNothing()
      .returning();
    if (!claimed) return 'YA_REGISTRADO';
    const debt = locked.row;
    const money = (value: string) => formatMoney(value, debt.currency);
    const amount = isMoney(payment.amount) ? normalizeMoney(payment.amount) : null;
    const owed = (await debtBalance(tx, debt.id, null))?.total ?? '0.00';
    const problem =
      intent.gatewayPaymentId !== null
        ? PORTAL_MESSAGES.reviewSecond(intent.reference)
        : amount === null || compareMoney(amount, intent.amount) !== 0 || payment.currency !== debt.currency
          ? PORTAL_MESSAGES.reviewAmount(money(intent.amount))
          : isDebtClosed(debt.status)
            ? PORTAL_MESSAGES.reviewClosed
            : compareMoney(amount, owed) > 0
              ? PORTAL_MESSAGES.reviewAbove(money(owed))
              : null;
    const paidAt = payment.approvedAt ? new Date(payment.approvedAt) : new Date();
    if (problem !== null || amount === null) {
      // The intent keeps its first payment; a second one is only noted (gateway_payments holds it).
      if (intent.gatewayPaymentId === null)
        await settleIntent(tx, intent, {
          status: 'A_REVISAR',
          gatewayPaymentId: payment.id,
          note: problem,
          paidAt,
        });
      await notePortalEvent(
        tx,
        GATEWAY_AUDITOR,
        debt.id,
        PORTAL_MESSAGES.reviewEvent(money(payment.amount), payment.id, problem ?? ''),
      );
      return 'A_REVISAR';
    }
    // The agency's day it was approved; never ahead of today (a gateway clock a little ahead).
    const day = agencyToday(paidAt);
    const [row] = await tx
      .insert(payments)
      .values({
        debtId: debt.id,
        amount,
        paidAt: day > agencyToday() ? agencyToday() : day,
        method: 'MERCADOPAGO',
        receiptNumber: payment.id,
        notes: PORTAL_MESSAGES.paidNote(payment.id, intent.reference),
        createdBy: null,
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    await keepBooks(tx, GATEWAY_AUDITOR, locked, {
      change: { added: [moveOf.payment(row)], removed: [] },
      overdrawn: paymentOverdrawn,
    });
    await writeAudit(tx, GATEWAY_AUDITOR, {
      action: 'create',
      resource: 'payments',
      recordId: row.id,
      before: null,
      after: row,
    });
    await settleIntent(tx, intent, {
      status: 'APROBADO',
      gatewayPaymentId: payment.id,
      paymentId: row.id,
      paidAt,
    });
    await tx
      .update(gatewayPayments)
      .set({ outcome: 'APROBADO' })
      .where(eq(gatewayPayments.gatewayPaymentId, payment.id));
    await notePortalEvent(
      tx,
      GATEWAY_AUDITOR,
      debt.id,
      PORTAL_MESSAGES.paidEvent(money(amount), payment.id, intent.reference),
    );
    return 'APROBADO';
  });
}

/**
 * A payment we acted on that the gateway now says was taken back (refunded, charged back, cancelled
 * after approval): the ledger keeps what was recorded — undoing it is staff's decision, with its
 * reason — and the debt's timeline says so, once per status.
 */
async function noteTakenBack(db: Db, debtId: number, payment: GatewayPayment): Promise<Settled> {
  return db.transaction(async (tx) => {
    const locked = await lockDebt(tx, debtId, null);
    const [seen] = await tx
      .update(gatewayPayments)
      .set({ status: payment.status, updatedAt: new Date() })
      .where(
        and(eq(gatewayPayments.gatewayPaymentId, payment.id), ne(gatewayPayments.status, payment.status)),
      )
      .returning();
    if (!seen) return 'SIN_CAMBIO';
    await notePortalEvent(
      tx,
      GATEWAY_AUDITOR,
      debtId,
      PORTAL_MESSAGES.takenBackEvent(
        formatMoney(payment.amount, locked.row.currency),
        payment.id,
        payment.status,
      ),
    );
    return 'A_REVISAR';
  });
}

/** What the gateway says of a payment that was approved and then taken back. */
const TAKEN_BACK = new Set(['refunded', 'charged_back', 'cancelled', 'in_mediation']);

/** What a payment the gateway told of changes here (its intent found by external_reference). */
export async function settleGatewayPayment(db: Db, payment: GatewayPayment): Promise<Settled> {
  if (!payment.externalReference) return 'AJENO';
  const [intent] = await db
    .select({ id: paymentIntents.id, debtId: paymentIntents.debtId })
    .from(paymentIntents)
    .where(eq(paymentIntents.reference, payment.externalReference));
  if (!intent) return 'AJENO';
  if (payment.status === 'approved') return recordApproved(db, intent.id, intent.debtId, payment);
  const [known] = await db
    .select({ outcome: gatewayPayments.outcome })
    .from(gatewayPayments)
    .where(eq(gatewayPayments.gatewayPaymentId, payment.id));
  if (known && TAKEN_BACK.has(payment.status)) return noteTakenBack(db, intent.debtId, payment);
  if (payment.status === 'rejected' || payment.status === 'cancelled') {
    const changed = await db
      .update(paymentIntents)
      .set({ status: 'RECHAZADO', updatedAt: new Date() })
      .where(and(eq(paymentIntents.id, intent.id), eq(paymentIntents.status, 'PENDIENTE')))
      .returning({ id: paymentIntents.id });
    return changed[0] ? 'RECHAZADO' : 'SIN_CAMBIO';
  }
  return 'SIN_CAMBIO';
}

const notificationQuery = z.looseObject({
  'data.id': z.string().max(64).optional(),
  type: z.string().max(40).optional(),
  topic: z.string().max(40).optional(),
});
const notificationBody = z
  .looseObject({
    type: z.string().max(40).optional(),
    data: z.looseObject({ id: z.union([z.string().max(64), z.number()]).optional() }).optional(),
  })
  .optional();

/**
 * POST /api/webhooks/mercadopago: Mercado Pago's notification. Its x-signature must be the webhook
 * secret's HMAC of `id:{data.id};request-id:{x-request-id};ts:{ts};` (401 and nothing written
 * otherwise); then the payment is read from the gateway's own API and only that answer is trusted.
 * 503 when the gateway cannot be read: Mercado Pago sends the notification again later.
 */
export function mercadoPagoWebhook(app: FastifyInstance, db: Db, gateway: MercadoPago | null) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/webhooks/mercadopago',
    {
      config: { access: 'public', rateLimit: { max: 600, timeWindow: '1 minute' } },
      schema: {
        tags: ['portal'],
        summary: 'Notificación de Mercado Pago: un pago del portal (firmada con x-signature)',
        querystring: notificationQuery,
        body: notificationBody,
        response: {
          200: z.object({ received: z.literal(true), result: z.string() }),
          401: errorResponseSchema,
          404: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (request) => {
      if (!gateway) throw new HttpError(404, 'No hay una pasarela de pagos configurada.');
      const dataId = String(request.query['data.id'] ?? request.body?.data?.id ?? '');
      const header = (name: string) => {
        const value = request.headers[name];
        return typeof value === 'string' ? value : undefined;
      };
      if (
        !dataId ||
        !gateway.verifySignature(
          { signature: header('x-signature'), requestId: header('x-request-id') },
          dataId,
        )
      )
        throw new HttpError(401, PORTAL_MESSAGES.badSignature);
      const type = request.query.type ?? request.query.topic ?? request.body?.type;
      if (type !== 'payment') return { received: true as const, result: 'IGNORADO' };
      let payment: GatewayPayment;
      try {
        payment = await gateway.getPayment(dataId);
      } catch (error) {
        if (!(error instanceof GatewayError)) throw error;
        request.log.warn({ err: error, dataId }, 'Mercado Pago: no se pudo leer el pago notificado');
        throw new HttpError(503, PORTAL_MESSAGES.gatewayDown);
      }
      return { received: true as const, result: await settleGatewayPayment(db, payment) };
    },
  );
}
