import { LEDGER_KINDS } from '@cobranzas/shared';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { id, instant, money } from './columns';
import { debts } from './debts';
import { paymentMethodEnum } from './enums';
import { offers } from './offers';
import { quotas } from './quotas';
import { settlements } from './settlements';
import { users } from './users';

export const ledgerKindEnum = pgEnum('ledger_kind', LEDGER_KINDS);

/**
 * The money of every debt (DESIGN.md §11.1): one row per movement, never erased, its money never
 * edited (a trigger refuses it). A mistake is undone by a REVERSAL row naming the row it cancels
 * (`reversalOf`), who and why; both stay. Payments, deposits and services are views of the live rows
 * of their kind (migration 0024, db/ledgerViews.ts), each record keeping its `documentId` across
 * corrections; a quota's mora and an accepted offer's discount (REDUCTION) are rows too. The debt's
 * stored totals follow the rows by trigger; what the debt owes is shared/owed.ts over them.
 */
export const ledger = pgTable(
  'ledger',
  {
    id: id(),
    debtId: integer('debt_id')
      .notNull()
      .references(() => debts.id),
    kind: ledgerKindEnum('kind').notNull(),
    /** When the money moved (the payment's day, the service's, the mora's); a reversal: the day it was undone. */
    date: date('date').notNull(),
    /** Always positive: a reversal takes back its row's amount. */
    amount: money('amount').notNull(),
    /** The record's id in /payments, /deposits or /services: kept by its corrections. */
    documentId: integer('document_id'),
    /** A payment or deposit made for this quota; a quota's mora. */
    quotaId: integer('quota_id').references((): AnyPgColumn => quotas.id),
    /** REDUCTION: the accepted offer whose discount it is. */
    offerId: integer('offer_id').references(() => offers.id),
    /** REVERSAL: the row it cancels (once: unique). */
    reversalOf: integer('reversal_of').references((): AnyPgColumn => ledger.id),
    /** PAYMENT, DEPOSIT: the closed settlement that holds it (then nothing undoes it). */
    settlementId: integer('settlement_id').references(() => settlements.id),
    /** MORA: the interest to the day a plan was agreed, booked so the plan is what the books say. */
    planInterest: boolean('plan_interest').notNull().default(false),
    // What each kind says of itself (editable in place: none of it is money).
    method: paymentMethodEnum('method'),
    receiptNumber: varchar('receipt_number', { length: 60 }),
    bank: varchar('bank', { length: 80 }),
    account: varchar('account', { length: 60 }),
    description: varchar('description', { length: 200 }),
    paidToClient: boolean('paid_to_client').notNull().default(false),
    /** A record's notes; a reversal's reason. */
    notes: text('notes'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // A debt's rows in date order: the balance's one read, the ledger call, promises' windows.
    index('ledger_debt_date_idx').on(t.debtId, t.date),
    // A record by its id (the views' lookups, corrections).
    index('ledger_document_idx').on(t.kind, t.documentId).where(sql`${t.documentId} IS NOT NULL`),
    // Money collected by day (dashboard, settlements); 0028 adds INCLUDE (debt_id, amount, id) by hand.
    index('ledger_money_date_idx').on(t.date).where(sql`${t.kind} IN ('PAYMENT', 'DEPOSIT')`),
    index('ledger_quota_idx').on(t.quotaId).where(sql`${t.quotaId} IS NOT NULL`),
    index('ledger_settlement_idx').on(t.settlementId).where(sql`${t.settlementId} IS NOT NULL`),
    // A row is undone at most once; and "is it live?" is this index's lookup.
    uniqueIndex('ledger_reversal_unique').on(t.reversalOf).where(sql`${t.reversalOf} IS NOT NULL`),
    // An offer is accepted once: one reduction at most.
    uniqueIndex('ledger_offer_unique').on(t.offerId).where(sql`${t.kind} = 'REDUCTION'`),
    check('ledger_amount_positive', sql`${t.amount} > 0`),
    check('ledger_reversal', sql`(${t.kind} = 'REVERSAL') = (${t.reversalOf} IS NOT NULL)`),
    check(
      'ledger_document',
      sql`(${t.kind} IN ('PAYMENT', 'DEPOSIT', 'SERVICE')) = (${t.documentId} IS NOT NULL) OR ${t.kind} = 'REVERSAL'`,
    ),
    check('ledger_reduction', sql`(${t.kind} = 'REDUCTION') = (${t.offerId} IS NOT NULL)`),
  ],
);
