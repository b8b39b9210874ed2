import {
  agencyToday,
  isDebtClosed,
  type OfferLimits,
  offerTermsQuerySchema,
  offerTermsSchema,
} from '@cobranzas/shared';
import { and, count, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { docsFor, type Executor, errorResponses } from '../../crud';
import type { Db } from '../../db/client';
import { companies, debts, quotas } from '../../db/schema';
import { notFound } from '../../errors';
import { debtBalance } from '../debts/balance';
import { debtScope } from '../scope';

/**
 * The balance an offer of the debt is measured against: what a plan agreed today would finance, the
 * amount owed today (DESIGN.md §11.1; `stored` when the debt is not found). Made and accepted offers
 * both read it: an accepted offer whose figure moved is stale.
 */
export async function offerBalance(db: Executor | Db, debtId: number, stored: string): Promise<string> {
  return (await debtBalance(db, debtId, null))?.total ?? stored;
}

/** The company's limits for offers (null: no limit on that point). */
export async function companyLimits(db: Executor | Db, companyId: number): Promise<OfferLimits> {
  const [row] = await db
    .select({
      maxDiscountPercent: companies.maxDiscountPercent,
      maxQuotas: companies.maxQuotas,
      minDownPaymentPercent: companies.minDownPaymentPercent,
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row ?? { maxDiscountPercent: null, maxQuotas: null, minDownPaymentPercent: null };
}

/** Whether the debt has quotas not paid: a plan in force, which takes no offer. */
export async function hasUnpaidQuotas(db: Executor | Db, debtId: number): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(quotas)
    .where(and(eq(quotas.debtId, debtId), ne(quotas.status, 'PAGADA')));
  return (row?.n ?? 0) > 0;
}

/**
 * GET /api/offers/terms?debtId= : what the form «Nueva oferta» starts from — the balance an offer made
 * now is measured against, the company's limits (so the form says before sending whether it is within
 * them), and whether the debt takes offers at all. A CLIENTE only of its company's debts (404 else).
 */
export function offerTermsRoute(app: FastifyInstance, db: Db) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/offers/terms',
    {
      schema: {
        ...docsFor('ofertas de quita'),
        summary: 'Saldo a la fecha y límites de la compañía para una nueva oferta de quita',
        querystring: offerTermsQuerySchema,
        response: { 200: offerTermsSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { debtId } = request.query;
      const [debt] = await db
        .select({
          balance: debts.balance,
          currency: debts.currency,
          companyId: debts.companyId,
          status: debts.status,
        })
        .from(debts)
        .where(and(eq(debts.id, debtId), debtScope(request.user)));
      if (!debt) throw notFound();
      return {
        debtId,
        date: agencyToday(),
        balance: await offerBalance(db, debtId, debt.balance),
        currency: debt.currency,
        limits: await companyLimits(db, debt.companyId),
        hasPlan: await hasUnpaidQuotas(db, debtId),
        open: !isDebtClosed(debt.status),
      };
    },
  );
}
