import { randomInt } from 'node:crypto';
import {
  compareMoney,
  formatMoney,
  type PaymentChannel,
  type PaymentIntent,
  PORTAL_MESSAGES,
  type PortalPayKind,
  portalPayCall,
  portalPaymentsCall,
  portalReceiptCall,
  quotaLeft,
  SHORT_CODE_ALPHABET,
} from '@cobranzas/shared';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Executor, routeCall, toJson, writeAudit } from '../../crud';
import { rowsOf } from '../../db/bulk';
import type { Db } from '../../db/client';
import { agencySettings, companies, debtors, debts, paymentIntents } from '../../db/schema';
import { badRequest, conflict, HttpError } from '../../errors';
import { receiptFileName } from '../../pdf/receipt';
import { debtBalance } from '../debts/balance';
import { printReceipt } from '../receipts';
import type { PortalKeys } from './codes';
import { minimumPayment } from './debts';
import { GatewayError, type MercadoPago } from './mercadoPago';
import { onOwnDebt } from './ownDebt';
import { portalAuditor, portalRoute } from './session';

/** How long a checkout stays payable: ≥ 3 days, since cash methods credit late (FIELD-NOTES.md). */
export const CHECKOUT_DAYS = 3;
/** How long a transfer's reference is expected: a transfer can take a banking day or a weekend. */
export const TRANSFER_DAYS = 7;

/** «P» and 8 characters of the short code's alphabet: typeable in a transfer's concept. */
const newReference = () => {
  let reference = 'P';
  for (let i = 0; i < 8; i++) reference += SHORT_CODE_ALPHABET[randomInt(SHORT_CODE_ALPHABET.length)];
  return reference;
};

/** PENDIENTE past its time reads VENCIDO: nothing has to run for it. */
const shownStatus = sql<PaymentIntent['status']>`CASE WHEN ${paymentIntents.status} = 'PENDIENTE'
  AND ${paymentIntents.expiresAt} <= now() THEN 'VENCIDO' ELSE ${paymentIntents.status} END`;

/** The debtor's intents (`ids`: just those), newest first, as the portal shows them. */
export async function readIntents(
  db: Executor,
  debtorId: number,
  ids?: number[],
  reference?: string,
): Promise<PaymentIntent[]> {
  const rows = await db
    .select({
      id: paymentIntents.id,
      debtId: paymentIntents.debtId,
      company: companies.name,
      reference: paymentIntents.reference,
      kind: paymentIntents.kind,
      amount: paymentIntents.amount,
      currency: debts.currency,
      channel: paymentIntents.channel,
      status: shownStatus,
      createdAt: paymentIntents.createdAt,
      expiresAt: paymentIntents.expiresAt,
      paidAt: paymentIntents.paidAt,
      redirectUrl: paymentIntents.redirectUrl,
      paymentId: paymentIntents.paymentId,
    })
    .from(paymentIntents)
    .innerJoin(debts, eq(debts.id, paymentIntents.debtId))
    .innerJoin(companies, eq(companies.id, debts.companyId))
    .where(
      and(
        eq(debts.debtorId, debtorId),
        ids ? inArray(paymentIntents.id, ids) : undefined,
        reference ? eq(paymentIntents.reference, reference.toUpperCase()) : undefined,
      ),
    )
    .orderBy(desc(paymentIntents.createdAt), desc(paymentIntents.id))
    .limit(50);
  const [agency] = await db
    .select({
      name: agencySettings.name,
      cuit: agencySettings.cuit,
      cbu: agencySettings.cbu,
      alias: agencySettings.cbuAlias,
    })
    .from(agencySettings)
    .where(eq(agencySettings.id, 1));
  return rows.map(({ paymentId, redirectUrl, ...row }) => {
    const pending = row.status === 'PENDIENTE';
    return toJson<PaymentIntent>({
      ...row,
      redirectUrl: pending && row.channel === 'MERCADOPAGO' ? redirectUrl : null,
      transfer:
        pending && row.channel === 'TRANSFERENCIA'
          ? {
              holder: agency?.name ?? '',
              cuit: agency?.cuit ?? null,
              cbu: agency?.cbu ?? null,
              alias: agency?.alias ?? null,
              reference: row.reference,
            }
          : null,
      hasReceipt: row.status === 'APROBADO' && paymentId !== null,
    });
  });
}

/** What `kind` pays today of a debt: all it owes, the next quota's rest, or the amount asked. */
async function amountToPay(
  tx: Executor,
  debt: { id: number; companyId: number; currency: 'ARS' | 'USD' },
  kind: PortalPayKind,
  asked: string | undefined,
): Promise<string> {
  const owed = await debtBalance(tx, debt.id, null);
  const total = owed?.total ?? '0.00';
  if (compareMoney(total, '0') <= 0) throw conflict(PORTAL_MESSAGES.nothingOwed);
  if (kind === 'TOTAL') return total;
  if (kind === 'NEXT_QUOTA') {
    const next = owed?.plan?.find((quota) => quota.status !== 'PAGADA');
    if (!next) throw conflict(PORTAL_MESSAGES.noQuotaDue);
    return quotaLeft(next);
  }
  const [company] = await tx
    .select({ minimum: companies.portalMinPayment })
    .from(companies)
    .where(eq(companies.id, debt.companyId));
  const least = minimumPayment(company?.minimum ?? null, total);
  const money = (value: string) => formatMoney(value, debt.currency);
  if (!asked || compareMoney(asked, least) < 0)
    throw badRequest('amount', PORTAL_MESSAGES.belowMinimum(money(least)));
  if (compareMoney(asked, total) > 0) throw badRequest('amount', PORTAL_MESSAGES.aboveTotal(money(total)));
  return asked;
}

