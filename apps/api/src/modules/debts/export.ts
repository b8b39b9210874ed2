import { agencyToday, debtsResource } from '@cobranzas/shared';
import { and, desc, lt, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { docsFor, errorResponses } from '../../crud';
import type { Db } from '../../db/client';
import { companies, debts, debtTypes } from '../../db/schema';
import { BATCH_SIZE, clientDebtStream, debtReportFields, withBalances } from '../../reports/clientDebt';
import { XLSX_TYPE } from '../../reports/index';
import type { DebtReportRow } from '../../reports/xlsx';
import type { DebtsService } from './service';

/** The list's rows in keyset pages, newest first: each page a range of the primary key. */
async function* exportBatches(db: Db, service: DebtsService, where: SQL | undefined) {
  const today = agencyToday();
  let after: number | undefined;
  for (;;) {
    const rows = await service
      .selectFrom(db, { ...debtReportFields, stage: debtTypes.name, company: companies.name })
      .where(and(where, after === undefined ? undefined : lt(debts.id, after)))
      .orderBy(desc(debts.id))
      .limit(BATCH_SIZE);
    if (rows.length > 0) yield await withBalances(db, rows as never[], today);
    if (rows.length < BATCH_SIZE) break;
    after = rows[rows.length - 1]?.id;
  }
}

/**
 * GET /api/debts/export (issue 32): what GET /debts lists with the same search, filters and scope
 * (a CLIENTE's company), every page of it, as the debt workbook plus a «Compañía» column. Streamed
 * in batches like the client-debt report, so a large list costs flat memory. The Buscador and the
 * stage lists download it with the filters on screen.
 */
export function exportRoute(app: FastifyInstance, db: Db, service: DebtsService) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/debts/export',
    {
      schema: {
        ...docsFor('deudas'),
        summary: 'Las deudas que lista GET /debts con los mismos filtros, en Excel (.xlsx)',
        querystring: debtsResource.listQuery,
        produces: [XLSX_TYPE],
        response: { 200: z.unknown().describe('Planilla .xlsx'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const where = await service.whereOf(request.query, request.user);
      const batches = exportBatches(db, service, where) as AsyncIterable<DebtReportRow[]>;
      const stream = clientDebtStream(batches, request.log, { company: true });
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', `attachment; filename="deudas-${agencyToday()}.xlsx"`)
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );
}
