import type { CollectionDay, GeneralKpi } from '@cobranzas/shared';
import type { InternalAxiosRequestConfig } from 'axios';

/** A dashboard of an empty portfolio, as GET /report/general-kpi answers it. */
export const EMPTY_KPI: GeneralKpi = {
  portfolioAmount: '0.00',
  collectedAmount: '0.00',
  liquidationRate: '0.00',
  collectedInPeriod: '0.00',
  debts: 0,
  byStage: [
    { debtTypeId: 1, name: 'Preventiva', debts: 0, amount: '0.00' },
    { debtTypeId: 2, name: 'Extrajudicial', debts: 0, amount: '0.00' },
    { debtTypeId: 3, name: 'Judicial', debts: 0, amount: '0.00' },
  ],
  paymentsByMonth: [{ month: '2026-11', amount: '0.00', payments: 0 }],
  overdueQuotas: 0,
  overdueAmount: '0.00',
  prescribingSoon: 0,
  tasksDueToday: 0,
};

/** No promises and no collectors, as GET /report/collection-day answers a GENERAL user. */
export const EMPTY_COLLECTION_DAY: CollectionDay = {
  today: '2026-11-26',
  monthFrom: '2026-11-01',
  promisesToday: { count: 0, amount: '0.00' },
  promisesBroken: { count: 0, amount: '0.00', since: '2026-10-27' },
  collectors: null,
};

/**
 * What a quiet API answers the screens around a test: the dashboard's reports and empty lists. For
 * tests about the layout, which always lands on the dashboard.
 */
export function quietApi(config: InternalAxiosRequestConfig) {
  if (config.url === '/report/general-kpi') return { status: 200, data: EMPTY_KPI };
  if (config.url === '/report/collection-types') return { status: 200, data: { data: [] } };
  if (config.url === '/report/collection-day') return { status: 200, data: EMPTY_COLLECTION_DAY };
  return { status: 200, data: { data: [], total: 0, page: 1, limit: 25 } };
}
