import { createHash } from 'node:crypto';
import {
  agencyToday,
  formatMoney,
  MESSAGES,
  type OfferEnvelope,
  offerTermsCall,
  PORTAL_MESSAGES,
  percentOf,
  percentText,
  portalAcceptOfferCall,
  portalOffers,
  portalOfferTermsCall,
} from '@cobranzas/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Executor, routeCall, writeAudit } from '../../crud';
import type { Db } from '../../db/client';
import { companies, debtors, debts, offerAcceptances, offers, portalSessions } from '../../db/schema';
import { conflict, HttpError } from '../../errors';
import { loadAgency } from '../../pdf/letterhead';
import { offerTermsDocument } from '../../pdf/offerTerms';
import { renderPdf } from '../../pdf/render';
import { debtBalance } from '../debts/balance';
import { acceptOffer } from '../offers/accept';
import { hasUnpaidQuotas } from '../offers/terms';
import type { PortalKeys } from './codes';
import { onOwnDebt } from './ownDebt';
import { portalAuditor, portalRoute } from './session';

/** A company's whole envelope for offers (DESIGN.md §10.3 and §11.3). */
export async function companyEnvelope(db: Executor | Db, companyId: number): Promise<OfferEnvelope> {
  const [row] = await db
    .select({
      maxDiscountPercent: companies.maxDiscountPercent,
      maxQuotas: companies.maxQuotas,
      minDownPaymentPercent: companies.minDownPaymentPercent,
      minQuotaAmount: companies.minQuotaAmount,
      maxFirstDueDays: companies.maxFirstDueDays,
      maxPlanDays: companies.maxPlanDays,
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!row) throw new Error(`company ${companyId} of a debt is missing`);
  return row;
}

const fileHeaders = (name: string, size: number) => ({
  'content-type': 'application/pdf',
  'content-length': String(size),
  'content-disposition': `attachment; filename="${name}"`,
  'x-content-type-options': 'nosniff',
  'cache-control': 'private, no-store',
});

/**
 * POST /api/portal/debts/{id}/offers/accept and GET /api/portal/offers/{id}/terms. An offer is taken
 * only while the portal still makes exactly the one the debtor saw (the balance or the day may have
 * moved): it is written APROBADA, as a collector's offer within the limits, and accepted the same way
 * (its discount a REDUCTION of the ledger, its terms the plan: modules/offers/accept.ts), in one
 * transaction with the evidence — session, address, browser, time and the terms PDF with its SHA-256.
 */
export function portalOfferRoutes(app: FastifyInstance, db: Db, keys: PortalKeys) {
  const guarded = portalRoute(db, keys);

  routeCall(app, portalAcceptOfferCall, guarded, async (request) => {
    const actor = request.portal;
    const auditor = portalAuditor(actor);
    return onOwnDebt(db, actor, request.params.id, async (tx, debt, note) => {
      if (await hasUnpaidQuotas(tx, debt.id)) throw conflict(PORTAL_MESSAGES.offerWithPlan);
      const today = agencyToday();
      const owed = (await debtBalance(tx, debt.id, null))?.total ?? '0.00';
      const offer = portalOffers(owed, await companyEnvelope(tx, debt.companyId), today).find(
        (candidate) => candidate.kind === request.body.kind,
      );
      const { amount, quotas, firstDueDate } = request.body;
      if (!offer || offer.amount !== amount || offer.quotas !== quotas || offer.firstDueDate !== firstDueDate)
        throw conflict(PORTAL_MESSAGES.offerChanged);
      const now = new Date();
      const [row] = await tx
        .insert(offers)
        .values({
          debtId: debt.id,
          userId: null,
          balance: offer.balance,
          amount: offer.amount,
          discount: offer.discount,
          discountPercent: percentOf(offer.discount, offer.balance),
          quotas: offer.quotas,
          downPayment: offer.downPayment,
          firstDueDate: offer.firstDueDate,
          notes: `Oferta del portal del deudor: «${offer.title}», dentro de los límites de la compañía.`,
          status: 'APROBADA',
          decidedAt: now,
        })
        .returning();
      if (!row) throw new Error('insert returned no row');
      await writeAudit(tx, auditor, {
        action: 'create',
        resource: 'offers',
        recordId: row.id,
        before: null,
        after: row,
      });
      await acceptOffer(tx, auditor, row);

      const [who] = await tx
        .select({
          lastName: debtors.lastName,
          firstName: debtors.firstName,
          dni: debtors.dni,
          company: companies.name,
          reference: debts.reference,
          address: portalSessions.address,
          userAgent: portalSessions.userAgent,
        })
        .from(debts)
        .innerJoin(debtors, eq(debtors.id, debts.debtorId))
        .innerJoin(companies, eq(companies.id, debts.companyId))
        .innerJoin(portalSessions, eq(portalSessions.id, actor.sessionId))
        .where(eq(debts.id, debt.id));
      if (!who) throw new Error('the accepting session or debt vanished');
      const pdf = await renderPdf(
        offerTermsDocument(await loadAgency(tx), {
          offerId: row.id,
          offer,
          discountPercent: row.discountPercent,
          date: today,
          currency: debt.currency,
          company: who.company,
          debt: { id: debt.id, reference: who.reference },
          debtor: { lastName: who.lastName, firstName: who.firstName, dni: who.dni },
          acceptedAt: now,
          address: who.address,
          userAgent: who.userAgent,
        }),
      );
      const termsSha256 = createHash('sha256').update(pdf).digest('hex');
      const [evidence] = await tx
        .insert(offerAcceptances)
        .values({
          offerId: row.id,
          sessionId: actor.sessionId,
          address: who.address,
          userAgent: who.userAgent,
          acceptedAt: now,
          termsSha256,
          termsPdf: pdf,
        })
        .returning({ id: offerAcceptances.id });
      await writeAudit(tx, auditor, {
        action: 'create',
        resource: 'offer-acceptances',
        recordId: evidence?.id ?? null,
        before: null,
        after: {
          offerId: row.id,
          sessionId: actor.sessionId,
          address: who.address,
          userAgent: who.userAgent,
          termsSha256,
        },
      });
      const money = (value: string) => formatMoney(value, debt.currency);
      await note(
        PORTAL_MESSAGES.offerAcceptedEvent(
          row.id,
          offer.title,
          money(offer.amount),
          offer.discount === '0.00'
            ? ''
            : ` con una quita de ${money(offer.discount)} (${percentText(row.discountPercent)})`,
        ),
      );
      return { offerId: row.id, acceptedAt: now.toISOString(), termsSha256 };
    });
  });

  // Staff (guarded as the offers resource): the same bytes the debtor downloads; never a CLIENTE's.
  routeCall(app, offerTermsCall, {}, async (request, reply) => {
    if (request.user.type === 'CLIENTE') throw new HttpError(403, MESSAGES.forbidden);
    const [found] = await db
      .select({ pdf: offerAcceptances.termsPdf })
      .from(offerAcceptances)
      .where(eq(offerAcceptances.offerId, request.params.id));
    if (!found) throw new HttpError(404, PORTAL_MESSAGES.noTerms);
    return reply.headers(fileHeaders(`acuerdo-${request.params.id}.pdf`, found.pdf.length)).send(found.pdf);
  });

  routeCall(app, portalOfferTermsCall, guarded, async (request, reply) => {
    const [found] = await db
      .select({ pdf: offerAcceptances.termsPdf })
      .from(offerAcceptances)
      .innerJoin(offers, eq(offers.id, offerAcceptances.offerId))
      .innerJoin(debts, eq(debts.id, offers.debtId))
      .where(
        and(eq(offerAcceptances.offerId, request.params.id), eq(debts.debtorId, request.portal.debtorId)),
      );
    if (!found) throw new HttpError(404, PORTAL_MESSAGES.noTerms);
    return reply.headers(fileHeaders(`acuerdo-${request.params.id}.pdf`, found.pdf.length)).send(found.pdf);
  });
}
