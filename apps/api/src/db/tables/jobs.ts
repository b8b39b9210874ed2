import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgEnum, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { id, instant } from './columns';
import { author } from './users';

export const JOB_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const jobStatusEnum = pgEnum('job_status', JOB_STATUSES);

/**
 * Long work run in the background (issue 16; the runner is apps/api/src/jobs/). A row is the job's
 * whole state: several API processes on one PostgreSQL share the queue through it, and a restart
 * finds every job where the last process left it. Migration 0010 adds the NOTIFY trigger.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    /** Which handler runs it (runner.handle(kind, …)). */
    kind: varchar('kind', { length: 60 }).notNull(),
    payload: jsonb('payload').notNull().default({}),
    status: jobStatusEnum('status').notNull().default('queued'),
    /** Attempts started (each claim adds one; a graceful shutdown gives its attempt back). */
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    /** Not claimed before this instant (a retry's backoff). */
    runAt: instant('run_at').notNull().defaultNow(),
    /** The runner running it (host:pid:random), while running. */
    lockedBy: varchar('locked_by', { length: 120 }),
    /** Its runner's last sign of life; a stale one means the runner is gone. */
    heartbeatAt: instant('heartbeat_at'),
    progress: jsonb('progress'),
    result: jsonb('result'),
    /** Why the last attempt ended badly, in Spanish. */
    lastError: text('last_error'),
    createdBy: author('created_by'),
    createdAt: instant('created_at').notNull().defaultNow(),
    startedAt: instant('started_at'),
    finishedAt: instant('finished_at'),
  },
  (t) => [
    // The two questions every runner asks on each poll, each answered from a small partial index.
    index('jobs_queued_run_at_idx').on(t.runAt).where(sql`status = 'queued'`),
    index('jobs_running_heartbeat_idx').on(t.heartbeatAt).where(sql`status = 'running'`),
    index('jobs_kind_created_at_idx').on(t.kind, t.createdAt),
  ],
);

export type Job = typeof jobs.$inferSelect;
