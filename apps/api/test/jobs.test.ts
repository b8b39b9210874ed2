import { and, count, eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createDatabase, type Database } from '../src/db/client';
import { jobs } from '../src/db/schema';
import {
  cancel,
  enqueue,
  getJob,
  INTERNAL_JOB_MESSAGE,
  JOB_TIMING,
  type Job,
  JobFailure,
  JobRunner,
  JobStopped,
  LOST_JOB_MESSAGE,
  type RunnerTiming,
} from '../src/jobs';
import { backends, forEachBackend, startApp, type TestApp, unique } from './helpers';

/**
 * Issue 16: long work runs as jobs stored in the database. Short timings here; the defaults are
 * JOB_TIMING (jobs/runner.ts). The process-level rules (kill -9, SIGTERM) are in jobs-process.test.ts.
 */
const FAST: Partial<RunnerTiming> = {
  pollMs: 100,
  heartbeatMs: 100,
  staleMs: 1000,
  progressMs: 0,
  backoffMs: 150,
  maxBackoffMs: 2000,
  shutdownMs: 1000,
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined | false>,
  timeoutMs = 10_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error(`no ocurrió a tiempo: ${what}`);
    await sleep(25);
  }
}

const jobIn = (database: Database, id: number) => getJob(database.db, id) as Promise<Job>;
const until = (database: Database, id: number, status: Job['status']) =>
  waitFor(`trabajo ${id} ${status}`, async () => {
    const job = await jobIn(database, id);
    return job.status === status && job;
  });

