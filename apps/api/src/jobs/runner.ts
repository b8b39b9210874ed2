import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, inArray, isNull, lte, ne, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client';
import { type Job, jobs } from '../db/schema';
import { pgErrorOf } from '../errors';
import { JOBS_CHANNEL, localJobEvents } from './queue';

/** How the runner paces itself; tests shorten these. */
export interface RunnerTiming {
  /** An idle runner looks for work (and for lost jobs) this often: one or two cheap queries. */
  pollMs: number;
  /** A running job's heartbeat (and the moment a cancel is noticed without progress calls). */
  heartbeatMs: number;
  /** A running job whose heartbeat is older than this belongs to a process that is gone. */
  staleMs: number;
  /** progress() writes at most this often; calls in between only keep the latest value. */
  progressMs: number;
  /** A retry waits backoffMs · 2^(attempt − 1), at most maxBackoffMs. */
  backoffMs: number;
  maxBackoffMs: number;
  /** How long close() waits for aborted handlers before giving their jobs back anyway. */
  shutdownMs: number;
}

export const JOB_TIMING: RunnerTiming = {
  pollMs: 5000,
  heartbeatMs: 3000,
  staleMs: 15_000,
  progressMs: 1000,
  backoffMs: 5000,
  maxBackoffMs: 300_000,
  shutdownMs: 5000,
};

/** Pino's shape (app.log), as much as the runner uses. */
export interface RunnerLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}
const SILENT: RunnerLog = { info() {}, warn() {}, error() {} };

export interface RunnerOptions {
  timing?: Partial<RunnerTiming>;
  /** Jobs this process runs at once (default 1). */
  concurrency?: number;
  log?: RunnerLog;
}

/** The reason stored when a job's process stopped (kill -9, power loss, a crash) mid-job. */
export const LOST_JOB_MESSAGE = 'El proceso que la ejecutaba se detuvo.';

/** Thrown by a handler: the job ends FAILED with this message at once, without retries. */
export class JobFailure extends Error {
  override name = 'JobFailure';
}

/**
 * Why a handler's signal aborted (its `reason`, and what progress() throws): the job was cancelled
 * or is no longer this runner's ('lost'), or the process is shutting down ('shutdown').
 */
export class JobStopped extends Error {
  override name = 'JobStopped';
  constructor(readonly why: 'lost' | 'shutdown') {
    super(
      why === 'lost'
        ? 'El trabajo fue cancelado o ya no le corresponde a este proceso.'
        : 'El servidor se está cerrando: el trabajo se retomará.',
    );
  }
}

export interface JobContext {
  db: Db;
  /** Aborts when the job is cancelled or lost, or the server shuts down: stop soon after. */
  signal: AbortSignal;
  /**
   * Stores how far the job got (JSON) and proves it is alive. Throws JobStopped when the job was
   * cancelled, lost or the server is closing. Cheap to call often: writes at most every progressMs.
   */
  progress(value: unknown): Promise<void>;
  /**
   * Call inside the handler's own transaction before it commits work: holds the job's row (FOR
   * SHARE) while it is RUNNING and this runner's, so a cancel, or a runner taking the job for lost,
   * waits for the commit. Throws JobStopped('lost') when the job is no longer this runner's: the
   * transaction then rolls back and nothing is written after a cancel.
   */
  hold(tx: Db): Promise<void>;
}

/** Runs one attempt; what it returns (JSON) is the job's result. Throwing fails the attempt. */
export type JobHandler = (job: Job, context: JobContext) => Promise<unknown>;

interface Running {
  job: Job;
  controller: AbortController;
  /** Progress not yet written. */
  pending?: { value: unknown };
  lastWrite: number;
  beat?: NodeJS.Timeout;
  beating?: Promise<void>;
  done?: Promise<void>;
}

type Outcome = { ok: true; result: unknown } | { ok: false; error: unknown };

const seconds = (ms: number) => sql`make_interval(secs => ${ms / 1000}::float8)`;
/** What a failed job's row says (users read it): a handler's own text; never a database's SQL. */
const errorText = (error: unknown) =>
  error instanceof JobFailure ||
  !(pgErrorOf(error) || /^Failed query/.test(String((error as Error)?.message)))
    ? (error instanceof Error ? error.message : String(error)).replaceAll('\u0000', '').slice(0, 2000)
    : INTERNAL_JOB_MESSAGE;

/** Stored instead of a database error's text (its details go to the log). */
export const INTERNAL_JOB_MESSAGE =
  'Ocurrió un error interno al procesar el trabajo; quedó registrado para revisarlo.';

