import { addDays, agencyToday, type Case, type CaseNotice, type CaseStep } from '@cobranzas/shared';
import type { InternalAxiosRequestConfig } from 'axios';

const stamp = { createdAt: '2026-03-01T12:00:00.000Z', updatedAt: '2026-03-01T12:00:00.000Z' };
export const today = agencyToday();
/** Days from today (negative: before), as the API gives them. */
export const inDays = (n: number) => addDays(today, n);
/** 'YYYY-MM-DD' as the screens show it. */
export const shown = (day: string) => day.split('-').reverse().join('/');

export const list = (data: unknown[]) => ({
  status: 200,
  data: { data, total: data.length, page: 1, limit: 500 },
});

export const CASE: Case = {
  id: 7,
  debtId: 12,
  debtReference: 'CTA-1',
  companyId: 5,
  companyName: 'Frávega S.A.',
  debtorName: 'Pérez, Juan',
  debtorDni: '20345678',
  jurisdictionId: 2,
  jurisdictionName: 'Ciudad de Buenos Aires',
  fuero: 'Civil',
  court: 'Juzgado Civil N.º 40',
  secretary: 'Secretaría única',
  number: '12345/2026',
  caption: 'FRÁVEGA S.A. c/ PÉREZ, JUAN s/ EJECUTIVO',
  kind: 'EJECUTIVO',
  filedOn: '2026-02-10',
  closedOn: null,
  lawyerId: 4,
  lawyerName: 'Gómez, Laura',
  statusId: 3,
  statusName: 'Demanda presentada',
  nextDeadlineOn: inDays(3),
  internalNotes: 'Llamar al juzgado el martes.',
  ...stamp,
};

export const STEP: CaseStep = {
  id: 30,
  caseId: 7,
  on: inDays(-2),
  title: 'Traslado de la demanda',
  description: 'Se corrió traslado por cinco días.',
  statusId: 3,
  statusName: 'Demanda presentada',
  deadlineDays: 5,
  deadlineFrom: inDays(-2),
  deadlineOn: inDays(3),
  taskId: 90,
  taskStatus: 'PENDIENTE',
  createdByName: 'Gómez, Laura',
  documents: [{ id: 55, fileName: 'escrito-demanda.pdf' }],
  ...stamp,
};

export const OLD_STEP: CaseStep = {
  ...STEP,
  id: 29,
  on: inDays(-20),
  title: 'Presentación de la demanda',
  description: null,
  deadlineDays: null,
  deadlineFrom: null,
  deadlineOn: null,
  taskId: null,
  taskStatus: null,
  documents: [],
};

export const NOTICE: CaseNotice = {
  id: 40,
  caseId: 7,
  addressee: 'Pérez, Juan',
  address: 'Av. Calchaquí 123, Quilmes',
  sentOn: inDays(-5),
  servedOn: null,
  notes: null,
  ...stamp,
};

export const JURISDICTIONS = [
  { id: 2, name: 'Ciudad de Buenos Aires', description: null, ...stamp },
  { id: 3, name: 'Provincia de Buenos Aires', description: null, ...stamp },
];
export const STATUSES = [
  { id: 3, name: 'Demanda presentada', description: null, ...stamp },
  { id: 4, name: 'Sentencia', description: null, ...stamp },
];
export const USERS = [
  { id: 4, name: 'Gómez, Laura', role: 'GENERAL', active: true, ...stamp },
  { id: 6, name: 'Cliente Frávega', role: 'CLIENTE', active: true, ...stamp },
];
export const COMPANIES = [{ id: 5, name: 'Frávega S.A.', active: true, ...stamp }];

/** The catalogs the case screens read; null when the URL is none of them. */
export function catalogs(config: InternalAxiosRequestConfig) {
  if (config.method !== 'get') return null;
  if (config.url === '/jurisdictions') return list(JURISDICTIONS);
  if (config.url === '/case-statuses') return list(STATUSES);
  if (config.url === '/users') return list(USERS);
  if (config.url === '/companies') return list(COMPANIES);
  return null;
}
