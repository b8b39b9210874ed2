import { RUN_OUTCOMES, RUN_SOURCES, STRATEGY_TRIGGERS } from '@cobranzas/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  time,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { id, instant, timestamps } from './columns';
import { debts } from './debts';
import { jobs } from './jobs';
import { users } from './users';

/**
 * Strategies (DESIGN.md §11.5; issue 36). A strategy is a rule (its conditions and actions as JSON
 * the shared schema validates); a run is one pass of it over the debts, done by a job; each debt a
 * run took is a row saying what it got, which is also what keeps a resumed run from acting twice on
 * a debt; a STOP action takes a debt out of its strategy for good.
 */
export const strategies = pgTable(
  'strategies',
  {
    id: id(),
    name: varchar('name', { length: 120 }).notNull(),
    description: text('description'),
    active: boolean('active').notNull().default(true),
    trigger: varchar('trigger', { length: 14, enum: STRATEGY_TRIGGERS }).notNull(),
    /** DAILY: the agency's time of day. */
    runAt: time('run_at'),
    conditions: jsonb('conditions').notNull(),
    actions: jsonb('actions').notNull(),
    createdBy: integer('created_by').references(() => users.id),
    ...timestamps,
  },
  (t) => [uniqueIndex('strategies_name_unique').on(sql`lower(${t.name})`)],
);

export const strategyRuns = pgTable(
  'strategy_runs',
  {
    id: id(),
    strategyId: integer('strategy_id')
      .notNull()
      .references(() => strategies.id),
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id),
    source: varchar('source', { length: 14, enum: RUN_SOURCES }).notNull(),
    /**
     * One run per trigger's occasion: «daily:2026-11-29», «import:12», «payments:…», «manual:…».
     * Unique per strategy, so two processes seeing the same occasion start one run.
     */
    runKey: varchar('run_key', { length: 80 }).notNull(),
    /** What the trigger hands the run: {importId} | {from, to} (instants or days) | {}. */
    scope: jsonb('scope').notNull().default({}),
    /** The strategy as it was when the run started (an edit mid-run changes nothing). */
    definition: jsonb('definition').notNull(),
    runDate: date('run_date').notNull(),
    /** The debts the conditions took when the run started (its progress bar's end; null until then). */
    expected: integer('expected'),
    matched: integer('matched').notNull().default(0),
    applied: integer('applied').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    blocked: integer('blocked').notNull().default(0),
    /** The last debt id a committed batch reached: a resumed run goes on after it. */
    checkpoint: integer('checkpoint').notNull().default(0),
    /** What an ASSIGN action carries from batch to batch (the next turn, each collector's load). */
    state: jsonb('state').notNull().default({}),
    createdBy: integer('created_by').references(() => users.id),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('strategy_runs_key_unique').on(t.strategyId, t.runKey),
    index('strategy_runs_strategy_idx').on(t.strategyId, t.id.desc()),
  ],
);

export const strategyRunDebts = pgTable(
  'strategy_run_debts',
  {
    runId: integer('run_id')
      .notNull()
      .references(() => strategyRuns.id, { onDelete: 'cascade' }),
    debtId: integer('debt_id')
      .notNull()
      .references(() => debts.id),
    outcome: varchar('outcome', { length: 9, enum: RUN_OUTCOMES }).notNull(),
    /** What it got, in words, or the rule that blocked it. */
    detail: text('detail'),
  },
  (t) => [primaryKey({ columns: [t.runId, t.debtId] }), index('strategy_run_debts_debt_idx').on(t.debtId)],
);

export const strategyStops = pgTable(
  'strategy_stops',
  {
    strategyId: integer('strategy_id')
      .notNull()
      .references(() => strategies.id),
    debtId: integer('debt_id')
      .notNull()
      .references(() => debts.id),
    runId: integer('run_id').references(() => strategyRuns.id),
    at: instant('at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.strategyId, t.debtId] })],
);

export const MESSAGE_CHANNELS = ['EMAIL', 'WHATSAPP'] as const;
export const MESSAGE_STATUSES = ['PENDIENTE', 'ENVIADO', 'FALLIDO'] as const;

/**
 * The messages a run sends (an outbox): written in the batch's transaction with everything else the
 * debt got, sent after it commits, and marked. A run resumed after a crash sends what its last
 * attempt left PENDIENTE before going on; one per run, debt and channel.
 */
export const strategyMessages = pgTable(
  'strategy_messages',
  {
    id: id(),
    runId: integer('run_id')
      .notNull()
      .references(() => strategyRuns.id, { onDelete: 'cascade' }),
    debtId: integer('debt_id')
      .notNull()
      .references(() => debts.id),
    channel: varchar('channel', { length: 8, enum: MESSAGE_CHANNELS }).notNull(),
    recipient: varchar('recipient', { length: 254 }).notNull(),
    /** EMAIL: its subject and text; WHATSAPP: the template's name, language and parameters (JSON). */
    subject: text('subject'),
    body: text('body').notNull(),
    unsubscribeUrl: text('unsubscribe_url'),
    status: varchar('status', { length: 10, enum: MESSAGE_STATUSES }).notNull().default('PENDIENTE'),
    error: text('error'),
    providerId: varchar('provider_id', { length: 200 }),
    sentAt: instant('sent_at'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('strategy_messages_once').on(t.runId, t.debtId, t.channel),
    index('strategy_messages_pending_idx').on(t.runId).where(sql`${t.status} = 'PENDIENTE'`),
  ],
);