forEachBackend('jobs', (backend) => {
  let t: TestApp;
  const cleanups: (() => Promise<unknown>)[] = [];
  beforeEach(async () => {
    t = await startApp(backend, { jobs: { timing: FAST } });
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    await t.close();
  });

  it('a job runs once; its result and its last progress are stored', async () => {
    const kind = unique('once.');
    let runs = 0;
    t.app.jobs.handle(kind, async (job, { progress }) => {
      runs++;
      await progress({ rows: 1 });
      await progress({ rows: 2 });
      return {
        sum: (job.payload as { a: number; b: number }).a + (job.payload as { a: number; b: number }).b,
      };
    });
    const queued = await enqueue(t.database.db, kind, { a: 2, b: 3 });
    expect(queued).toMatchObject({ status: 'queued', attempts: 0, maxAttempts: 3 });
    const done = await until(t.database, queued.id, 'done');
    expect(done).toMatchObject({
      result: { sum: 5 },
      progress: { rows: 2 },
      attempts: 1,
      lastError: null,
      lockedBy: null,
    });
    expect(done.startedAt).toBeInstanceOf(Date);
    expect(done.finishedAt).toBeInstanceOf(Date);
    await sleep(300);
    expect(runs).toBe(1);
  });

  it('a step held in one transaction longer than the stale time is not taken for lost: the job runs once', async () => {
    const kind = unique('long.');
    let runs = 0;
    t.app.jobs.handle(kind, async (_job, { db, hold }) => {
      runs++;
      // As a reconciliation's matching: hold() and then work for 2.5 × staleMs before the commit.
      await db.transaction(async (tx) => {
        await hold(tx);
        await tx.execute(sql`SELECT pg_sleep(${((FAST.staleMs ?? 1000) * 2.5) / 1000})`);
      });
      return { ok: true };
    });
    const queued = await enqueue(t.database.db, kind, {});
    const done = await waitFor(
      'el trabajo largo termina',
      async () => {
        const job = await jobIn(t.database, queued.id);
        return (job.status === 'done' || job.status === 'failed') && job;
      },
      20_000,
    );
    expect(done).toMatchObject({ status: 'done', attempts: 1, lastError: null });
    expect(runs).toBe(1);
  });

  it('a job enqueued in a transaction runs once the transaction commits, never if it rolls back', async () => {
    const kind = unique('tx.');
    const ran: number[] = [];
    t.app.jobs.handle(kind, async (job) => {
      ran.push(job.id);
    });
    const committed = await t.database.db.transaction(async (tx) => {
      const job = await enqueue(tx, kind, {});
      await sleep(150);
      return job;
    });
    let rolledBack: Job | undefined;
    await t.database.db
      .transaction(async (tx) => {
        rolledBack = await enqueue(tx, kind, {});
        throw new Error('rollback');
      })
      .catch(() => {});
    await until(t.database, committed.id, 'done');
    await sleep(300);
    expect(ran).toEqual([committed.id]);
    expect(await getJob(t.database.db, rolledBack?.id ?? 0)).toBeUndefined();
  });

  it('a failing job is retried after a growing backoff, then ends FAILED with its reason', async () => {
    const kind = unique('fails.');
    const starts: number[] = [];
    t.app.jobs.handle(kind, async () => {
      starts.push(Date.now());
      throw new Error('No se pudo leer el archivo.');
    });
    const { id } = await enqueue(t.database.db, kind, {}, { maxAttempts: 3 });
    const failed = await until(t.database, id, 'failed');
    expect(failed).toMatchObject({ attempts: 3, lastError: 'No se pudo leer el archivo.', lockedBy: null });
    expect(failed.finishedAt).toBeInstanceOf(Date);
    expect(starts).toHaveLength(3);
    const [first = 0, second = 0, third = 0] = starts;
    // backoffMs · 2^(attempt − 1): 150 ms, then 300 ms (a little less for clock rounding).
    expect(second - first).toBeGreaterThanOrEqual(130);
    expect(third - second).toBeGreaterThanOrEqual(280);
    await sleep(400);
    expect(starts).toHaveLength(3);
  });

  it('a job that fails once is retried and completes; a JobFailure ends FAILED at once', async () => {
    const kind = unique('flaky.');
    t.app.jobs.handle(kind, async (job) => {
      if (job.attempts === 1) throw new Error('Falla pasajera.');
      return { attempt: job.attempts };
    });
    const flaky = await enqueue(t.database.db, kind, {});
    expect(await until(t.database, flaky.id, 'done')).toMatchObject({
      attempts: 2,
      result: { attempt: 2 },
      lastError: 'Falla pasajera.',
    });

    const hopeless = unique('hopeless.');
    t.app.jobs.handle(hopeless, async () => {
      throw new JobFailure('El archivo no es una planilla.');
    });
    const job = await enqueue(t.database.db, hopeless, {}, { maxAttempts: 5 });
    expect(await until(t.database, job.id, 'failed')).toMatchObject({
      attempts: 1,
      lastError: 'El archivo no es una planilla.',
    });
  });

  it('a failed job never shows SQL to users, and a reason the database cannot store still ends it FAILED', async () => {
    const sqlError = unique('sql.');
    t.app.jobs.handle(sqlError, async (_job, { db }) => {
      await db.execute(sql`SELECT * FROM no_existe_esta_tabla`);
    });
    const a = await enqueue(t.database.db, sqlError, {}, { maxAttempts: 1 });
    expect(await until(t.database, a.id, 'failed')).toMatchObject({ lastError: INTERNAL_JOB_MESSAGE });

    // PostgreSQL refuses a NUL in text: the reason is stored without it.
    const nul = unique('nul.');
    t.app.jobs.handle(nul, async () => {
      throw new JobFailure('Dato con \u0000 adentro.');
    });
    const b = await enqueue(t.database.db, nul, {});
    expect(await until(t.database, b.id, 'failed')).toMatchObject({ lastError: 'Dato con  adentro.' });
  });

  it('cancel a queued job: it never runs; cancelling an ended job does nothing', async () => {
    const kind = unique('later.');
    let runs = 0;
    t.app.jobs.handle(kind, async () => {
      runs++;
    });
    const { id } = await enqueue(t.database.db, kind, {}, { delayMs: 1500 });
    expect(await cancel(t.database.db, id)).toBe(true);
    expect(await jobIn(t.database, id)).toMatchObject({ status: 'cancelled', attempts: 0 });
    expect((await jobIn(t.database, id)).finishedAt).toBeInstanceOf(Date);
    await sleep(2000);
    expect(runs).toBe(0);
    expect(await cancel(t.database.db, id)).toBe(false);
    expect(await cancel(t.database.db, 999_999)).toBe(false);
  });

  it('cancel a running job: its signal aborts, progress() throws, and it stays CANCELLED', async () => {
    const kind = unique('long.');
    let stoppedWith: unknown;
    let steps = 0;
    t.app.jobs.handle(kind, async (_job, { progress, signal }) => {
      try {
        for (;;) {
          await sleep(20);
          await progress({ step: ++steps });
        }
      } catch (error) {
        stoppedWith = error;
        expect(signal.aborted).toBe(true);
        return { stepsDone: steps };
      }
    });
    const { id } = await enqueue(t.database.db, kind, {});
    await waitFor('pasos', async () => steps >= 3);
    expect(await cancel(t.database.db, id)).toBe(true);
    await waitFor('el manejador se detuvo', async () => stoppedWith !== undefined, 3000);
    expect(stoppedWith).toBeInstanceOf(JobStopped);
    await sleep(400);
    // What it returned after the cancel is dropped; it is not retried.
    expect(await jobIn(t.database, id)).toMatchObject({ status: 'cancelled', attempts: 1, result: null });
  });

  it('graceful shutdown gives the running job back, without counting the attempt; another runner completes it', async () => {
    const kind = unique('shutdown.');
    // A long shutdownMs: a handler that stops when asked is not waited for that long.
    const timing = { ...FAST, shutdownMs: 10_000 };
    const second = await buildApp({
      config: t.config,
      database: t.database,
      logger: false,
      jobs: { timing },
    });
    await second.ready();
    let started = false;
    let aborted = false;
    second.jobs.handle(kind, async (_job, { signal }) => {
      started = true;
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
      aborted = true;
      signal.throwIfAborted();
    });
    const { id } = await enqueue(t.database.db, kind, {});
    await until(t.database, id, 'running');
    // (A handler aborted before it was called is never called.)
    await waitFor('el manejador empezó', async () => started);
    const closing = Date.now();
    await second.close();
    expect(Date.now() - closing).toBeLessThan(5000);
    expect(aborted).toBe(true);
    expect(await jobIn(t.database, id)).toMatchObject({
      status: 'queued',
      attempts: 0,
      lockedBy: null,
      lastError: null,
    });

    t.app.jobs.handle(kind, async (job) => ({ attempt: job.attempts }));
    expect(await until(t.database, id, 'done')).toMatchObject({ attempts: 1, result: { attempt: 1 } });
  });

  it('a handler that ignores its signal delays the shutdown by shutdownMs at most; its job is given back all the same', async () => {
    const kind = unique('stubborn.');
    const second = await buildApp({
      config: t.config,
      database: t.database,
      logger: false,
      jobs: { timing: FAST },
    });
    await second.ready();
    let release: (() => void) | undefined;
    second.jobs.handle(kind, () => new Promise<void>((resolve) => (release = resolve)));
    cleanups.push(async () => release?.());
    const { id } = await enqueue(t.database.db, kind, {});
    await until(t.database, id, 'running');
    await waitFor('el manejador empezó', async () => release !== undefined);
    const closing = Date.now();
    await second.close();
    expect(Date.now() - closing).toBeGreaterThanOrEqual(900);
    expect(Date.now() - closing).toBeLessThan(8000);
    expect(await jobIn(t.database, id)).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null });
  });

  it('a RUNNING job whose runner is gone is requeued with its reason, or FAILED once its attempts are spent', async () => {
    const lost = (attempts: number, heartbeat = sql`now()`) =>
      t.database.db
        .insert(jobs)
        .values({
          kind: unique('gone.'),
          status: 'running',
          lockedBy: 'otro:1:muerto',
          heartbeatAt: heartbeat,
          attempts,
          maxAttempts: 2,
        })
        .returning()
        .then(([job]) => job as Job);
    // Only this test's runner looks (the app's would take `mine` below for another's lost job).
    await t.app.jobs.close();
    const retry = await lost(1);
    const spent = await lost(2);
    const runner = new JobRunner(t.database, { timing: FAST });
    cleanups.push(() => runner.close());
    const mine = await t.database.db
      .insert(jobs)
      .values({
        kind: unique('mine.'),
        status: 'running',
        lockedBy: runner.id,
        heartbeatAt: sql`now() - interval '1 hour'`,
        attempts: 1,
      })
      .returning()
      .then(([job]) => job as Job);
    await runner.start();
    if (backend === 'pglite') {
      // One process per PGlite directory: every RUNNING job at start is an orphan, handled at once.
      expect(await jobIn(t.database, retry.id)).toMatchObject({
        status: 'queued',
        lastError: LOST_JOB_MESSAGE,
        lockedBy: null,
      });
    } else {
      // PostgreSQL: another process may be running it, as long as its heartbeat is fresh.
      await sleep(300);
      expect(await jobIn(t.database, retry.id)).toMatchObject({ status: 'running' });
      await t.database.db
        .update(jobs)
        .set({ heartbeatAt: sql`now() - interval '2 seconds'` })
        .where(eq(jobs.id, retry.id));
      await t.database.db
        .update(jobs)
        .set({ heartbeatAt: sql`now() - interval '2 seconds'` })
        .where(eq(jobs.id, spent.id));
      await until(t.database, retry.id, 'queued');
    }
    const failed = await until(t.database, spent.id, 'failed');
    expect(failed).toMatchObject({ lastError: LOST_JOB_MESSAGE, attempts: 2 });
    expect(failed.finishedAt).toBeInstanceOf(Date);
    const requeued = await jobIn(t.database, retry.id);
    // After the backoff of its first attempt.
    expect(requeued.runAt.getTime()).toBeGreaterThan(Date.now() - 1000);
    // One of its own with a stale heartbeat is not one it runs (its live jobs beat): a job it
    // dropped, e.g. when the database refused to store its end. It is lost too, never RUNNING forever.
    expect(await until(t.database, mine.id, 'queued')).toMatchObject({
      lastError: LOST_JOB_MESSAGE,
      lockedBy: null,
    });
  });

  it('an idle runner costs one cheap query per poll, and nothing else', async () => {
    let statements = 0;
    let listens = 0;
    const counted: Database = {
      ...t.database,
      listen: (...args) => {
        listens++;
        t.database.listen(...args);
      },
      db: new Proxy(t.database.db, {
        get(target, property, receiver) {
          const value = Reflect.get(target, property, receiver);
          if (typeof value !== 'function') return value;
          if (['select', 'insert', 'update', 'delete', 'execute', 'transaction'].includes(String(property)))
            statements++;
          return value.bind(target);
        },
      }),
    };
    const runner = new JobRunner(counted, { timing: { ...FAST, pollMs: 100 } });
    cleanups.push(() => runner.close());
    await runner.start();
    await sleep(1050);
    // The start's look for orphans, then one reap per poll; no handler: no claims, no LISTEN.
    expect(statements).toBeGreaterThanOrEqual(3);
    expect(statements).toBeLessThanOrEqual(12);
    expect(listens).toBe(0);
    // With a handler: one claim more per poll.
    runner.handle(unique('idle.'), async () => {});
    statements = 0;
    await sleep(1050);
    expect(statements).toBeLessThanOrEqual(24);
    expect(listens).toBe(1);
    // In production a poll is every 5 s.
    expect(JOB_TIMING.pollMs).toBeGreaterThanOrEqual(5000);
  });
});

