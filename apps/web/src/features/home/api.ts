/**
 * The dashboard's calls: GET /report/general-kpi, /report/collection-types, /report/collection-day,
 * /report/to-settle, /report/collected (the list behind «Cobrado en el período») and the clientDebt file.
 */
import {
  type CollectedList,
  type CollectionDay,
  collectedListCall,
  collectionDaySchema,
  collectionTypesReportSchema,
  type GeneralKpi,
  generalKpiSchema,
  offersResource,
  type ToSettle,
  toSettleSchema,
} from '@cobranzas/shared';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { retryTransient } from '../../components/resource/http';
import { api } from '../../lib/api';
import { downloadFile } from '../../lib/download';
import { resourceQueries } from '../../lib/resourceQueries';

/** company, start and end as the report endpoints take them (SPEC §7); empty ones are left out. */
export interface ReportFilters {
  company?: string | undefined;
  start?: string | undefined;
  end?: string | undefined;
}

const params = (filters: ReportFilters) =>
  Object.fromEntries(Object.entries(filters).filter(([, value]) => value));

/** The figures are checked against the shared schema: a wrong answer is an error, not a broken page. */
function checked<T>(schema: z.ZodType<T>, data: unknown): T {
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new Error('La respuesta del servidor no tiene el formato esperado.');
  return parsed.data;
}

export const getGeneralKpi = async (filters: ReportFilters, signal?: AbortSignal): Promise<GeneralKpi> =>
  checked(generalKpiSchema, (await api.get('/report/general-kpi', { params: params(filters), signal })).data);

/** GET /report/collected (issue 32): a page of the payments and deposits behind «Cobrado en el período». */
export const getCollected = async (
  filters: ReportFilters,
  page: { page: number; limit: number },
  signal?: AbortSignal,
): Promise<CollectedList> =>
  checked(
    collectedListCall.answer,
    (await api.get(collectedListCall.path, { params: { ...params(filters), ...page }, signal })).data,
  );

/** GET /report/collection-day: promises of today and broken; the collectors' figures for an ADMIN. */
export const getCollectionDay = async (
  company: string | undefined,
  signal?: AbortSignal,
): Promise<CollectionDay> =>
  checked(
    collectionDaySchema,
    (await api.get('/report/collection-day', { params: params({ company }), signal })).data,
  );

/** GET /report/to-settle (ADMIN's card): per company and currency, collected and not yet settled. */
export const getToSettle = async (signal?: AbortSignal): Promise<ToSettle['data']> =>
  checked(toSettleSchema, (await api.get('/report/to-settle', { signal })).data).data;

/** The offers (quitas) past their company's limits the dashboard lists, oldest first. */
export const PENDING_OFFERS_SHOWN = 10;

/**
 * The dashboard's cards under the figures, as query options: each card reads its own, and the
 * dashboard starts them together with the figures (`prefetchQuery` on mount), not after them.
 */
export const collectionDayQuery = (company: string | undefined) =>
  queryOptions({
    queryKey: ['report', 'collection-day', company ?? null],
    queryFn: ({ signal }) => getCollectionDay(company, signal),
    retry: retryTransient,
  });

export const toSettleQuery = () =>
  queryOptions({
    queryKey: ['report', 'to-settle'],
    queryFn: ({ signal }) => getToSettle(signal),
    retry: retryTransient,
  });

export const pendingOffersQuery = (company: string | undefined) =>
  resourceQueries(offersResource).list({
    status: 'PENDIENTE',
    sort: 'createdAt',
    order: 'asc',
    limit: PENDING_OFFERS_SHOWN,
    companyId: company,
  });

export type CollectionTypeTotals = z.infer<typeof collectionTypesReportSchema>['data'][number];

export const getCollectionTypes = async (company: string | undefined, signal?: AbortSignal) =>
  checked(
    collectionTypesReportSchema,
    (await api.get('/report/collection-types', { params: params({ company }), signal })).data,
  ).data;

/**
 * GET /report/clientDebt (SPEC §7), saved under the name the server gives it; a refusal throws the
 * server's message.
 */
export const downloadClientDebt = (filters: ReportFilters): Promise<string> =>
  downloadFile('/report/clientDebt', 'deuda.xlsx', params(filters));
