/**
 * Every table of the product (DESIGN.md §8), one file per resource; drizzle-kit reads this file to
 * write migrations. The ledger's views (payments, deposits, services) are in ../ledgerViews.ts.
 */
export * from './tables/agency';
export * from './tables/audit';
export * from './tables/cases';
export * from './tables/catalogs';
export * from './tables/companies';
export * from './tables/debtors';
export * from './tables/debts';
export * from './tables/documents';
export * from './tables/embargos';
export * from './tables/enums';
export * from './tables/events';
export * from './tables/imports';
export * from './tables/jobs';
export * from './tables/kpi';
export * from './tables/ledger';
export * from './tables/letters';
export * from './tables/letterTemplates';
export * from './tables/observations';
export * from './tables/offers';
export * from './tables/portal';
export * from './tables/promises';
export * from './tables/queue';
export * from './tables/quotas';
export * from './tables/rateTables';
export * from './tables/receipts';
export * from './tables/reconciliations';
export * from './tables/settlements';
export * from './tables/strategies';
export * from './tables/tasks';
export * from './tables/users';
export * from './tables/usersTypes';
