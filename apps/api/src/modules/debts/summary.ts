import { debtSummarySchema, debtsResource } from '@cobranzas/shared';
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { docsFor, errorResponses } from '../../crud';
import type { Db } from '../../db/client';
import { debts } from '../../db/schema';
import { cents, money, sumText } from '../../reports/decimal';
import type { DebtsService } from './service';

/**
 * GET /api/debts/summary — the totals of a stage list: what GET /debts lists with the same
 * filters and scope, summed over every page (not only the one on screen), per currency.
 */
export function summaryRoute(app: FastifyInstance, db: Db, service: DebtsService) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/debts/summary',
    {
      schema: {
        ...docsFor('deudas'),
        summary: 'Cantidad e importes de las deudas que lista GET /debts con los mismos filtros',
        querystring: debtsResource.listQuery,
        response: { 200: debtSummarySchema, ...errorResponses },
      },
    },
    async (request) => {
      const rows = await service
        .selectFrom(db, {
          currency: debts.currency,
          debts: count(),
          originalAmount: sumText(debts.originalAmount),
          paidAmount: sumText(debts.paidAmount),
          balance: sumText(debts.balance),
        })
        .where(await service.whereOf(request.query, request.user))
        .groupBy(debts.currency)
        .orderBy(debts.currency);
      return {
        debts: rows.reduce((total, row) => total + row.debts, 0),
        byCurrency: rows.map((row) => ({
          currency: row.currency,
          debts: row.debts,
          originalAmount: money(cents(row.originalAmount)),
          paidAmount: money(cents(row.paidAmount)),
          balance: money(cents(row.balance)),
        })),
      };
    },
  );
}
