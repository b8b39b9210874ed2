import type { GeneralKpi } from '@cobranzas/shared';
import type { InternalAxiosRequestConfig } from 'axios';

/** A dashboard of an empty portfolio, as GET /report/general-kpi answers it. */
export const EMPTY_KPI: GeneralKpi = {
  portfolioAmount: '0.00',
  collectedAmount: '0.00',
  liquidationRate: '0.00',
  debts: 0,
  byStage: [
    { debtTypeId: 1, name: 'Preventiva', debts: 0, amount: '0.00' },
    { debtTypeId: 2, name: 'Extrajudicial', debts: 0, amount: '0.00' },
    { debtTypeId: 3, name: 'Judicial', debts: 0, amount: '0.00' },
  ],
  paymentsByMonth: [{ month: '2026-11', amount: '0.00', payments: 0 }],
  overdueQuotas: 0,
  overdueAmount: '0.00',
  tasksDueToday: 0,
};

/**
 * What a quiet API answers the screens around a test: the dashboard's reports and empty lists. For
 * tests about the layout, which always lands on the dashboard.
 */
export function quietApi(config: InternalAxiosRequestConfig) {
  if (config.url === '/report/general-kpi') return { status: 200, data: EMPTY_KPI };
  if (config.url === '/report/collection-types') return { status: 200, data: { data: [] } };
  return { status: 200, data: { data: [], total: 0, page: 1, limit: 25 } };
}
