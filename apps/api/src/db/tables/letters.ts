import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { id, instant } from './columns';
import { debts } from './debts';
import { jobs } from './jobs';
import { strategyRuns } from './strategies';
import { author } from './users';

/**
 * A letter issued for a debt (issue 32): each PDF that `GET /api/debts/{id}/letters/{code}` hands a
 * collector is a letter sent, so the debtor's file can say when and which. The template's code and
 * name are copied: a template edited or removed later does not rewrite what was sent.
 */
export const letters = pgTable(
  'letters',
  {
    id: id(),
    debtId: integer('debt_id')
      .notNull()
      .references(() => debts.id),
    templateCode: varchar('template_code', { length: 40 }).notNull(),
    templateName: varchar('template_name', { length: 120 }).notNull(),
    userId: author('user_id'),
    at: instant('at').notNull().defaultNow(),
    // A carta documento (issue 36): the post's number and the day it was delivered, which starts
    // the six-month suspension of prescription (CCyC 2541; the judicial issue reads it).
    cdNumber: varchar('cd_number', { length: 30 }),
    sentOn: date('sent_on'),
    deliveredOn: date('delivered_on'),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  // A debt's letters, newest first (the debtor's file reads them per debt).
  (t) => [index('letters_debt_at_idx').on(t.debtId, t.at.desc())],
);

/**
 * Letters waiting for the day's print batch (issue 36): a strategy queues them; a batch prints every
 * letter still waiting as one PDF and records each as a letter sent.
 */
export const letterBatches = pgTable('letter_batches', {
  id: id(),
  jobId: integer('job_id')
    .notNull()
    .references(() => jobs.id),
  letters: integer('letters').notNull().default(0),
  /** The PDF in document storage, once printed. */
  storageKey: text('storage_key'),
  createdBy: author('created_by'),
  createdAt: instant('created_at').notNull().defaultNow(),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});

export const letterQueue = pgTable(
  'letter_queue',
  {
    id: id(),
    debtId: integer('debt_id')
      .notNull()
      .references(() => debts.id),
    templateCode: varchar('template_code', { length: 40 }).notNull(),
    runId: integer('run_id').references(() => strategyRuns.id),
    queuedAt: instant('queued_at').notNull().defaultNow(),
    batchId: integer('batch_id').references(() => letterBatches.id),
  },
  (t) => [index('letter_queue_waiting_idx').on(t.id).where(sql`${t.batchId} IS NULL`)],
);
