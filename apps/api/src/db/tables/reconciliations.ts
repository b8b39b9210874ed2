import {
  FIXED_DATE_FORMATS,
  LINE_STATUSES,
  MATCH_CONFIDENCES,
  POSTING_KINDS,
  PROFILE_LAYOUTS,
  RECONCILIATION_SOURCES,
} from '@cobranzas/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { id, instant, money, timestamps } from './columns';
import { debts } from './debts';
import { currencyEnum, paymentMethodEnum } from './enums';
import { jobs } from './jobs';
import { author } from './users';

/**
 * Money in (DESIGN.md §11.4; issue 35). A profile says how one source's files are read; a
 * reconciliation is one uploaded file (its lifecycle is its job's row, as an import's); its lines
 * carry the clues the matcher reads and their candidates; a posting ties a line to the payment or
 * deposit it wrote (or confirmed); a movement is claimed once by the line that posted it, which keeps
 * one movement from posting twice across files and re-uploads.
 */
export const reconciliationProfiles = pgTable('reconciliation_profiles', {
  id: id(),
  name: varchar('name', { length: 80 }).notNull().unique(),
  source: varchar('source', { length: 12, enum: RECONCILIATION_SOURCES }).notNull(),
  layout: varchar('layout', { length: 10, enum: PROFILE_LAYOUTS }).notNull(),
  mapping: jsonb('mapping'),
  fixedLayout: jsonb('fixed_layout'),
  dateFormat: varchar('date_format', { length: 8, enum: FIXED_DATE_FORMATS }),
  impliedDecimals: smallint('implied_decimals').notNull().default(2),
  recordPrefix: varchar('record_prefix', { length: 10 }),
  currency: currencyEnum('currency').notNull().default('ARS'),
  postAs: varchar('post_as', { length: 7, enum: POSTING_KINDS }).notNull().default('PAYMENT'),
  method: paymentMethodEnum('method').notNull().default('TRANSFERENCIA'),
  active: boolean('active').notNull().default(true),
  ...timestamps,
});

export const reconciliations = pgTable(
  'reconciliations',
  {
    id: id(),
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id),
    profileId: integer('profile_id')
      .notNull()
      .references(() => reconciliationProfiles.id),
    fileName: varchar('file_name', { length: 200 }).notNull(),
    /** 'xlsx', 'csv' or 'txt' (fixed width). */
    kind: varchar('kind', { length: 4 }).notNull(),
    /** The uploaded bytes (document storage), until the job has read them. */
    storageKey: varchar('storage_key', { length: 200 }),
    headers: jsonb('headers').notNull(),
    totalRows: integer('total_rows'),
    /** The checkpoint: rows of the file whose lines are committed. */
    processedRows: integer('processed_rows').notNull().default(0),
    skippedRows: integer('skipped_rows').notNull().default(0),
    rejectedRows: integer('rejected_rows').notNull().default(0),
    /** The first reasons of rejected rows («Fila 12: la fecha no es válida.»). */
    problems: jsonb('problems').notNull().default([]),
    /** True once every line has its candidates (the job's last step). */
    matched: boolean('matched').notNull().default(false),
    createdBy: author('created_by'),
    ...timestamps,
  },
  (t) => [index('reconciliations_created_at_idx').on(t.createdAt.desc())],
);

export const reconciliationLines = pgTable(
  'reconciliation_lines',
  {
    id: id(),
    reconciliationId: integer('reconciliation_id')
      .notNull()
      .references(() => reconciliations.id),
    rowNumber: integer('row_number').notNull(),
    date: date('date').notNull(),
    amount: money('amount').notNull(),
    description: varchar('description', { length: 500 }),
    reference: varchar('reference', { length: 200 }),
    payerName: varchar('payer_name', { length: 200 }),
    payerId: varchar('payer_id', { length: 40 }),
    transactionId: varchar('transaction_id', { length: 100 }),
    /** The movement's identity across files: the profile's transaction id, or a fingerprint. */
    movementKey: varchar('movement_key', { length: 120 }).notNull(),
    // The clues of shared/reconciliation.ts, and the folded words of the names, for the SQL matcher.
    intentRefs: text('intent_refs').array().notNull(),
    cuits: text('cuits').array().notNull(),
    dnis: text('dnis').array().notNull(),
    refs: text('refs').array().notNull(),
    nameWords: text('name_words').array().notNull(),
    status: varchar('status', { length: 16, enum: LINE_STATUSES }).notNull().default('SIN_COINCIDENCIA'),
    /** The strongest candidate's. */
    confidence: varchar('confidence', { length: 7, enum: MATCH_CONFIDENCES }).notNull().default('NINGUNA'),
    /** YA_CONCILIADA: the line that posted the movement. */
    postedByLineId: integer('posted_by_line_id'),
    note: text('note'),
    decidedBy: author('decided_by'),
    decidedAt: instant('decided_at'),
  },
  (t) => [
    uniqueIndex('reconciliation_lines_row_unique').on(t.reconciliationId, t.rowNumber),
    index('reconciliation_lines_status_idx').on(t.reconciliationId, t.status, t.confidence),
    index('reconciliation_lines_movement_idx').on(t.movementKey),
    check('reconciliation_lines_amount_positive', sql`${t.amount} > 0`),
  ],
);

export const reconciliationCandidates = pgTable(
  'reconciliation_candidates',
  {
    lineId: integer('line_id')
      .notNull()
      .references(() => reconciliationLines.id, { onDelete: 'cascade' }),
    debtId: integer('debt_id')
      .notNull()
      .references(() => debts.id),
    confidence: varchar('confidence', { length: 7, enum: MATCH_CONFIDENCES }).notNull(),
    reason: varchar('reason', { length: 200 }).notNull(),
    /** «Ya registrado»: the payment or deposit typed by hand this line is. */
    existingKind: varchar('existing_kind', { length: 7, enum: POSTING_KINDS }),
    existingId: integer('existing_id'),
  },
  (t) => [primaryKey({ columns: [t.lineId, t.debtId] })],
);

export const reconciliationPostings = pgTable(
  'reconciliation_postings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    lineId: integer('line_id')
      .notNull()
      .references(() => reconciliationLines.id),
    debtId: integer('debt_id')
      .notNull()
      .references(() => debts.id),
    kind: varchar('kind', { length: 7, enum: POSTING_KINDS }).notNull(),
    /** The payment's or deposit's id (its document id in the ledger, kept by its corrections). */
    recordId: integer('record_id').notNull(),
    amount: money('amount').notNull(),
    existing: boolean('existing').notNull(),
    createdBy: author('created_by'),
    createdAt: instant('created_at').notNull().defaultNow(),
    /** Undone (un-posted): when and by whom; the row stays. */
    undoneAt: instant('undone_at'),
    undoneBy: author('undone_by'),
  },
  (t) => [
    index('reconciliation_postings_line_idx').on(t.lineId),
    // A payment or deposit is the money of one line at most.
    uniqueIndex('reconciliation_postings_record_unique')
      .on(t.kind, t.recordId)
      .where(sql`${t.undoneAt} IS NULL`),
  ],
);

/** A movement posted: claimed once (its key is the primary key), released when it is un-posted. */
export const reconciliationMovements = pgTable('reconciliation_movements', {
  movementKey: varchar('movement_key', { length: 120 }).primaryKey(),
  lineId: integer('line_id')
    .notNull()
    .references(() => reconciliationLines.id),
  claimedAt: instant('claimed_at').notNull().defaultNow(),
});
