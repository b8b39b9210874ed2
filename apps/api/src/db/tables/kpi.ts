import { sql } from 'drizzle-orm';
import { bigint, customType, date, index, integer, numeric, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { currencyEnum } from './enums';

/**
 * Summaries for the dashboard (GET /report/general-kpi, /report/collection-types), kept by triggers
 * (migration 0003) in the same transaction as every write to debts, payments, deposits and quotas.
 * At a million debts an aggregate over the base tables takes seconds; over these, milliseconds.
 * Days are agency days (UTC−3). Amounts are sums of NUMERIC(15,2): wider, never floats.
 */
const total = (name: string) => numeric(name, { precision: 20, scale: 2 }).notNull().default('0');

/** Debts placed with the agency, per company, agency day of created_at, stage and currency. */
export const kpiPlaced = pgTable(
  'kpi_placed',
  {
    companyId: integer('company_id').notNull(),
    day: date('day').notNull(),
    debtTypeId: integer('debt_type_id').notNull(),
    currency: currencyEnum('currency').notNull(),
    debts: integer('debts').notNull().default(0),
    originalAmount: total('original_amount'),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day, t.debtTypeId, t.currency] })],
);

/** Money collected (payments + deposits) per company, agency day and currency. */
export const kpiCollected = pgTable(
  'kpi_collected',
  {
    companyId: integer('company_id').notNull(),
    day: date('day').notNull(),
    currency: currencyEnum('currency').notNull(),
    movements: integer('movements').notNull().default(0),
    amount: total('amount'),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day, t.currency] })],
);

/**
 * Of kpi_collected, what closed settlements hold (issue 19): written when a settlement closes (its
 * money is frozen from then on, so it never moves). Collected − settled is the dashboard's «a rendir».
 */
export const kpiSettled = pgTable(
  'kpi_settled',
  {
    companyId: integer('company_id').notNull(),
    day: date('day').notNull(),
    currency: currencyEnum('currency').notNull(),
    movements: integer('movements').notNull().default(0),
    amount: total('amount'),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day, t.currency] })],
);

/** Quotas not yet paid (PENDIENTE, EN_MORA) per company, due date and currency: amount + mora. */
export const kpiUnpaidQuotas = pgTable(
  'kpi_unpaid_quotas',
  {
    companyId: integer('company_id').notNull(),
    dueDate: date('due_date').notNull(),
    currency: currencyEnum('currency').notNull(),
    quotas: integer('quotas').notNull().default(0),
    amount: total('amount'),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.dueDate, t.currency] })],
);

/** The portfolio now, per company, collection type (0 = none) and currency: original, paid, balance. */
export const kpiPortfolio = pgTable(
  'kpi_portfolio',
  {
    companyId: integer('company_id').notNull(),
    collectionTypeId: integer('collection_type_id').notNull(),
    currency: currencyEnum('currency').notNull(),
    debts: integer('debts').notNull().default(0),
    originalAmount: total('original_amount'),
    paidAmount: total('paid_amount'),
    balance: total('balance'),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.collectionTypeId, t.currency] })],
);

/** PostgreSQL's one-byte "char" (not char(1)): the kind of a pending delta. */
const byteChar = customType<{ data: string }>({ dataType: () => '"char"' });

/**
 * The deltas of the open transactions (migration 0009): the kpi_* triggers append here, and a
 * deferred constraint trigger folds each transaction's rows into the summaries at COMMIT, in key
 * order, then deletes them. Empty at rest.
 */
export const kpiPending = pgTable(
  'kpi_pending',
  {
    tx: bigint('tx', { mode: 'number' }).notNull().default(sql`txid_current()`),
    kind: byteChar('kind').notNull(),
    companyId: integer('company_id').notNull(),
    day: date('day'),
    typeId: integer('type_id'),
    currency: currencyEnum('currency').notNull(),
    n: integer('n').notNull(),
    amount: numeric('amount').notNull(),
    paid: numeric('paid').notNull().default('0'),
    balance: numeric('balance').notNull().default('0'),
  },
  (t) => [index('kpi_pending_tx_idx').on(t.tx)],
);
