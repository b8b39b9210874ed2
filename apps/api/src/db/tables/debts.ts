import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { collectionTypes, debtTypes } from './catalogs';
import { id, money, timestamps } from './columns';
import { companies } from './companies';
import { debtors } from './debtors';
import { currencyEnum, debtStatusEnum } from './enums';
import { imports } from './imports';
import { rateTables } from './rateTables';
import { users } from './users';

/**
 * A debt placed by a company for collection. services/mora/paid/balance are stored totals kept by
 * SQL delta triggers in the statement of every write that moves them (migration 0009; repaired by
 * debt_totals_rebuild()), so lists at millions of rows never aggregate the child tables.
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
    /** Compensatory interest, % a year, as the client's file gave it (the balance to date uses it: issue 17). */
    interestRate: numeric('interest_rate', { precision: 5, scale: 2 }),
    /** A dated rate table that replaces interestRate (issue 17, DESIGN.md §10.2). */
    rateTableId: integer('rate_table_id').references(() => rateTables.id),
    status: debtStatusEnum('status').notNull().default('ACTIVA'),
    // A user with debts assigned cannot be deleted (deactivate instead): no ON DELETE SET NULL.
    assignedUserId: integer('assigned_user_id').references(() => users.id),
    court: varchar('court', { length: 200 }),
    caseNumber: varchar('case_number', { length: 60 }),
    notes: text('notes'),
    /** The portfolio import that created it (DESIGN.md §10.1). */
    importId: integer('import_id').references(() => imports.id),
    servicesAmount: money('services_amount').notNull().default('0'),
    moraAmount: money('mora_amount').notNull().default('0'),
    paidAmount: money('paid_amount').notNull().default('0'),
    balance: money('balance').notNull().default('0'),
    // The queue's facts, kept by triggers (migration 0019): the latest event's instant and the
    // earliest due date of an unpaid quota. Without them each queue read probed 5 000 debts' events and quotas.
    lastContactAt: timestamp('last_contact_at', { withTimezone: true }),
    nextQuotaDue: date('next_quota_due'),
    // The latest promise's due date, and whether the debtor has a phone of its own that is open.
    latestPromiseDue: date('latest_promise_due'),
    // The last day the latest promise can still be kept (its due date + the company's grace days) while
    // its window is not paid in full; null when kept or there is none (migration 0022: the queue no
    // longer sums each due promise's payments on every read).
    latestPromiseOpenUntil: date('latest_promise_open_until'),
    // No default: left out of an insert it is NULL and a trigger computes it (migration 0044).
    debtorPhoneOpen: boolean('debtor_phone_open').notNull().default(sql`NULL`),
    // Derived by PostgreSQL for the queue's score (migration 0021): computing the agency day of the last
    // contact and the balance's digits per row cost 4 of the queue's 14 ms over a collector's 5 000 debts.
    lastContactOn: date('last_contact_on').generatedAlwaysAs(
      sql`(last_contact_at AT TIME ZONE 'America/Argentina/Buenos_Aires')::date`,
    ),
    /** 2 × floor(log10(balance)), the balance's share of the queue's score (docs/decisions.md «La cola»). */
    balancePoints: smallint('balance_points')
      .notNull()
      .generatedAlwaysAs(sql`2 * (length(trunc(greatest(balance, 1))::text) - 1)`),
    // Prescription (issue 37, docs/decisions.md «Prescripción»): the term of its collection type and the
    // facts that move it, kept by triggers (migration 0042); prescribesOn is derived by PostgreSQL as
    // shared/prescription.ts says — the last day the claim can be brought; null while a filed case is
    // pending, or with no date to run from.
    prescriptionYears: smallint('prescription_years').notNull().default(5),
    lastInterruptionOn: date('last_interruption_on'),
    firstDemandOn: date('first_demand_on'),
    casePending: boolean('case_pending').notNull().default(false),
    prescribesOn: date('prescribes_on').generatedAlwaysAs(
      sql.raw(`CASE WHEN NOT case_pending THEN (greatest(coalesce(default_date, origin_date), last_interruption_on) + make_interval(years => prescription_years))::date
        + CASE WHEN first_demand_on BETWEEN greatest(coalesce(default_date, origin_date), last_interruption_on) AND (greatest(coalesce(default_date, origin_date), last_interruption_on) + make_interval(years => prescription_years))::date
          THEN (first_demand_on + interval '6 months')::date - first_demand_on ELSE 0 END END`),
    ),
    /** What `q` finds of the debt's own text (its reference and case number), folded as debtors'. */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`search_fold(coalesce(reference, '') || ' ' || coalesce(case_number, ''))`),
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
    index('debts_rate_table_id_idx').on(t.rateTableId).where(sql`${t.rateTableId} IS NOT NULL`),
    index('debts_reference_idx').on(t.reference),
    // The import's lookup of a batch's references (idempotent by company and reference, DESIGN §10.1).
    // The reference index alone lost to the trigram index, whose equality reads every "R-…" row.
    index('debts_company_reference_idx').on(t.companyId, t.reference),
    index('debts_import_id_idx').on(t.importId).where(sql`${t.importId} IS NOT NULL`),
    // Free-text search on the debt's own text by word prefixes (modules/debts/search.ts).
    // «Prescribe en los próximos N días» (lists, dashboard): debts_prescribes_on_idx, by hand in
    // migration 0043 (it covers status, balance, company and currency: drizzle has no INCLUDE).
    index('debts_search_text_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    check('debts_original_amount_positive', sql`${t.originalAmount} > 0`),
  ],
);
