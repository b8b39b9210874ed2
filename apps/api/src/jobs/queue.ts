import { EventEmitter } from 'node:events';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { type Job, jobs } from '../db/schema';

/** The NOTIFY channel of migration 0010: a job of this kind (the payload) is queued. */
export const JOBS_CHANNEL = 'cobranzas_jobs';

/**
 * Hints to the runners of this process, sent at once: a job of a kind was queued, a job was
 * cancelled. Only hints (they name no database): a runner that hears one asks its own database.
 */
export const localJobEvents = new EventEmitter<{ queued: [kind: string]; cancelled: [id: number] }>();
localJobEvents.setMaxListeners(0);

export interface EnqueueOptions {
  /** Attempts before it ends FAILED (1–100; default 3). */
  maxAttempts?: number;
  /** Not run before this many milliseconds from now. */
  delayMs?: number;
  /** The user who asked for it. */
  createdBy?: number | null;
}

/**
 * Stores a job (QUEUED) and wakes the runners: this process's at once, the others' by NOTIFY at
 * commit. `db` may be a transaction: the job then exists (and runs) only if it commits.
 */
export async function enqueue(
  db: Db,
  kind: string,
  payload: unknown,
  options: EnqueueOptions = {},
): Promise<Job> {
  const { maxAttempts = 3, delayMs = 0, createdBy = null } = options;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1 || maxAttempts > 100)
    throw new RangeError(`maxAttempts debe ser un entero entre 1 y 100 (se recibió ${maxAttempts}).`);
  const [job] = await db
    .insert(jobs)
    .values({
      kind,
      payload: payload ?? {},
      maxAttempts,
      createdBy,
      ...(delayMs > 0 ? { runAt: sql`now() + make_interval(secs => ${delayMs / 1000}::float8)` } : {}),
    })
    .returning();
  localJobEvents.emit('queued', kind);
  return job as Job;
}

/**
 * Wakes this process's runners for `kind` now. enqueue() already does, but a job enqueued inside a
 * transaction is not visible until it commits: call this after the commit, or the job waits for the
 * next poll.
 */
export function announce(kind: string) {
  localJobEvents.emit('queued', kind);
}

/**
 * QUEUED or RUNNING → CANCELLED. A running handler sees it at its next heartbeat or progress (its
 * signal aborts, progress() throws) and whatever it returns afterwards is dropped. False when the
 * job does not exist or had already ended.
 */
export async function cancel(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ status: 'cancelled', finishedAt: sql`now()` })
    .where(and(eq(jobs.id, id), inArray(jobs.status, ['queued', 'running'])))
    .returning({ id: jobs.id });
  if (rows.length > 0) localJobEvents.emit('cancelled', id);
  return rows.length > 0;
}

export async function getJob(db: Db, id: number): Promise<Job | undefined> {
  const [job] = await db.select().from(jobs).where(eq(jobs.id, id));
  return job;
}