/** Resolves when `promise` settles or after `ms`, whichever is first; never rejects. */
function within(promise: Promise<unknown>, ms: number) {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise.catch(() => {}),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * Runs the jobs of the table `jobs` whose kind has a handler here (issue 16; docs/decisions.md,
 * «Trabajos en segundo plano»). Every API process has one; on one PostgreSQL they share the queue:
 * a job is claimed by exactly one runner (FOR UPDATE SKIP LOCKED) and stays its own only while its
 * heartbeat says so. The same code runs on PGlite, where SKIP LOCKED simply never skips; there a
 * directory has one process and so one runner, which at start takes every RUNNING job for orphaned.
 */
export class JobRunner {
  /** Who holds a job (jobs.locked_by): unique per process start. */
  readonly id = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  readonly timing: RunnerTiming;
  private readonly concurrency: number;
  private readonly log: RunnerLog;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly running = new Map<number, Running>();
  private state: 'new' | 'started' | 'closed' = 'new';
  private timer: NodeJS.Timeout | undefined;
  private subscribed = false;
  private polling: Promise<void> | undefined;
  private filling: Promise<void> | undefined;
  private fillAgain = false;

  private readonly onQueued = (kind: string) => {
    if (this.handlers.has(kind)) this.wake();
  };
  private readonly onCancelled = (id: number) => {
    const entry = this.running.get(id);
    if (entry) void this.beat(entry);
  };

  constructor(
    private readonly database: Pick<Database, 'db' | 'kind' | 'listen'>,
    options: RunnerOptions = {},
  ) {
    this.timing = { ...JOB_TIMING, ...options.timing };
    this.concurrency = Math.max(1, options.concurrency ?? 1);
    this.log = options.log ?? SILENT;
  }

  private get db() {
    return this.database.db;
  }

  /** Registers the handler of a kind; this runner claims only kinds it has a handler for. */
  handle(kind: string, handler: JobHandler) {
    if (this.handlers.has(kind)) throw new Error(`Ya hay un manejador para los trabajos «${kind}».`);
    this.handlers.set(kind, handler);
    if (this.state === 'started') {
      this.subscribe();
      this.wake();
    }
  }

  /**
   * Starts: first the jobs left RUNNING by a process that is gone (on PGlite, every one: its only
   * process is this one), then a poll every pollMs, and wake-ups on enqueue.
   */
  async start() {
    if (this.state !== 'new') return;
    this.state = 'started';
    await this.reap(this.database.kind === 'pglite').catch((error: unknown) =>
      this.log.warn({ err: error }, 'trabajos: no se pudieron revisar los trabajos huérfanos al iniciar'),
    );
    this.timer = setInterval(() => void this.poll(), this.timing.pollMs);
    this.timer.unref();
    if (this.handlers.size > 0) this.subscribe();
    this.wake();
  }

  /** Look for work now (a job was queued). */
  wake() {
    if (this.state === 'started' && this.handlers.size > 0) void this.fill();
  }

  /**
   * Graceful shutdown: no more claims, every running handler's signal aborts, and after they
   * settle (at most shutdownMs) their jobs go back to QUEUED, to run at once here or in another
   * process, without counting the interrupted attempt.
   */
  async close() {
    if (this.state === 'closed') return;
    this.state = 'closed';
    clearInterval(this.timer);
    localJobEvents.off('queued', this.onQueued);
    localJobEvents.off('cancelled', this.onCancelled);
    const { shutdownMs } = this.timing;
    // A claim in flight finishes first, so that its job is given back below.
    await within(Promise.all([this.polling, this.filling]), shutdownMs);
    for (const entry of this.running.values()) entry.controller.abort(new JobStopped('shutdown'));
    await within(Promise.all([...this.running.values()].map((entry) => entry.done)), shutdownMs);
    for (const entry of this.running.values()) clearInterval(entry.beat);
    try {
      const given = await this.db
        .update(jobs)
        .set({
          status: 'queued',
          attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
          runAt: sql`now()`,
          lockedBy: null,
          heartbeatAt: null,
        })
        .where(and(eq(jobs.lockedBy, this.id), eq(jobs.status, 'running')))
        .returning({ id: jobs.id });
      if (given.length > 0)
        this.log.info({ jobs: given.map((job) => job.id) }, 'trabajos: devueltos a la cola por el cierre');
    } catch (error) {
      // Then they are found stale (PostgreSQL) or orphaned at the next start (PGlite).
      this.log.warn({ err: error }, 'trabajos: no se pudieron devolver a la cola al cerrar');
    }
  }

  private subscribe() {
    if (this.subscribed) return;
    this.subscribed = true;
    localJobEvents.on('queued', this.onQueued);
    localJobEvents.on('cancelled', this.onCancelled);
    // PostgreSQL: migration 0010's NOTIFY from any process (one more listening connection, only
    // once a handler exists). PGlite: listening at once, no messages (the local events suffice).
    // While the channel is down, the poll still finds everything, pollMs later.
    this.database.listen(JOBS_CHANNEL, {
      message: (kind) => this.onQueued(kind),
      listening: (on) => {
        if (on) this.wake();
      },
    });
  }

  private poll() {
    if (this.state !== 'started' || this.polling) return;
    this.polling = (async () => {
      try {
        await this.reap(false);
      } catch (error) {
        this.log.warn({ err: error }, 'trabajos: no se pudo revisar los trabajos sin latido');
      }
      if (this.handlers.size > 0) await this.fill();
    })().finally(() => {
      this.polling = undefined;
    });
  }

  /** Claims and starts jobs while there is room; a wake-up during a claim claims again after it. */
  private fill(): Promise<void> {
    if (this.filling) {
      this.fillAgain = true;
      return this.filling;
    }
    this.filling = (async () => {
      try {
        do {
          this.fillAgain = false;
          while (this.state === 'started' && this.running.size < this.concurrency) {
            const job = await this.claim();
            if (!job) break;
            // Closed meanwhile: close() gives it back.
            if (this.state !== 'started') break;
            this.run(job);
          }
        } while (this.fillAgain && this.state === 'started');
      } catch (error) {
        this.log.warn({ err: error }, 'trabajos: no se pudo tomar un trabajo');
      }
    })().finally(() => {
      this.filling = undefined;
    });
    return this.filling;
  }

  /** The oldest due QUEUED job of a kind handled here → RUNNING, this runner's; none → undefined. */
  private async claim(): Promise<Job | undefined> {
    const due = and(
      eq(jobs.status, 'queued'),
      lte(jobs.runAt, sql`now()`),
      inArray(jobs.kind, [...this.handlers.keys()]),
    );
    const next = sql`(SELECT ${jobs.id} FROM ${jobs} WHERE ${due} ORDER BY ${jobs.runAt}, ${jobs.id} LIMIT 1 FOR UPDATE SKIP LOCKED)`;
    const [job] = await this.db
      .update(jobs)
      .set({
        status: 'running',
        lockedBy: this.id,
        heartbeatAt: sql`now()`,
        attempts: sql`${jobs.attempts} + 1`,
        startedAt: sql`coalesce(${jobs.startedAt}, now())`,
      })
      .where(eq(jobs.id, next))
      .returning();
    return job;
  }

  /** This runner's hold on a job: RUNNING and locked by it. */
  private mine(id: number): SQL | undefined {
    return and(eq(jobs.id, id), eq(jobs.lockedBy, this.id), eq(jobs.status, 'running'));
  }

  private run(job: Job) {
    const handler = this.handlers.get(job.kind) as JobHandler;
    const entry: Running = { job, controller: new AbortController(), lastWrite: Date.now() };
    const context: JobContext = {
      db: this.db,
      signal: entry.controller.signal,
      progress: (value) => this.progress(entry, value),
      hold: async (tx) => {
        const held = await tx.select({ id: jobs.id }).from(jobs).where(this.mine(job.id)).for('share');
        if (held.length === 0) throw new JobStopped('lost');
      },
    };
    entry.beat = setInterval(() => void this.beat(entry), this.timing.heartbeatMs);
    entry.beat.unref();
    this.running.set(job.id, entry);
    entry.done = (async () => {
      let outcome: Outcome;
      try {
        // Never on the claimer's turn of the event loop: a handler's first synchronous stretch
        // runs on its own.
        await new Promise((resolve) => setImmediate(resolve));
        entry.controller.signal.throwIfAborted();
        outcome = { ok: true, result: await handler(job, context) };
      } catch (error) {
        outcome = { ok: false, error };
      }
      clearInterval(entry.beat);
      try {
        await entry.beating;
        await this.finish(entry, outcome);
      } catch (error) {
        this.log.error({ err: error, job: job.id }, 'trabajos: no se pudo guardar el final de un trabajo');
      }
      this.running.delete(job.id);
      this.wake();
    })();
  }

  private async progress(entry: Running, value: unknown) {
    const { signal } = entry.controller;
    signal.throwIfAborted();
    entry.pending = { value };
    if (Date.now() - entry.lastWrite < this.timing.progressMs) return;
    await this.beat(entry);
    signal.throwIfAborted();
  }

  /** Heartbeat (and the pending progress): zero rows means cancelled or lost, so the handler aborts. */
  private beat(entry: Running): Promise<void> {
    if (entry.beating) return entry.beating;
    const pending = entry.pending;
    entry.pending = undefined;
    entry.lastWrite = Date.now();
    entry.beating = (async () => {
      try {
        const rows = await this.db
          .update(jobs)
          // The clock when the row was written, not when the statement began: a beat that waited for
          // the handler's own long transaction (hold()) would otherwise write an old, stale time.
          .set({ heartbeatAt: sql`clock_timestamp()`, ...(pending ? { progress: pending.value } : {}) })
          .where(this.mine(entry.job.id))
          .returning({ id: jobs.id });
        if (rows.length === 0 && !entry.controller.signal.aborted)
          entry.controller.abort(new JobStopped('lost'));
      } catch (error) {
        entry.pending ??= pending;
        this.log.warn({ err: error, job: entry.job.id }, 'trabajos: no se pudo registrar el latido');
      }
    })().finally(() => {
      entry.beating = undefined;
    });
    return entry.beating;
  }

  private async finish({ job, controller, pending }: Running, outcome: Outcome) {
    const progress = pending ? { progress: pending.value } : {};
    const released = { lockedBy: null, heartbeatAt: null } as const;
    if (outcome.ok) {
      await this.db
        .update(jobs)
        .set({
          status: 'done',
          result: outcome.result ?? null,
          finishedAt: sql`now()`,
          ...progress,
          ...released,
        })
        .where(this.mine(job.id));
      return;
    }
    // Cancelled or lost: no longer ours. Shutdown: close() gives it back.
    if (controller.signal.aborted && controller.signal.reason instanceof JobStopped) return;
    const lastError = errorText(outcome.error);
    const final = outcome.error instanceof JobFailure || job.attempts >= job.maxAttempts;
    this.log.warn(
      { err: outcome.error, job: job.id, kind: job.kind, attempt: job.attempts, final },
      'trabajos: un intento falló',
    );
    const end = (error: string, withProgress: object) =>
      this.db
        .update(jobs)
        .set(
          final
            ? { status: 'failed', lastError: error, finishedAt: sql`now()`, ...withProgress, ...released }
            : {
                status: 'queued',
                lastError: error,
                runAt: sql`now() + ${seconds(this.backoff(job.attempts))}`,
                ...withProgress,
                ...released,
              },
        )
        .where(this.mine(job.id));
    // If even that is refused (a value the database cannot store), the job still ends: never RUNNING forever.
    await end(lastError, progress).catch(async (error: unknown) => {
      this.log.error({ err: error, job: job.id }, 'trabajos: no se pudo guardar el error de un intento');
      await end(INTERNAL_JOB_MESSAGE, {});
    });
  }

  private backoff(attempt: number) {
    return Math.min(this.timing.backoffMs * 2 ** Math.max(attempt - 1, 0), this.timing.maxBackoffMs);
  }

  /**
   * Jobs RUNNING whose heartbeat is older than staleMs (`orphans`: every other runner's, as at
   * PGlite's start) → QUEUED after the backoff, or FAILED once their attempts are used up, with
   * LOST_JOB_MESSAGE. This runner's live jobs never qualify, even when a long transaction of theirs
   * keeps their beat waiting.
   */
  private async reap(orphans: boolean) {
    const { backoffMs, maxBackoffMs, staleMs } = this.timing;
    const spent = sql`${jobs.attempts} >= ${jobs.maxAttempts}`;
    const live = [...this.running.keys()];
    const lost = await this.db
      .update(jobs)
      .set({
        status: sql`CASE WHEN ${spent} THEN 'failed'::job_status ELSE 'queued'::job_status END`,
        runAt: sql`now() + make_interval(secs => least(${backoffMs}::float8 * power(2, greatest(${jobs.attempts}, 1) - 1), ${maxBackoffMs}::float8) / 1000)`,
        finishedAt: sql`CASE WHEN ${spent} THEN now() END`,
        lastError: LOST_JOB_MESSAGE,
        lockedBy: null,
        heartbeatAt: null,
      })
      .where(
        and(
          eq(jobs.status, 'running'),
          // At a PGlite start every other runner's job is an orphan. Otherwise a stale heartbeat,
          // whoever's: this runner's live jobs beat every heartbeatMs, so a stale one of its own was
          // dropped (its end could not be written) and would otherwise stay RUNNING forever.
          orphans
            ? or(isNull(jobs.lockedBy), ne(jobs.lockedBy, this.id))
            : and(
                or(isNull(jobs.heartbeatAt), sql`${jobs.heartbeatAt} < now() - ${seconds(staleMs)}`),
                // A job whose row a live transaction holds (the handler's hold(), in a long step such
                // as a reconciliation's matching, which also keeps its beats waiting) is not lost,
                // whatever its heartbeat says; nor is one this runner is running right now.
                sql`${jobs.id} IN (SELECT id FROM jobs WHERE status = 'running' FOR UPDATE SKIP LOCKED)`,
                live.length > 0 ? notInArray(jobs.id, live) : undefined,
              ),
        ),
      )
      .returning({ id: jobs.id, kind: jobs.kind, status: jobs.status });
    for (const job of lost) this.log.warn(job, `trabajos: ${LOST_JOB_MESSAGE}`);
    if (lost.some((job) => job.status === 'queued')) this.wake();
  }
}