/** Without a gateway the debtor is told where to transfer: the agency must have said it. */
async function assertTransferAccount(tx: Executor) {
  const [agency] = await tx
    .select({ cbu: agencySettings.cbu, alias: agencySettings.cbuAlias })
    .from(agencySettings)
    .where(eq(agencySettings.id, 1));
  if (!agency?.cbu && !agency?.alias) throw conflict(PORTAL_MESSAGES.noTransferAccount);
}

/**
 * POST /api/portal/debts/{id}/pay, GET /api/portal/payments and …/{id}/receipt. With a gateway the
 * intent is written first (its reference is the preference's external_reference), then the
 * preference is asked for outside any transaction (no lock waits on the network); without one the
 * intent carries the agency's transfer instructions. Either way it lands in the debt's timeline.
 */
export function portalPaymentRoutes(
  app: FastifyInstance,
  db: Db,
  keys: PortalKeys,
  options: { gateway: MercadoPago | null; publicUrl: string },
) {
  const guarded = portalRoute(db, keys);
  const channel: PaymentChannel = options.gateway ? 'MERCADOPAGO' : 'TRANSFERENCIA';

  routeCall(app, portalPayCall, guarded, async (request) => {
    const actor = request.portal;
    const days = options.gateway ? CHECKOUT_DAYS : TRANSFER_DAYS;
    const intent = await onOwnDebt(db, actor, request.params.id, async (tx, debt, note) => {
      // Checkout Pro in Argentina charges pesos only.
      if (options.gateway && debt.currency !== 'ARS') throw conflict(PORTAL_MESSAGES.usdOnline);
      const amount = await amountToPay(tx, debt, request.body.kind, request.body.amount);
      if (!options.gateway) await assertTransferAccount(tx);
      const [row] = await tx
        .insert(paymentIntents)
        .values({
          reference: newReference(),
          debtId: debt.id,
          sessionId: actor.sessionId,
          kind: request.body.kind,
          amount,
          channel,
          expiresAt: new Date(Date.now() + days * 24 * 3_600_000),
        })
        .returning();
      if (!row) throw new Error('insert returned no row');
      await writeAudit(tx, portalAuditor(actor), {
        action: 'create',
        resource: 'payment-intents',
        recordId: row.id,
        before: null,
        after: row,
      });
      await note(
        PORTAL_MESSAGES.payStartedEvent(
          formatMoney(amount, debt.currency),
          channel === 'MERCADOPAGO' ? 'Mercado Pago' : 'transferencia',
          row.reference,
        ),
      );
      return row;
    });
    if (options.gateway) {
      const [debtor] = await db
        .select({
          firstName: debtors.firstName,
          lastName: debtors.lastName,
          email: debtors.email,
          dni: debtors.dni,
        })
        .from(debtors)
        .where(eq(debtors.id, actor.debtorId));
      const [company] = rowsOf<{ name: string; currency: 'ARS' | 'USD' }>(
        await db.execute(sql`SELECT c.name, d.currency::text AS currency FROM debts d
          JOIN companies c ON c.id = d.company_id WHERE d.id = ${intent.debtId}`),
      );
      try {
        const preference = await options.gateway.createPreference({
          reference: intent.reference,
          title: `Pago a ${company?.name ?? 'la agencia'} (ref. ${intent.reference})`,
          amount: intent.amount,
          currency: company?.currency ?? 'ARS',
          expiresAt: intent.expiresAt,
          payer: {
            name: debtor?.firstName ?? '',
            surname: debtor?.lastName ?? '',
            email: debtor?.email ?? null,
            dni: debtor?.dni ?? '',
          },
          backUrl: `${options.publicUrl}/pagar?pago=${intent.reference}`,
          notificationUrl: `${options.publicUrl}/api/webhooks/mercadopago`,
        });
        await db
          .update(paymentIntents)
          .set({ preferenceId: preference.id, redirectUrl: preference.initPoint, updatedAt: new Date() })
          .where(eq(paymentIntents.id, intent.id));
      } catch (error) {
        if (!(error instanceof GatewayError)) throw error;
        request.log.warn({ err: error, intent: intent.id }, 'Mercado Pago: no se pudo crear la preferencia');
        await db
          .update(paymentIntents)
          .set({ status: 'RECHAZADO', note: error.message.slice(0, 500), updatedAt: new Date() })
          .where(eq(paymentIntents.id, intent.id));
        throw new HttpError(409, PORTAL_MESSAGES.gatewayDown);
      }
    }
    const [read] = await readIntents(db, actor.debtorId, [intent.id]);
    if (!read) throw new Error('payment intent vanished');
    return read;
  });

  routeCall(app, portalPaymentsCall, guarded, async (request) => ({
    data: await readIntents(db, request.portal.debtorId, undefined, request.query.reference),
  }));

  routeCall(app, portalReceiptCall, guarded, async (request, reply) => {
    const [intent] = await readIntents(db, request.portal.debtorId, [request.params.id]);
    const [row] = await db
      .select({ paymentId: paymentIntents.paymentId })
      .from(paymentIntents)
      .where(eq(paymentIntents.id, request.params.id));
    if (!intent?.hasReceipt || row?.paymentId == null) throw new HttpError(404, PORTAL_MESSAGES.noReceipt);
    const { number, pdf } = await printReceipt(db, 'payment', row.paymentId, portalAuditor(request.portal));
    return reply
      .header('content-type', 'application/pdf')
      .header('content-length', pdf.length)
      .header('content-disposition', `attachment; filename="${receiptFileName(number)}"`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });
}
