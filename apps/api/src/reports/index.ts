import {
  agencyToday,
  clientDebtReportQuerySchema,
  collectedListCall,
  collectionDayQuerySchema,
  collectionDaySchema,
  collectionTypesReportQuerySchema,
  collectionTypesReportSchema,
  generalKpiQuerySchema,
  generalKpiSchema,
  idFilter,
  MESSAGES,
  type TokenPayload,
  toSettleSchema,
} from '@cobranzas/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { docsFor, errorResponses, routeCall } from '../crud';
import type { Db } from '../db/client';
import { companies } from '../db/schema';
import { badRequest, HttpError } from '../errors';
import { clientCompany } from '../modules/scope';
import { clientDebtStream, debtBatches } from './clientDebt';
import { collectedList } from './collected';
import { collectionDay } from './collectionDay';
import { collectionTypesReport } from './collectionTypes';
import { generalKpi } from './kpi';
import { toSettle } from './toSettle';

const LABEL = 'reportes';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A CLIENTE may leave `company` out: it is forced to its own anyway (DESIGN.md §6). */
const clientDebtQuery = clientDebtReportQuerySchema.partial({ company: true });

/** The company a report is about: a CLIENTE's own whatever it asked, else the one asked (404 if none). */
async function reportCompany(db: Db, user: TokenPayload, requested: number | undefined) {
  const id = clientCompany(user) ?? requested;
  if (id === undefined) return null;
  const [company] = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(eq(companies.id, id));
  if (!company) throw new HttpError(404, MESSAGES.companyNotFound);
  return company;
}

function checkPeriod(start?: string, end?: string) {
  if (start && end && end < start) throw badRequest('end', MESSAGES.invalidPeriod);
}

/** "Pérez & Hijos S.A." → "perez-hijos-s-a": ASCII only, safe in a quoted header. */
export function slug(name: string, fallback: string): string {
  const text = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return text || fallback;
}

/** GET /api/report/*: the reports of SPEC.md §7 (subject Debts, view). */
export function reportsModule(app: FastifyInstance, db: Db) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/report/clientDebt',
    {
      schema: {
        ...docsFor(LABEL),
        summary: 'Deuda de una compañía en Excel (deudas ingresadas entre start y end)',
        querystring: clientDebtQuery,
        produces: [XLSX_TYPE],
        response: { 200: z.unknown().describe('Planilla .xlsx'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { start, end } = request.query;
      checkPeriod(start, end);
      const company = await reportCompany(db, request.user, request.query.company);
      if (!company) throw badRequest('company', MESSAGES.required);
      // The real period: no start → since the first debt ("inicio"); no end → up to today's date.
      const name = `deuda-${slug(company.name, `compania-${company.id}`)}-${start ?? 'inicio'}-a-${end ?? agencyToday()}.xlsx`;
      const stream = clientDebtStream(debtBatches(db, { companyId: company.id, start, end }), request.log);
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );

  api.get(
    '/api/report/collection-types',
    {
      schema: {
        ...docsFor(LABEL),
        summary: 'Totales por tipo de cobranza',
        querystring: collectionTypesReportQuerySchema,
        response: { 200: collectionTypesReportSchema, ...errorResponses },
      },
    },
    async (request) => {
      const company = await reportCompany(db, request.user, request.query.company);
      return collectionTypesReport(db, company?.id ?? null, request.query.currency);
    },
  );

  api.get(
    '/api/report/general-kpi',
    {
      schema: {
        ...docsFor(LABEL),
        summary: 'Indicadores generales (cartera, cobrado, tasa de liquidación, etapas, mora, agenda)',
        querystring: generalKpiQuerySchema,
        response: { 200: generalKpiSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { start, end } = request.query;
      checkPeriod(start, end);
      const company = await reportCompany(db, request.user, request.query.company);
      const kpi = await generalKpi(db, {
        companyId: company?.id ?? null,
        start,
        end,
        currency: request.query.currency,
      });
      // The agenda is the agency's work: a CLIENTE never receives it (DESIGN.md §11.2).
      if (request.user.type === 'CLIENTE') {
        const { tasksDueToday: _agenda, ...figures } = kpi;
        return figures;
      }
      return kpi;
    },
  );

  // The list behind «Cobrado en el período»: the dashboard's filters, a CLIENTE's company forced.
  routeCall(app, collectedListCall, {}, async (request) => {
    const { start, end, currency, page, limit } = request.query;
    checkPeriod(start, end);
    const company = await reportCompany(db, request.user, request.query.company);
    return collectedList(db, { companyId: company?.id ?? null, start, end, currency, page, limit });
  });

  api.get(
    '/api/report/collection-day',
    {
      schema: {
        ...docsFor(LABEL),
        summary: 'El día de los cobradores: promesas de hoy e incumplidas; por cobrador (administrador)',
        querystring: collectionDayQuerySchema,
        response: { 200: collectionDaySchema, ...errorResponses },
      },
    },
    async (request) => {
      const company = await reportCompany(db, request.user, request.query.company);
      return collectionDay(db, {
        companyId: company?.id ?? null,
        currency: request.query.currency,
        withCollectors: request.user.type === 'ADMIN',
      });
    },
  );

  api.get(
    '/api/report/to-settle',
    {
      schema: {
        ...docsFor(LABEL),
        summary: 'Lo cobrado que no está en ninguna rendición cerrada (a rendir), por compañía y moneda',
        querystring: z.object({ company: idFilter }),
        response: { 200: toSettleSchema, ...errorResponses },
      },
    },
    async (request) => {
      const company = await reportCompany(db, request.user, request.query.company);
      return toSettle(db, company?.id ?? null);
    },
  );
}
