/**
 * The ledger as the SPEC's resources see it (migration 0024): /payments, /deposits and /services are
 * views over the live rows of the ledger (tables/ledger.ts) with the columns their records always
 * had, `id` being the record's document id. Writes go through them: PostgreSQL's INSTEAD OF triggers
 * insert a row (a new record), edit what describes it in place, or, when its money changes or it is
 * deleted, write a REVERSAL of the old row (and the new row, same id). So the generic CRUD serves
 * them as it serves any table. Declared as tables for Drizzle's builders, and kept out of
 * schema.ts so that drizzle-kit never writes them as tables.
 */
import { sql } from 'drizzle-orm';
import { boolean, date, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { instant, money } from './tables/columns';
import { paymentMethodEnum } from './tables/enums';
import { ledgerKindEnum } from './tables/ledger';

const recordColumns = {
  // The record's id: the view's default (a new document id), kept by its corrections.
  id: integer('id').primaryKey().default(sql`nextval('ledger_document_seq')`),
  debtId: integer('debt_id').notNull(),
  amount: money('amount').notNull(),
  createdBy: integer('created_by'),
  createdAt: instant('created_at').notNull().defaultNow(),
  updatedAt: instant('updated_at').notNull().defaultNow(),
};

export const payments = pgTable('payments', {
  ...recordColumns,
  quotaId: integer('quota_id'),
  paidAt: date('paid_at').notNull(),
  method: paymentMethodEnum('method').notNull().default('EFECTIVO'),
  receiptNumber: varchar('receipt_number', { length: 60 }),
  notes: text('notes'),
  // Paid by the debtor straight to the client company, as it reported (issue 19).
  paidToClient: boolean('paid_to_client').notNull().default(false),
  // The closed settlement that holds it: then nothing changes it.
  settlementId: integer('settlement_id'),
});

export const deposits = pgTable('deposits', {
  ...recordColumns,
  depositedAt: date('deposited_at').notNull(),
  bank: varchar('bank', { length: 80 }),
  account: varchar('account', { length: 60 }),
  receiptNumber: varchar('receipt_number', { length: 60 }),
  notes: text('notes'),
  settlementId: integer('settlement_id'),
});

export const services = pgTable('services', {
  ...recordColumns,
  description: varchar('description', { length: 200 }).notNull(),
  date: date('date').notNull(),
});

/** Every live row (not a reversal, not reversed): what the money of a debt is. Read only. */
export const ledgerLive = pgTable('ledger_live', {
  id: integer('id').primaryKey(),
  debtId: integer('debt_id').notNull(),
  kind: ledgerKindEnum('kind').notNull(),
  date: date('date').notNull(),
  amount: money('amount').notNull(),
  documentId: integer('document_id'),
  quotaId: integer('quota_id'),
  offerId: integer('offer_id'),
  settlementId: integer('settlement_id'),
  planInterest: boolean('plan_interest').notNull(),
  paidToClient: boolean('paid_to_client').notNull(),
  createdAt: instant('created_at').notNull(),
});