const postgres = backends.find((backend) => backend.name === 'postgres');

describe.skipIf(!postgres?.available)(
  'jobs on one PostgreSQL shared by several processes',
  { timeout: 60_000 },
  () => {
    let t: TestApp;
    const others: Database[] = [];
    const runners: JobRunner[] = [];
    beforeEach(async () => {
      t = await startApp('postgres', { jobs: { timing: FAST } });
    });
    afterEach(async () => {
      for (const runner of runners.splice(0)) await runner.close();
      for (const database of others.splice(0)) await database.close();
      await t.close();
    });

    /** A runner on its own pool and LISTEN connection, as another API process would have. */
    async function otherProcess(timing: Partial<RunnerTiming>, concurrency = 1) {
      const database = await createDatabase(t.config);
      others.push(database);
      const runner = new JobRunner(database, { timing, concurrency });
      runners.push(runner);
      return { database, runner };
    }

    it('two runners never run one job twice (300 jobs, each run exactly once, both take part)', async () => {
      const kind = unique('shared.');
      const runs = new Map<number, number>();
      const by = { a: 0, b: 0 };
      const a = await otherProcess(FAST, 4);
      const b = await otherProcess(FAST, 4);
      for (const [name, { runner }] of [
        ['a', a],
        ['b', b],
      ] as const) {
        runner.handle(kind, async (job) => {
          runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
          by[name]++;
          await sleep(Math.random() * 4);
          return { by: name };
        });
        await runner.start();
      }
      const rows = Array.from({ length: 300 }, (_, n) => ({ kind, payload: { n } }));
      await t.database.db.insert(jobs).values(rows);
      await waitFor(
        'los 300 trabajos terminados',
        async () => {
          const [row] = await t.database.db
            .select({ n: count() })
            .from(jobs)
            .where(and(eq(jobs.kind, kind), eq(jobs.status, 'done')));
          return row?.n === 300;
        },
        45_000,
      );
      expect(runs.size).toBe(300);
      expect([...runs.values()].every((count) => count === 1)).toBe(true);
      expect(by.a).toBeGreaterThan(0);
      expect(by.b).toBeGreaterThan(0);
      expect(by.a + by.b).toBe(300);
      const attempts = await t.database.db
        .select({ attempts: jobs.attempts })
        .from(jobs)
        .where(eq(jobs.kind, kind));
      expect(attempts.every((row) => row.attempts === 1)).toBe(true);
    });

    it('a job queued by another process wakes the runner by NOTIFY, long before its next poll', async () => {
      const kind = unique('notified.');
      const { runner } = await otherProcess({ ...FAST, pollMs: 60_000 });
      const ran: number[] = [];
      runner.handle(kind, async (job) => {
        ran.push(job.id);
      });
      await runner.start();
      // Its LISTEN connection comes up (it wakes once more when it does).
      await sleep(500);
      // Inserted by plain SQL: no in-process hint, only the trigger's NOTIFY at commit.
      await t.database.db.execute(sql`INSERT INTO jobs (kind) VALUES (${kind})`);
      const started = Date.now();
      await waitFor('el trabajo notificado corrió', async () => ran.length === 1, 15_000);
      expect(Date.now() - started).toBeLessThan(10_000);
    });
  },
);
