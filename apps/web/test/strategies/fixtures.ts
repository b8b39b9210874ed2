import type { Strategy, StrategyDebt, StrategyRun } from '@cobranzas/shared';
import type { InternalAxiosRequestConfig } from 'axios';

const stamp = { createdAt: '2026-11-01T12:00:00.000Z', updatedAt: '2026-11-01T12:00:00.000Z' };
export const list = (data: unknown[]) => ({
  status: 200,
  data: { data, total: data.length, page: 1, limit: 500 },
});

export const COMPANIES = [{ id: 9, name: 'Banco del Plata', active: true, ...stamp }];
export const STAGES = [
  { id: 1, name: 'Preventiva', ...stamp },
  { id: 2, name: 'Extrajudicial', ...stamp },
  { id: 3, name: 'Judicial', ...stamp },
];
export const USERS = [
  { id: 4, name: 'Pérez, Ana', role: 'GENERAL', active: true, ...stamp },
  { id: 6, name: 'Cliente Banco', role: 'CLIENTE', active: true, ...stamp },
];

/** The catalogs every strategy screen reads for its names; null when the URL is none of them. */
export function catalogs(config: InternalAxiosRequestConfig) {
  if (config.url === '/companies') return list(COMPANIES);
  if (config.url === '/debts-types') return list(STAGES);
  if (config.url === '/users') return list(USERS);
  return null;
}

export const STRATEGY: Strategy = {
  id: 5,
  name: 'Pasar a judicial',
  description: null,
  active: true,
  trigger: 'DAILY',
  runAt: '09:00',
  conditions: {
    companyIds: [9],
    debtTypeIds: [2],
    statuses: ['ACTIVA', 'EN_CONVENIO'],
    daysPastDueMin: 90,
    daysPastDueMax: null,
    owedMin: null,
    owedMax: null,
    daysWithoutContactMin: null,
    promise: null,
    hasPhone: null,
    hasEmail: null,
    assigned: null,
  },
  actions: [{ type: 'CHANGE_STAGE', debtTypeId: 3 }],
  createdBy: 1,
  createdByName: 'Ana Pérez',
  lastRunAt: null,
  lastRunStatus: null,
  ...stamp,
};

export const run = (id: number, fields: Partial<StrategyRun> = {}): StrategyRun => ({
  id,
  strategyId: 5,
  strategyName: 'Pasar a judicial',
  source: 'MANUAL',
  scope: null,
  runDate: '2026-11-30',
  status: 'DONE',
  expected: 153,
  counts: { matched: 153, applied: 150, unchanged: 1, blocked: 2 },
  error: null,
  createdBy: 1,
  createdByName: 'Ana Pérez',
  createdAt: '2026-11-30T12:00:00.000Z',
  finishedAt: '2026-11-30T12:01:00.000Z',
  ...fields,
});

export const debt = (debtId: number, fields: Partial<StrategyDebt> = {}): StrategyDebt => ({
  debtId,
  debtorName: 'GARCÍA, Ana',
  dni: '30123456',
  companyName: 'Banco del Plata',
  reference: `R-${debtId}`,
  stageName: 'Extrajudicial',
  daysPastDue: 120,
  owed: '1234.56',
  currency: 'ARS',
  assignedUserName: 'Pérez, Ana',
  actions: ['Pasa a Judicial'],
  outcome: 'APPLIED',
  reason: null,
  ...fields,
});
