import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  char,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { collectionTypes, debtTypes } from './catalogs';
import { id, money, timestamps } from './columns';
import { companies, users } from './core';
import { currencyEnum, debtStatusEnum, paymentMethodEnum, quotaStatusEnum } from './enums';

export const debtors = pgTable(
  'debtors',
  {
    id: id(),
    dni: varchar('dni', { length: 8 }).notNull(),
    cuit: char('cuit', { length: 11 }),
    firstName: varchar('first_name', { length: 80 }).notNull(),
    lastName: varchar('last_name', { length: 80 }).notNull(),
    birthDate: date('birth_date'),
    email: varchar('email', { length: 254 }),
    phone: varchar('phone', { length: 40 }),
    altPhone: varchar('alt_phone', { length: 40 }),
    address: varchar('address', { length: 200 }),
    city: varchar('city', { length: 80 }),
    province: varchar('province', { length: 60 }),
    postalCode: varchar('postal_code', { length: 10 }),
    employer: varchar('employer', { length: 120 }),
    notes: text('notes'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('debtors_dni_unique').on(t.dni),
    uniqueIndex('debtors_cuit_unique').on(t.cuit).where(sql`${t.cuit} IS NOT NULL`),
    index('debtors_last_name_idx').on(t.lastName, t.firstName),
    // Free-text search (`q` of 3+ characters) with ILIKE '%…%': trigrams (pg_trgm, migration 0005).
    // The CUIT is char(n), which the operator class does not take: it is indexed, and searched, as text.
    index('debtors_search_trgm_idx').using(
      'gin',
      t.lastName.op('gin_trgm_ops'),
      t.firstName.op('gin_trgm_ops'),
      t.dni.op('gin_trgm_ops'),
      sql`(${t.cuit}::text) gin_trgm_ops`,
      t.email.op('gin_trgm_ops'),
      t.phone.op('gin_trgm_ops'),
    ),
  ],
);

/**
 * A debt placed by a company for collection. services/mora/paid/balance are stored totals kept by
 * recomputeDebtTotals (modules/debts/totals.ts) in the same transaction as every write that moves
 * them, so lists at millions of rows never aggregate the child tables.
 */
export const debts = pgTable(
  'debts',
  {
    id: id(),
    debtorId: integer('debtor_id')
      .notNull()
      .references(() => debtors.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    debtTypeId: integer('debt_type_id')
      .notNull()
      .references(() => debtTypes.id),
    collectionTypeId: integer('collection_type_id').references(() => collectionTypes.id),
    reference: varchar('reference', { length: 60 }),
    originalAmount: money('original_amount').notNull(),
    currency: currencyEnum('currency').notNull().default('ARS'),
    originDate: date('origin_date'),
    defaultDate: date('default_date'),
    punitiveRate: numeric('punitive_rate', { precision: 5, scale: 2 }).notNull().default('0'),
    status: debtStatusEnum('status').notNull().default('ACTIVA'),
    // A user with debts assigned cannot be deleted (deactivate instead): no ON DELETE SET NULL.
    assignedUserId: integer('assigned_user_id').references(() => users.id),
    court: varchar('court', { length: 200 }),
    caseNumber: varchar('case_number', { length: 60 }),
    notes: text('notes'),
    servicesAmount: money('services_amount').notNull().default('0'),
    moraAmount: money('mora_amount').notNull().default('0'),
    paidAmount: money('paid_amount').notNull().default('0'),
    balance: money('balance').notNull().default('0'),
    ...timestamps,
  },
  (t) => [
    index('debts_debtor_id_idx').on(t.debtorId),
    // A client's portfolio by stage, newest first (CLIENTE lists, reports per company).
    index('debts_company_stage_idx').on(t.companyId, t.debtTypeId, t.id.desc().nullsFirst()),
    // A company's debts of every stage, newest first (a CLIENTE's list, the company filter).
    index('debts_company_idx').on(t.companyId, t.id.desc().nullsFirst()),
    // /debts/type/{type}: one stage, newest first.
    index('debts_stage_idx').on(t.debtTypeId, t.id.desc().nullsFirst()),
    index('debts_status_idx').on(t.status),
    index('debts_assigned_user_id_idx').on(t.assignedUserId),
    index('debts_collection_type_id_idx').on(t.collectionTypeId),
    index('debts_reference_idx').on(t.reference),
    // Free-text search on the debt's own text (modules/debts/search.ts).
    index('debts_search_trgm_idx').using(
      'gin',
      t.reference.op('gin_trgm_ops'),
      t.caseNumber.op('gin_trgm_ops'),
    ),
    check('debts_original_amount_positive', sql`${t.originalAmount} > 0`),
  ],
);

export const quotas = pgTable(
  'quotas',
  {
    id: id(),
    debtId: integer('debt_id')
      .notNull()
      .references(() => debts.id),
    number: integer('number').notNull(),
    amount: money('amount').notNull(),
    dueDate: date('due_date').notNull(),
    status: quotaStatusEnum('status').notNull().default('PENDIENTE'),
    moraAmount: money('mora_amount').notNull().default('0'),
    paidAt: date('paid_at'),
    paymentId: integer('payment_id').references((): AnyPgColumn => payments.id),
    ...timestamps,
  },
  (t) => [
    // Also the index of a debt's quotas in order.
    uniqueIndex('quotas_debt_number_unique').on(t.debtId, t.number),
    // Overdue quotas (KPI, mora runs).
    index('quotas_due_date_status_idx').on(t.dueDate, t.status),
    check('quotas_amount_positive', sql`${t.amount} > 0`),
    check('quotas_mora_not_negative', sql`${t.moraAmount} >= 0`),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: id(),
    debtId: integer('debt_id')
      .notNull()
      .references(() => debts.id),
    quotaId: integer('quota_id').references((): AnyPgColumn => quotas.id),
    amount: money('amount').notNull(),
    paidAt: date('paid_at').notNull(),
    method: paymentMethodEnum('method').notNull().default('EFECTIVO'),
    receiptNumber: varchar('receipt_number', { length: 60 }),
    notes: text('notes'),
    // Who recorded the money: a user who did cannot be deleted (deactivate instead).
    createdBy: integer('created_by').references(() => users.id),
    ...timestamps,
  },
  (t) => [
    index('payments_debt_id_idx').on(t.debtId),
    index('payments_paid_at_idx').on(t.paidAt),
    // One payment per quota: the last guard that makes concurrent pays record exactly one.
    uniqueIndex('payments_quota_id_unique').on(t.quotaId).where(sql`${t.quotaId} IS NOT NULL`),
    check('payments_amount_positive', sql`${t.amount} > 0`),
  ],
);

export const deposits = pgTable(
  'deposits',
  {
    id: id(),
    debtId: integer('debt_id')
      .notNull()
      .references(() => debts.id),
    amount: money('amount').notNull(),
    depositedAt: date('deposited_at').notNull(),
    bank: varchar('bank', { length: 80 }),
    account: varchar('account', { length: 60 }),
    receiptNumber: varchar('receipt_number', { length: 60 }),
    notes: text('notes'),
    ...timestamps,
  },
  (t) => [
    index('deposits_debt_id_idx').on(t.debtId),
    // Money collected per month (dashboard), like payments_paid_at_idx.
    index('deposits_deposited_at_idx').on(t.depositedAt),
    check('deposits_amount_positive', sql`${t.amount} > 0`),
  ],
);

export const services = pgTable(
  'services',
  {
    id: id(),
    debtId: integer('debt_id')
      .notNull()
      .references(() => debts.id),
    description: varchar('description', { length: 200 }).notNull(),
    amount: money('amount').notNull(),
    date: date('date').notNull(),
    ...timestamps,
  },
  (t) => [
    index('services_debt_id_idx').on(t.debtId),
    check('services_amount_positive', sql`${t.amount} > 0`),
  ],
);
