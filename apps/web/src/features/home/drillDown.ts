/**
 * Where each dashboard figure leads (issue 32): the list behind it, with the dashboard's filters in
 * that list's own URL names. The figures are in pesos (general-kpi's default), so are the lists.
 */
import { PRESCRIPTION_WARNING_DAYS } from '@cobranzas/shared';
import type { ReportFilters } from './api';

export const DASHBOARD_CURRENCY = 'ARS';

const query = (pairs: Record<string, string | undefined>) => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(pairs)) if (value) params.set(name, value);
  const text = params.toString();
  return text ? `?${text}` : '';
};

/** The cohort: the debts placed (created) in the period, in the Buscador or in a stage's list. */
export function cohortDebtsPath(filters: ReportFilters, stage?: number): string {
  const base = stage === undefined ? '/debts/search' : `/debts/type/${stage}`;
  return `${base}${query({
    companyId: filters.company,
    createdFrom: filters.start,
    createdTo: filters.end,
    currency: DASHBOARD_CURRENCY,
  })}`;
}

/**
 * «Prescriben en 60 días» (issue 37): the open debts whose claim prescribes from today to 60 days on,
 * of the dashboard's company and currency, in the Buscador (not of the period: it is about today).
 */
export const prescribingSoonPath = (filters: ReportFilters): string =>
  `/debts/search${query({
    companyId: filters.company,
    currency: DASHBOARD_CURRENCY,
    prescribesWithinDays: String(PRESCRIPTION_WARNING_DAYS),
  })}`;

/** The cash: every payment and deposit dated in the period (CollectedPage, the dashboard's names). */
export const collectedPath = (filters: ReportFilters): string =>
  `/collected${query({ company: filters.company, start: filters.start, end: filters.end })}`;

/** The dashboard itself, back from a list with the same filters. */
export const dashboardPath = (filters: ReportFilters): string =>
  `/${query({ company: filters.company, start: filters.start, end: filters.end })}`;
