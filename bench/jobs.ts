/**
 * Our job runner (apps/api/src/jobs) against pg-boss 12.38.0, on a PostgreSQL database of its own
 * (created and dropped here) and on PGlite:
 *
 *   npm run bench:jobs -- [--jobs 2000] [--only throughput,crash,…] [--admin-url postgres://…/postgres]
 *
 * 1. throughput of no-op jobs, one worker process, concurrency 1 and 4 (and how fast an idle worker
 *    picks up a new job); 2. how long after a SIGKILL mid-job another process starts the job again;
 * 3. two processes over the same 1000 jobs: duplicates and lost jobs; 4. a job longer than the expiry
 * in a live process; 5. pg-boss on PGlite; plus cancel, enqueue-in-transaction, size and features.
 * The child processes are this same file run with `--child <spec>`. Results: a Markdown table on
 * stdout and in bench/JOBS-RESULTS.md.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import {
  type Db as BossDb,
  type ConstructorOptions,
  fromDrizzle,
  fromPglite,
  getConstructionPlans,
  PgBoss,
  type Queue,
  type WorkOptions,
} from 'pg-boss';
import { loadConfig } from '../apps/api/src/config';
import { createDatabase, type Database } from '../apps/api/src/db/client';
import { PGliteWorkerClient } from '../apps/api/src/db/pglite/client';
import { jobs } from '../apps/api/src/db/schema';
import { cancel, enqueue, JOB_TIMING, JobRunner, type RunnerTiming } from '../apps/api/src/jobs';
import { PROCESS_TEST_TIMING } from '../apps/api/test/jobTiming';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SELF = fileURLToPath(import.meta.url);
const REPORT = path.join(ROOT, 'bench/JOBS-RESULTS.md');
const DB_NAME = 'cobranzas_jobs_bench';
const JWT_SECRET = 'bench-jobs-'.padEnd(40, 'x');
const BOSS_VERSION = (
  JSON.parse(readFileSync(path.join(ROOT, 'node_modules/pg-boss/package.json'), 'utf8')) as {
    version: string;
  }
).version;

/**
 * pg-boss at its documented floors: polling 0.5 s (MIN_POLLING_INTERVAL_MS), supervise/monitor/queue
 * cache every 1 s (defaults 60 s: they decide when expired or heartbeat-less jobs are failed, and feed
 * burstWhenReadyExceeds), the pool as small as ours (DEFAULT_DATABASE_POOL_SIZE = 4). No cron.
 */
const BOSS_FAST: ConstructorOptions = {
  max: 4,
  schedule: false,
  superviseIntervalSeconds: 1,
  monitorIntervalSeconds: 1,
  queueCacheIntervalSeconds: 1,
};
const POLL: WorkOptions = { pollingIntervalSeconds: 0.5, batchSize: 1 };
/** Keeps fetching while the cached ready count says there is a backlog: one job per claim, as ours. */
const BURST: WorkOptions = { ...POLL, burstWhenReadyExceeds: 1 };
/** pg-boss's own throughput recipe: 10 jobs per fetch, one handler call per batch. */
const BATCH: WorkOptions = { pollingIntervalSeconds: 0.5, batchSize: 10, burstWhenBatchFull: true };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const errorText = (error: unknown) =>
  (error instanceof Error ? `${error.name}: ${error.message}` : String(error))
    .replace(/\s+/g, ' ')
    .slice(0, 300);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const rate = (jobs: number, ms: number) => `${Math.round((jobs * 1000) / ms)} jobs/s`;

/** Polls `probe` until it answers something truthy or `timeoutMs` passes (then undefined). */
async function waitUntil<T>(
  probe: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs: number,
  everyMs = 20,
): Promise<T | undefined> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) return undefined;
    await sleep(everyMs);
  }
}

function cliArg(name: string, fallback: string) {
  const at = process.argv.indexOf(name);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}

// ─── Child processes ────────────────────────────────────────────────────────────────────────────

type ChildSpec =
  | {
      engine: 'ours';
      url: string;
      kind: string;
      concurrency: number;
      /** How long each job's handler runs (it ignores its signal, to see who else takes the job). */
      jobMs: number;
      /** Insert (job key, pid) into bench_done when the handler ends. */
      record: boolean;
      timing: Partial<RunnerTiming>;
    }
  | {
      engine: 'pgboss';
      url: string;
      queue: string;
      concurrency: number;
      jobMs: number;
      record: boolean;
      boss: ConstructorOptions;
      work: WorkOptions;
    };

type ChildMessage =
  | { type: 'ready'; pid: number }
  | { type: 'started'; pid: number; key: string; at: number }
  | { type: 'finished'; pid: number; key: string; at: number; aborted: boolean }
  | { type: 'error'; pid: number; message: string };

async function runChild(spec: ChildSpec) {
  const send = (message: ChildMessage) => process.send?.(message);
  const { pid } = process;
  let stop: () => Promise<void>;
  const handle = async (key: string, signal: AbortSignal, record: (key: string) => Promise<unknown>) => {
    send({ type: 'started', pid, key, at: Date.now() });
    if (spec.jobMs > 0) await sleep(spec.jobMs);
    if (spec.record) await record(key);
    send({ type: 'finished', pid, key, at: Date.now(), aborted: signal.aborted });
  };
  if (spec.engine === 'ours') {
    const database = await createDatabase(
      loadConfig({ DATABASE_URL: spec.url, DATA_DIR: tmpdir(), JWT_SECRET }),
    );
    const runner = new JobRunner(database, { timing: spec.timing, concurrency: spec.concurrency });
    const record = (key: string) =>
      database.db.execute(sql`INSERT INTO bench_done (job_key, pid) VALUES (${key}, ${pid})`);
    runner.handle(spec.kind, async (job, { signal }) => {
      await handle((job.payload as { key: string }).key, signal, record);
      return null;
    });
    await runner.start();
    stop = async () => {
      await runner.close();
      await database.close();
    };
  } else {
    const boss = new PgBoss({ connectionString: spec.url, ...spec.boss });
    boss.on('error', (error) => send({ type: 'error', pid, message: errorText(error) }));
    await boss.start();
    const db = boss.getDb();
    const record = (key: string) =>
      db.executeSql('INSERT INTO bench_done (job_key, pid) VALUES ($1, $2)', [key, pid]);
    await boss.work<{ key: string }>(
      spec.queue,
      { ...spec.work, localConcurrency: spec.concurrency },
      (batch) => Promise.all(batch.map((job) => handle(job.data.key, job.signal, record))),
    );
    stop = () => boss.stop({ graceful: false, timeout: 1000 });
  }
  process.on('message', (message) => {
    if (message === 'stop') void stop().finally(() => process.exit(0));
  });
  process.on('disconnect', () => process.exit(0));
  send({ type: 'ready', pid });
}

const children = new Set<Child>();

/** A child process running runChild, and the messages it sent. */
class Child {
  readonly proc: ChildProcess;
  readonly messages: ChildMessage[] = [];
  readonly exited: Promise<void>;
  private alive = true;

  constructor(spec: ChildSpec) {
    this.proc = spawn(process.execPath, ['--import', 'tsx', SELF, '--child', JSON.stringify(spec)], {
      cwd: ROOT,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.proc.on('message', (message: ChildMessage) => {
      this.messages.push(message);
      if (message.type === 'error') console.error(`  [hijo ${message.pid}] ${message.message}`);
    });
    this.exited = new Promise((resolve) => this.proc.once('exit', () => resolve()));
    void this.exited.then(() => {
      this.alive = false;
      children.delete(this);
    });
    children.add(this);
  }

  get pid() {
    return this.proc.pid ?? 0;
  }

  started(key: string) {
    return this.messages.find((m) => m.type === 'started' && m.key === key) as
      | Extract<ChildMessage, { type: 'started' }>
      | undefined;
  }

  finished(key: string) {
    return this.messages.find((m) => m.type === 'finished' && m.key === key) as
      | Extract<ChildMessage, { type: 'finished' }>
      | undefined;
  }

  ready(timeoutMs = 60_000) {
    return waitUntil(() => this.messages.some((m) => m.type === 'ready'), timeoutMs);
  }

  kill() {
    this.proc.kill('SIGKILL');
  }

  /** Graceful stop, SIGKILL after 5 s. */
  async stop() {
    if (!this.alive) return;
    if (this.proc.connected) this.proc.send('stop');
    const gone = await Promise.race([this.exited.then(() => true), sleep(5000).then(() => false)]);
    if (!gone) {
      this.kill();
      await this.exited;
    }
  }
}

async function stopAll(list: Iterable<Child>) {
  await Promise.all([...list].map((child) => child.stop()));
}

// ─── Results ────────────────────────────────────────────────────────────────────────────────────

interface Row {
  area: string;
  measure: string;
  ours: string;
  boss: string;
  note: string;
}
const rows: Row[] = [];
const notes: string[] = [];

function row(area: string, measure: string, ours: string, boss: string, note = '') {
  rows.push({ area, measure, ours, boss, note });
  console.log(`  ${measure}: ours ${ours} | pg-boss ${boss}`);
}

/** `--only crash,pglite`: just the sections whose name contains one of these words. */
const only = cliArg('--only', '')
  .split(',')
  .map((word) => word.trim().toLowerCase())
  .filter(Boolean);

/** Runs a section; an error becomes a row instead of ending the bench. */
async function section(name: string, body: () => Promise<void>) {
  if (only.length > 0 && !only.some((word) => name.toLowerCase().includes(word))) return;
  console.log(`\n▶ ${name}`);
  try {
    await body();
  } catch (error) {
    console.error(`  ${name}: ${errorText(error)}`);
    rows.push({ area: name, measure: 'error', ours: errorText(error), boss: '', note: '' });
  }
}

// ─── Setup ──────────────────────────────────────────────────────────────────────────────────────

interface Bench {
  url: string;
  pool: pg.Pool;
  database: Database;
  boss: PgBoss;
}

async function admin(adminUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const openOurs = (url: string | null, dataDir = tmpdir()) =>
  createDatabase(loadConfig({ ...(url ? { DATABASE_URL: url } : {}), DATA_DIR: dataDir, JWT_SECRET }));

const count1 = async (pool: pg.Pool | BossDb, text: string, values: unknown[] = []) => {
  const { rows } =
    pool instanceof pg.Pool ? await pool.query(text, values) : await pool.executeSql(text, values);
  return Number((rows[0] as { n: number | string }).n);
};

const oursDone = async (database: Database, kind: string) => {
  const [row] = await database.db
    .select({ n: count() })
    .from(jobs)
    .where(and(eq(jobs.kind, kind), eq(jobs.status, 'done')));
  return row?.n ?? 0;
};

const BOSS_DONE = `SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND state = 'completed'`;

// ─── 1. Throughput ──────────────────────────────────────────────────────────────────────────────

interface Throughput {
  completed: number;
  ms: number;
  enqueueMs?: number;
  capped: boolean;
}

/** N no-op jobs queued first; then one runner starts and the clock runs until all are DONE. */
async function oursThroughput(database: Database, concurrency: number, n: number, oneByOne: boolean) {
  const kind = `bench.noop.${concurrency}.${Date.now()}`;
  const queuedAt = performance.now();
  if (oneByOne) for (let i = 0; i < n; i++) await enqueue(database.db, kind, { i });
  else await database.db.insert(jobs).values(Array.from({ length: n }, (_, i) => ({ kind, payload: { i } })));
  const enqueueMs = performance.now() - queuedAt;
  const runner = new JobRunner(database, { concurrency, timing: JOB_TIMING });
  let handled = 0;
  runner.handle(kind, async () => {
    handled++;
    return null;
  });
  const start = performance.now();
  await runner.start();
  // In memory first (no queries competing with the runner), then the last writes.
  await waitUntil(() => handled >= n, 300_000, 5);
  await waitUntil(async () => (await oursDone(database, kind)) >= n, 30_000, 10);
  const ms = performance.now() - start;
  await runner.close();
  return {
    completed: await oursDone(database, kind),
    ms,
    enqueueMs: oneByOne ? enqueueMs : undefined,
    capped: false,
  };
}

async function bossThroughput(
  connection: { url: string } | { pglite: PGlite },
  work: WorkOptions,
  concurrency: number,
  n: number,
  options: { oneByOne?: boolean; capMs?: number } = {},
): Promise<Throughput> {
  const boss = new PgBoss(
    'url' in connection
      ? { connectionString: connection.url, ...BOSS_FAST }
      : { db: fromPglite(connection.pglite), backend: 'pglite', ...BOSS_FAST },
  );
  boss.on('error', (error) => console.error(`  pg-boss: ${errorText(error)}`));
  await boss.start();
  try {
    const queue = `tp_${work.batchSize}_${work.burstWhenReadyExceeds ?? 0}_${concurrency}_${Date.now()}`;
    await boss.createQueue(queue);
    const queuedAt = performance.now();
    if (options.oneByOne) for (let i = 0; i < n; i++) await boss.send(queue, { i });
    else
      await boss.insert(
        queue,
        Array.from({ length: n }, (_, i) => ({ data: { i } })),
      );
    const enqueueMs = performance.now() - queuedAt;
    let handled = 0;
    const start = performance.now();
    await boss.work(queue, { ...work, localConcurrency: concurrency }, async (batch) => {
      handled += batch.length;
    });
    const capMs = options.capMs ?? 300_000;
    const all = await waitUntil(() => handled >= n, capMs, 5);
    const db = boss.getDb();
    if (all) await waitUntil(async () => (await count1(db, BOSS_DONE, [queue])) >= n, 30_000, 10);
    const ms = performance.now() - start;
    const completed = await count1(db, BOSS_DONE, [queue]);
    await boss.offWork(queue, { wait: false });
    return { completed, ms, enqueueMs: options.oneByOne ? enqueueMs : undefined, capped: !all };
  } finally {
    await boss.stop({ graceful: false, timeout: 1000 });
  }
}

const summary = (t: Throughput, n: number) =>
  t.capped
    ? `${rate(t.completed, t.ms)} (stopped at ${seconds(t.ms)}: ${t.completed}/${n}; all ${n} ≈ ${seconds((n * t.ms) / Math.max(t.completed, 1))})`
    : `${rate(t.completed, t.ms)} (${t.completed} in ${seconds(t.ms)})`;

async function throughputSection(bench: Bench, n: number) {
  const url = { url: bench.url };
  const results = new Map<string, Throughput>();
  for (const concurrency of [1, 4]) {
    const first = concurrency === 1;
    const ours = await oursThroughput(bench.database, concurrency, n, first);
    results.set(`ours${concurrency}`, ours);
    const poll = await bossThroughput(url, POLL, concurrency, n, { oneByOne: first, capMs: 15_000 });
    const burst = await bossThroughput(url, BURST, concurrency, n);
    const batch = await bossThroughput(url, BATCH, concurrency, n);
    if (first && ours.enqueueMs && poll.enqueueMs)
      row(
        'Throughput (PostgreSQL)',
        `enqueue ${n} one by one (enqueue() / send())`,
        rate(n, ours.enqueueMs),
        rate(n, poll.enqueueMs),
        'sequential awaits from one process',
      );
    const area = 'Throughput (PostgreSQL)';
    const measure = `${n} no-op jobs, 1 process, concurrency ${concurrency}`;
    const oursText = summary(ours, n);
    row(
      area,
      `${measure}; pg-boss batchSize 1, polling 0.5 s`,
      oursText,
      summary(poll, n),
      'pg-boss waits pollingInterval after every fetch, even a successful one',
    );
    row(
      area,
      `${measure}; pg-boss batchSize 1 + burstWhenReadyExceeds 1`,
      oursText,
      summary(burst, n),
      'burst needs the cached ready count: supervise/monitor/queue cache at 1 s',
    );
    row(
      area,
      `${measure}; pg-boss batchSize 10 + burstWhenBatchFull`,
      oursText,
      summary(batch, n),
      'one handler call per 10 jobs (a failure fails all 10 unless perJobResults)',
    );
  }
}

/** Our runner on PGlite as the app opens it: a worker thread over a directory (createDatabase without DATABASE_URL). */
async function oursPgliteSection(n: number) {
  const dir = mkdtempSync(path.join(tmpdir(), 'cobranzas-jobs-bench-'));
  const openedAt = performance.now();
  const database = await openOurs(null, dir);
  try {
    await database.migrate();
    const openMs = performance.now() - openedAt;
    for (const concurrency of [1, 4]) {
      const t = await oursThroughput(database, concurrency, n, concurrency === 1);
      if (t.enqueueMs)
        notes.push(`Our runner on PGlite (directory): enqueue() one by one ${rate(n, t.enqueueMs)}.`);
      pgliteThroughput.set(`ours${concurrency}`, summary(t, n));
    }
    notes.push(`PGlite for our runner: opened + migrated (30 migrations) in ${seconds(openMs)}.`);
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
const pgliteThroughput = new Map<string, string>();

// ─── Pick-up latency (idle worker in another process) ────────────────────────────────────────────

async function latency(child: Child, enqueueOne: (key: string) => Promise<unknown>, samples = 10) {
  const waits: number[] = [];
  for (let i = 0; i < samples; i++) {
    await sleep(Math.random() * 1000); // a random phase against the poll
    const key = `lat-${child.pid}-${i}`;
    const at = Date.now();
    await enqueueOne(key);
    const started = await waitUntil(() => child.started(key), 40_000, 5);
    waits.push(started ? started.at - at : Number.POSITIVE_INFINITY);
  }
  waits.sort((a, b) => a - b);
  const median = waits[Math.floor(waits.length / 2)] ?? Number.NaN;
  const max = waits.at(-1) ?? Number.NaN;
  return `median ${Math.round(median)} ms, max ${Math.round(max)} ms`;
}

async function latencySection(bench: Bench) {
  const ours = new Child({
    engine: 'ours',
    url: bench.url,
    kind: 'bench.latency',
    concurrency: 1,
    jobMs: 0,
    record: false,
    timing: {},
  });
  await bench.boss.createQueue('latency_poll');
  await bench.boss.createQueue('latency_notify', { notify: true });
  const poll = new Child(bossChildSpec(bench.url, 'latency_poll', POLL));
  const notify = new Child(bossChildSpec(bench.url, 'latency_notify', POLL, { useListenNotify: true }));
  try {
    for (const child of [ours, poll, notify])
      if (!(await child.ready())) throw new Error('un proceso hijo no arrancó');
    const oursText = await latency(ours, (key) => enqueue(bench.database.db, 'bench.latency', { key }));
    const pollText = await latency(poll, (key) => bench.boss.send('latency_poll', { key }));
    const notifyText = await latency(notify, (key) => bench.boss.send('latency_notify', { key }));
    row(
      'Latency',
      'idle worker in another process: enqueue → handler starts (10 samples)',
      `${oursText} (NOTIFY; poll 5 s as backstop)`,
      `polling 0.5 s: ${pollText}; useListenNotify + queue notify: ${notifyText}`,
      'ours: migration 0010 trigger NOTIFY + LISTEN connection',
    );
  } finally {
    await stopAll([ours, poll, notify]);
  }
}

function bossChildSpec(
  url: string,
  queue: string,
  work: WorkOptions,
  boss: ConstructorOptions = {},
  extra: { jobMs?: number; record?: boolean; concurrency?: number } = {},
): ChildSpec {
  return {
    engine: 'pgboss',
    url,
    queue,
    concurrency: extra.concurrency ?? 1,
    jobMs: extra.jobMs ?? 0,
    record: extra.record ?? false,
    boss: { ...BOSS_FAST, ...boss },
    work,
  };
}

// ─── 2. Crash detection ─────────────────────────────────────────────────────────────────────────

/**
 * Two workers up; one job; whoever starts it is SIGKILLed 2 s later (some heartbeats in); the clock
 * runs from the kill until the other process starts the same job.
 */
async function crash(spec: ChildSpec, enqueueOne: (key: string) => Promise<unknown>, timeoutMs: number) {
  const pair = [new Child(spec), new Child(spec)] as const;
  try {
    for (const child of pair) if (!(await child.ready())) throw new Error('un proceso hijo no arrancó');
    const key = `crash-${Date.now()}`;
    await enqueueOne(key);
    const victim = await waitUntil(() => pair.find((child) => child.started(key)), 30_000, 5);
    if (!victim) throw new Error('nadie tomó el trabajo');
    const survivor = victim === pair[0] ? pair[1] : pair[0];
    await sleep(2000);
    const killedAt = Date.now();
    victim.kill();
    const again = await waitUntil(() => survivor.started(key), timeoutMs, 10);
    return again ? again.at - killedAt : undefined;
  } finally {
    await stopAll(pair);
  }
}

async function crashSection(bench: Bench) {
  const long = 120_000;
  const oursSpec = (timing: Partial<RunnerTiming>, kind: string): ChildSpec => ({
    engine: 'ours',
    url: bench.url,
    kind,
    concurrency: 1,
    jobMs: long,
    record: false,
    timing,
  });
  const oursDefault = await crash(
    oursSpec({}, 'bench.crash'),
    (key) => enqueue(bench.database.db, 'bench.crash', { key }),
    90_000,
  );
  const oursShort = await crash(
    oursSpec(PROCESS_TEST_TIMING, 'bench.crash.short'),
    (key) => enqueue(bench.database.db, 'bench.crash.short', { key }),
    30_000,
  );
  // heartbeatSeconds' floor is 10 (attorney.js); expireInSeconds long, so the heartbeat is what notices.
  const queue: Omit<Queue, 'name'> = {
    heartbeatSeconds: 10,
    expireInSeconds: 600,
    retryLimit: 2,
    retryDelay: 0,
  };
  await bench.boss.createQueue('crash_hb', queue);
  const boss = await crash(
    bossChildSpec(bench.url, 'crash_hb', POLL, {}, { jobMs: long }),
    (key) => bench.boss.send('crash_hb', { key }),
    90_000,
  );
  const { heartbeatMs, staleMs, pollMs, backoffMs } = JOB_TIMING;
  row(
    'Crash (SIGKILL mid-job)',
    'kill → another live process starts the same job (1 sample, kill 2 s into the job)',
    `${oursDefault === undefined ? 'timeout' : seconds(oursDefault)} with JOB_TIMING; ${oursShort === undefined ? 'timeout' : seconds(oursShort)} with the tests' timing (heartbeat 0.2 s, stale 1.5 s, poll 0.2 s, backoff 0.2 s)`,
    `${boss === undefined ? 'timeout' : seconds(boss)} (queue heartbeatSeconds 10 = floor, expireInSeconds 600, retryDelay 0; supervise/monitor 1 s; polling 0.5 s)`,
    `ours ≈ staleMs ${staleMs / 1000} s − age of the last beat (≤ ${heartbeatMs / 1000} s) + wait for the next reap poll (< ${pollMs / 1000} s) + first-retry backoff ${backoffMs / 1000} s (then the next poll); pg-boss ≈ heartbeatSeconds − age of the last touch (≤ 5 s) + supervise tick (≤ 1 s) + poll (≤ 0.5 s). pg-boss defaults (no heartbeat, expireInSeconds 900, supervise 60 s): ≈ 15–16 min`,
  );
}

// ─── 3. Exactly once under two processes ────────────────────────────────────────────────────────

async function exactlyOnce(
  bench: Bench,
  spec: ChildSpec,
  enqueueAll: (keys: string[]) => Promise<unknown>,
  doneCount: () => Promise<number>,
  n: number,
) {
  await bench.pool.query('TRUNCATE bench_done');
  const pair = [new Child(spec), new Child(spec)];
  try {
    for (const child of pair) if (!(await child.ready())) throw new Error('un proceso hijo no arrancó');
    const keys = Array.from({ length: n }, (_, i) => `once-${i}`);
    const start = performance.now();
    await enqueueAll(keys);
    const all = await waitUntil(
      async () =>
        (await count1(bench.pool, 'SELECT count(DISTINCT job_key)::int AS n FROM bench_done')) >= n &&
        (await doneCount()) >= n,
      180_000,
      100,
    );
    const ms = performance.now() - start;
    await sleep(1000); // a late duplicate would land now
    const { rows: stats } = await bench.pool.query<{ total: number; distinct: number }>(
      'SELECT count(*)::int AS total, count(DISTINCT job_key)::int AS distinct FROM bench_done',
    );
    const { rows: split } = await bench.pool.query<{ pid: number; n: number }>(
      'SELECT pid, count(*)::int AS n FROM bench_done GROUP BY pid ORDER BY pid',
    );
    const total = stats[0]?.total ?? 0;
    const distinct = stats[0]?.distinct ?? 0;
    return `${total - distinct} duplicates, ${n - distinct} lost, ${await doneCount()}/${n} completed in ${seconds(ms)}${all ? '' : ' (timeout)'}; per process ${split.map((s) => s.n).join(' + ')}`;
  } finally {
    await stopAll(pair);
  }
}

async function exactlyOnceSection(bench: Bench, n: number) {
  const kind = 'bench.once';
  const ours = await exactlyOnce(
    bench,
    { engine: 'ours', url: bench.url, kind, concurrency: 2, jobMs: 0, record: true, timing: {} },
    (keys) => bench.database.db.insert(jobs).values(keys.map((key) => ({ kind, payload: { key } }))),
    () => oursDone(bench.database, kind),
    n,
  );
  await bench.boss.createQueue('once');
  const boss = await exactlyOnce(
    bench,
    bossChildSpec(bench.url, 'once', BURST, {}, { record: true, concurrency: 2 }),
    (keys) =>
      bench.boss.insert(
        'once',
        keys.map((key) => ({ data: { key } })),
      ),
    () => count1(bench.pool, BOSS_DONE, ['once']),
    n,
  );
  row(
    'Exactly once',
    `2 processes × concurrency 2 over the same ${n} jobs; handler inserts (job_key) into a side table`,
    ours,
    `${boss} (batchSize 1 + burst)`,
    'both claim with FOR UPDATE SKIP LOCKED; the side-table insert is outside the completion, so a duplicate would mean a double claim',
  );
}

// ─── 4. Long job in a live process ──────────────────────────────────────────────────────────────

/** Two workers; the one that starts a job of `jobMs` stays alive; does the other start it too? */
async function longJob(spec: ChildSpec, enqueueOne: (key: string) => Promise<unknown>, jobMs: number) {
  const pair = [new Child(spec), new Child(spec)] as const;
  try {
    for (const child of pair) if (!(await child.ready())) throw new Error('un proceso hijo no arrancó');
    const key = `long-${Date.now()}`;
    await enqueueOne(key);
    const first = await waitUntil(() => pair.find((child) => child.started(key)), 30_000, 5);
    if (!first) throw new Error('nadie tomó el trabajo');
    const other = first === pair[0] ? pair[1] : pair[0];
    const end = await waitUntil(() => first.finished(key), jobMs + 30_000, 50);
    const startedAt = first.started(key)?.at ?? 0;
    const taken = other.started(key);
    const text = taken
      ? `TAKEN by the other process ${seconds(taken.at - startedAt)} after it started, while the first was still running (its handler ${end ? `ended at ${seconds(end.at - startedAt)}, signal aborted: ${end.aborted}` : 'had not ended'})`
      : `not taken (ran ${end ? seconds(end.at - startedAt) : '?'} in the first process; signal aborted: ${end?.aborted ?? '?'})`;
    return { text, key };
  } finally {
    await stopAll(pair);
  }
}

async function longJobSection(bench: Bench) {
  const oursMs = JOB_TIMING.staleMs + 5000;
  const ours = await longJob(
    {
      engine: 'ours',
      url: bench.url,
      kind: 'bench.long',
      concurrency: 1,
      jobMs: oursMs,
      record: false,
      timing: {},
    },
    (key) => enqueue(bench.database.db, 'bench.long', { key }),
    oursMs,
  );
  const [oursRow] = await bench.database.db
    .select({ status: jobs.status, attempts: jobs.attempts })
    .from(jobs)
    .where(sql`${jobs.payload}->>'key' = ${ours.key}`);
  const heartbeatMs = 22_000;
  await bench.boss.createQueue('long_hb', { heartbeatSeconds: 10, expireInSeconds: 600, retryLimit: 1 });
  const hb = await longJob(
    bossChildSpec(bench.url, 'long_hb', POLL, {}, { jobMs: heartbeatMs }),
    (key) => bench.boss.send('long_hb', { key }),
    heartbeatMs,
  );
  const expireMs = 15_000;
  await bench.boss.createQueue('long_expire', { heartbeatSeconds: 10, expireInSeconds: 5, retryLimit: 1 });
  const expire = await longJob(
    bossChildSpec(bench.url, 'long_expire', POLL, {}, { jobMs: expireMs }),
    (key) => bench.boss.send('long_expire', { key }),
    expireMs,
  );
  row(
    'Long job, process alive',
    `job longer than the expiry (ours ${seconds(oursMs)} > staleMs ${seconds(JOB_TIMING.staleMs)}; pg-boss ${seconds(heartbeatMs)} > heartbeatSeconds 10 s, and ${seconds(expireMs)} > expireInSeconds 5 s)`,
    `${ours.text}; row ${oursRow?.status} after ${oursRow?.attempts} attempt(s)`,
    `heartbeat 10 s, expire 600 s: ${hb.text}. Heartbeat 10 s, expire 5 s: ${expire.text}`,
    'pg-boss races every handler against expireInSeconds (max 24 h) whatever the heartbeat: it fails the attempt and abandons the handler; ours has no run-time cap, only the heartbeat',
  );
}

// ─── Cancel, enqueue in the caller's transaction ────────────────────────────────────────────────

async function cancelSection(bench: Bench) {
  // Ours, in process: the handler waits on its signal.
  const kind = 'bench.cancel';
  const runner = new JobRunner(bench.database, { timing: JOB_TIMING });
  let startedAt = 0;
  let abortedAt = 0;
  runner.handle(kind, async (_job, { signal }) => {
    startedAt = performance.now();
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 15_000);
      signal.addEventListener('abort', () => {
        abortedAt = performance.now();
        clearTimeout(timer);
        resolve();
      });
    });
    return null;
  });
  await runner.start();
  const job = await enqueue(bench.database.db, kind, {});
  await waitUntil(() => startedAt > 0, 10_000, 5);
  await sleep(500);
  const cancelledAt = performance.now();
  await cancel(bench.database.db, job.id);
  await waitUntil(() => abortedAt > 0, 15_000, 5);
  await runner.close();
  const ours = abortedAt ? `${Math.round(abortedAt - cancelledAt)} ms` : 'not aborted';

  const bossCancel = async (queue: string, options: Omit<Queue, 'name'>) => {
    await bench.boss.createQueue(queue, options);
    let aborted = 0;
    let started = 0;
    await bench.boss.work(queue, POLL, async ([bossJob]) => {
      if (!bossJob) return;
      started = performance.now();
      const { signal } = bossJob;
      // pg-boss also aborts the signal after every handler returns: only an abort while waiting counts.
      let waiting = true;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          waiting = false;
          resolve();
        }, 12_000);
        signal.addEventListener('abort', () => {
          if (waiting) aborted = performance.now();
          clearTimeout(timer);
          resolve();
        });
      });
    });
    const id = await bench.boss.send(queue, {});
    await waitUntil(() => started > 0, 10_000, 5);
    await sleep(500);
    const at = performance.now();
    if (id) await bench.boss.cancel(queue, id);
    await waitUntil(() => aborted > 0, 11_000, 5);
    await bench.boss.offWork(queue);
    return aborted ? `${Math.round(aborted - at)} ms` : 'never while the handler ran (11 s watched)';
  };
  const withHeartbeat = await bossCancel('cancel_hb', { heartbeatSeconds: 10 });
  const without = await bossCancel('cancel_plain', {});
  row(
    'Cancel a running job',
    'cancel() → the running handler’s AbortSignal fires (same process)',
    `${ours} (local event → immediate heartbeat; from another process: its next heartbeat, ≤ ${JOB_TIMING.heartbeatMs / 1000} s)`,
    `heartbeatSeconds 10: ${withHeartbeat}; no heartbeat: ${without}`,
    'pg-boss notices a cancel only at its next touch() (heartbeatSeconds / 2)',
  );
}

async function transactionSection(bench: Bench) {
  await bench.boss.createQueue('in_tx');
  const sent = async (commit: boolean) => {
    const key = `tx-${commit}-${Date.now()}`;
    try {
      await bench.database.db.transaction(async (tx) => {
        // The app's Db is typed for both engines, so execute() answers unknown: say what node-postgres returns.
        const db = fromDrizzle(
          { execute: (query) => tx.execute(query as SQL) as Promise<{ rows: unknown[] }> },
          sql,
        );
        await bench.boss.send('in_tx', { key }, { db });
        if (!commit) tx.rollback();
      });
    } catch (error) {
      if (commit) throw error;
    }
    return count1(
      bench.pool,
      `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'in_tx' AND data->>'key' = $1`,
      [key],
    );
  };
  const rolledBack = await sent(false);
  const committed = await sent(true);
  row(
    'Enqueue in the caller’s transaction',
    'import route: enqueue(tx, …) + insert imports row in one Drizzle transaction',
    'yes (enqueue(tx, …); announce() after commit)',
    `send(…, { db: fromDrizzle(tx, sql) }): rolled back → ${rolledBack} job, committed → ${committed} job`,
    'pg-boss has no in-process wake-up: a job sent in a transaction is seen at the next poll, or by NOTIFY if enabled',
  );
}

// ─── 5. pg-boss on PGlite ───────────────────────────────────────────────────────────────────────

/** One pg-boss operation: `label: ok (ms)`, or `label: FAILS — error`; `detail` may say more. */
async function step<T>(
  label: string,
  results: string[],
  body: () => Promise<T>,
  detail?: (value: T) => string,
): Promise<T | undefined> {
  const start = performance.now();
  try {
    const value = await body();
    results.push(`${label}: ok (${detail ? detail(value) : `${Math.round(performance.now() - start)} ms`})`);
    return value;
  } catch (error) {
    results.push(`${label}: FAILS — ${errorText(error)}`);
    return undefined;
  }
}

async function pgliteSection(n: number) {
  // Whether pg-boss starts (creates its schema) over a given PGlite adapter.
  const tryStart = async (log: string[], db: BossDb) => {
    const attempt = new PgBoss({ db, backend: 'pglite', ...BOSS_FAST });
    attempt.on('error', () => {});
    if (await step('start', log, () => attempt.start()))
      await attempt.stop({ graceful: false, timeout: 1000 });
  };

  // a) A hand-written adapter that only calls query(): pg-boss's DDL is several statements in one text.
  const naive: string[] = [];
  const bare = await PGlite.create();
  await tryStart(naive, { executeSql: (text, values) => bare.query(text, values) });
  await bare.close();

  // b) The app's own PGlite (worker thread, pglite/client.ts): its protocol has query and transaction, no exec.
  const worker: string[] = [];
  const client = await PGliteWorkerClient.create(undefined);
  await tryStart(
    worker,
    fromPglite({
      query: <T>(text: string, params?: unknown[]) => client.query(text, params) as Promise<{ rows: T[] }>,
      exec: async (text) => [await client.query(text)],
    }),
  );
  await client.close();

  // c) pg-boss's own adapter, fromPglite, on an in-memory PGlite on this thread.
  const shipped: string[] = [];
  const lite = await PGlite.create();
  const boss = new PgBoss({ db: fromPglite(lite), backend: 'pglite', useListenNotify: true, ...BOSS_FAST });
  boss.on('error', (error) => console.error(`  pg-boss/PGlite: ${errorText(error)}`));
  const started = await step('start (creates schema pgboss)', shipped, () => boss.start());
  if (started) {
    await step('createQueue', shipped, () => boss.createQueue('lite', { notify: true }));
    const id = await step('send', shipped, () => boss.send('lite', { hello: 1 }));
    await step('work (one job completed)', shipped, async () => {
      let done = false;
      await boss.work('lite', { pollingIntervalSeconds: 5 }, async () => {
        done = true;
        return { ok: true };
      });
      if (!(await waitUntil(() => done, 15_000))) throw new Error('the job did not run in 15 s');
      await waitUntil(async () => (await count1(boss.getDb(), BOSS_DONE, ['lite'])) >= 1, 5000);
      await boss.offWork('lite');
      const stored = id ? await boss.findJobs('lite', { id }) : [];
      if (stored[0]?.state !== 'completed') throw new Error(`state ${stored[0]?.state}`);
    });
    await step('send inside a PGlite transaction, rolled back → 0 jobs', shipped, async () => {
      await lite
        .transaction(async (tx) => {
          await boss.send('lite', { rolled: true }, { db: fromPglite(tx) });
          await tx.rollback();
        })
        .catch(() => {});
      const left = await count1(
        boss.getDb(),
        `SELECT count(*)::int AS n FROM pgboss.job WHERE data->>'rolled' = 'true'`,
      );
      if (left !== 0) throw new Error(`${left} jobs left after the rollback`);
    });
    await step(
      'LISTEN/NOTIFY in process (worker polls every 5 s)',
      shipped,
      async () => {
        let at = 0;
        await boss.work('lite', { pollingIntervalSeconds: 5 }, async () => {
          at = performance.now();
        });
        await sleep(1000);
        const sentAt = performance.now();
        await boss.send('lite', { notify: true });
        if (!(await waitUntil(() => at > 0, 8000, 5))) throw new Error('not picked up in 8 s');
        await boss.offWork('lite');
        return at - sentAt;
      },
      (waited) =>
        `picked up ${Math.round(waited)} ms after send${waited > 1000 ? ': the poll, not NOTIFY' : ''}`,
    );
    for (const concurrency of [1, 4]) {
      const t = await step(`throughput ${n} jobs, concurrency ${concurrency} (burst)`, shipped, () =>
        bossThroughput({ pglite: lite }, BURST, concurrency, n),
      );
      if (t) pgliteThroughput.set(`boss${concurrency}`, summary(t, n));
    }
    await boss.stop({ graceful: false, timeout: 1000 });
  }
  await lite.close();
  row(
    'pg-boss on PGlite',
    'custom db { executeSql } calling PGlite query() only',
    '—',
    naive.join('; '),
    'query() is the extended protocol: one statement per call',
  );
  row(
    'pg-boss on PGlite',
    'fromPglite over the app’s PGlite worker thread (pglite/client.ts has query + transaction, no exec)',
    '—',
    worker.join('; '),
    'would need an exec (and a listen) op added to the worker protocol; a second PGlite cannot open the same directory',
  );
  row(
    'pg-boss on PGlite',
    'pg-boss’s fromPglite + backend "pglite", in-memory PGlite on the main thread',
    '—',
    shipped.join('; '),
    'pg-boss uses pg_advisory_xact_lock (maintenance) and LISTEN/NOTIFY (optional): both work inside one PGlite',
  );
}

// ─── Size and features ──────────────────────────────────────────────────────────────────────────

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : /\.tsx?$/.test(name) ? [full] : [];
  });
}

function featuresSection() {
  const jobsDir = path.join(ROOT, 'apps/api/src/jobs');
  const sizes = readdirSync(jobsDir)
    .filter((name) => name.endsWith('.ts'))
    .map((name) => ({ name, lines: readFileSync(path.join(jobsDir, name), 'utf8').split('\n').length - 1 }));
  const total = sizes.reduce((sum, file) => sum + file.lines, 0);
  const plans = getConstructionPlans('pgboss');
  row(
    'Size',
    'lines (wc -l apps/api/src/jobs/*.ts)',
    `${total} (${sizes.map((file) => `${file.name} ${file.lines}`).join(', ')}) + migration 0010 + tables/jobs.ts`,
    `a dependency (pg-boss ${BOSS_VERSION}); its own schema "pgboss": ${(plans.match(/CREATE TABLE/g) ?? []).length} tables, ${(plans.match(/CREATE (OR REPLACE )?FUNCTION/g) ?? []).length} functions (getConstructionPlans), migrated by start()`,
  );
  // Where the app uses the runner's API and reads the jobs table (outside src/jobs).
  const uses: Record<string, RegExp> = {
    'progress(': /\bprogress\(/,
    'hold(': /\bhold\(/,
    'cancel(': /\bcancel\(/,
    'getJob(': /\bgetJob\(/,
    'enqueue(': /\benqueue\(/,
    // seed.ts has an announce() of its own (console): only files importing the jobs module count.
    'announce(': /\bannounce\(/,
    JobFailure: /\bJobFailure\b/,
    'jobs table in queries (jobs.status/lastError/startedAt/finishedAt, joins)':
      /\bjobs\.(status|lastError|startedAt|finishedAt|id)\b/,
  };
  const src = path.join(ROOT, 'apps/api/src');
  const found = Object.entries(uses).map(([label, pattern]) => {
    const files = filesUnder(src)
      .filter((file) => !file.startsWith(jobsDir))
      .filter((file) => {
        const text = readFileSync(file, 'utf8');
        return pattern.test(text) && (!label.startsWith('announce') || /from '(\.\.\/)+jobs'/.test(text));
      })
      .map((file) => path.relative(src, file));
    return `${label}: ${files.length ? files.join(', ') : 'unused'}`;
  });
  notes.push(`App uses (apps/api/src, outside jobs/): ${found.join('; ')}.`);
  const features: [string, string, string][] = [
    [
      'progress(value) stored on the row, read by the imports screen',
      'yes (jobs.progress; imports also keep their own counters)',
      'no progress API: only output at completion/failure, touch() for liveness; progress would go to a table of ours',
    ],
    [
      'hold(tx): a batch commits only while the job is still ours (cancel waits for the commit)',
      'yes (SELECT … FOR SHARE on the job row inside the batch transaction)',
      'no per-batch equivalent: transactional workers hold ONE transaction for the whole job (an import of many batches), and complete({db}) fences only at the end',
    ],
    [
      'cancel(db, id) from the imports route, aborting the handler',
      'yes (signal aborts; progress() throws)',
      'cancel(name, id); the handler’s job.signal aborts only at the next heartbeat touch (needs heartbeatSeconds)',
    ],
    [
      'job status read by the imports list (JOIN jobs ON jobs.id = imports.job_id, filters by status)',
      'yes: integer id, FK from imports.job_id, rows kept forever',
      'uuid ids in pgboss.job (another schema); completed jobs deleted after deleteAfterSeconds (7 days; 0 = keep); states created/retry/active/completed/cancelled/failed ≠ ours',
    ],
    [
      'JobFailure: fail at once without retries',
      'yes',
      'no direct equivalent per throw (retryLimit per queue/job; perJobResults "deadletter" skips retries in batch handlers)',
    ],
    [
      'retries with exponential backoff',
      'maxAttempts, backoff 5 s·2ⁿ ≤ 300 s',
      'retryLimit, retryDelay, retryBackoff, retryDelayMax',
    ],
    [
      'graceful shutdown gives running jobs back without spending an attempt',
      'yes (close())',
      'stop({graceful, timeout}) waits for handlers, then fails what is still running ("pg-boss shut down while active": a retry that uses an attempt)',
    ],
    ['cron, priorities, dead letters, flows, dashboard, OpenTelemetry', 'no', 'yes'],
  ];
  for (const [feature, ours, boss] of features) row('Features', feature, ours, boss);
}

// ─── Report ─────────────────────────────────────────────────────────────────────────────────────

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

function report(environment: string[]) {
  const lines = [
    `# Job runner vs pg-boss ${BOSS_VERSION}`,
    '',
    ...environment.map((line) => `- ${line}`),
    '',
    `| Area | Measure | Our runner (apps/api/src/jobs) | pg-boss ${BOSS_VERSION} | Setting / why |`,
    '|---|---|---|---|---|',
    ...rows.map(
      (r) => `| ${cell(r.area)} | ${cell(r.measure)} | ${cell(r.ours)} | ${cell(r.boss)} | ${cell(r.note)} |`,
    ),
    '',
    ...notes.map((note) => `- ${note}`),
    '',
  ];
  return lines.join('\n');
}

// ─── Main ───────────────────────────────────────────────────────────────────────────────────────

async function main() {
  const n = Number(cliArg('--jobs', '2000'));
  const adminUrl = cliArg('--admin-url', 'postgres://postgres@127.0.0.1:5432/postgres');
  const benchUrl = new URL(adminUrl);
  benchUrl.pathname = `/${DB_NAME}`;
  const url = benchUrl.toString();
  const loadBefore = loadavg()[0]?.toFixed(2);
  const began = performance.now();

  await admin(adminUrl, `DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await admin(adminUrl, `CREATE DATABASE ${DB_NAME}`);
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  let database: Database | undefined;
  let boss: PgBoss | undefined;
  const environment: string[] = [];
  try {
    database = await openOurs(url);
    await database.migrate();
    await pool.query(
      'CREATE TABLE bench_done (job_key text NOT NULL, pid integer NOT NULL, at timestamptz NOT NULL DEFAULT clock_timestamp())',
    );
    // The parent's pg-boss only creates queues and sends: workers and supervision are elsewhere.
    boss = new PgBoss({ connectionString: url, max: 4, supervise: false, schedule: false });
    boss.on('error', (error) => console.error(`  pg-boss: ${errorText(error)}`));
    await boss.start();
    const { rows: version } = await pool.query<{ server_version: string }>('SHOW server_version');
    environment.push(
      `Node ${process.version}, PostgreSQL ${version[0]?.server_version} (database ${DB_NAME}, created and dropped by the bench), PGlite ${
        (
          JSON.parse(
            readFileSync(path.join(ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'),
          ) as { version: string }
        ).version
      }, ${cpus().length} cores shared with other work (load average at start ${loadBefore})`,
    );
    const bench: Bench = { url, pool, database, boss };

    await section('Throughput on PostgreSQL', () => throughputSection(bench, n));
    await section('Our runner on PGlite', () => oursPgliteSection(n));
    await section('pg-boss on PGlite', () => pgliteSection(n));
    for (const concurrency of pgliteThroughput.size > 0 ? [1, 4] : [])
      row(
        'Throughput (PGlite)',
        `${n} no-op jobs, 1 process, concurrency ${concurrency}`,
        `${pgliteThroughput.get(`ours${concurrency}`) ?? 'n/a'} (the app's PGlite: worker thread, on disk)`,
        `${pgliteThroughput.get(`boss${concurrency}`) ?? 'n/a'} (fromPglite, in memory, main thread; batchSize 1 + burst)`,
        'PGlite is one process per directory: the two-process measures below are PostgreSQL only',
      );
    await section('Pick-up latency', () => latencySection(bench));
    await section('Crash detection', () => crashSection(bench));
    await section('Exactly once', () => exactlyOnceSection(bench, 1000));
    await section('Long job', () => longJobSection(bench));
    await section('Cancel', () => cancelSection(bench));
    await section('Enqueue in a transaction', () => transactionSection(bench));
    await section('Size and features', async () => featuresSection());
  } finally {
    await stopAll(children);
    await boss?.stop({ graceful: false, timeout: 1000 }).catch(() => {});
    await database?.close().catch(() => {});
    await pool.end().catch(() => {});
    await admin(adminUrl, `DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`).catch((error: unknown) =>
      console.error(`No se pudo borrar ${DB_NAME}: ${errorText(error)}`),
    );
  }
  environment.push(
    `Whole run ${seconds(performance.now() - began)}; load average at the end ${loadavg()[0]?.toFixed(2)}. Command: npm run bench:jobs -- --jobs ${n}`,
  );
  const markdown = report(environment);
  writeFileSync(REPORT, markdown);
  console.log(`\n${markdown}\nEscrito en ${REPORT}`);
}

if (process.argv[2] === '--child') {
  await runChild(JSON.parse(process.argv[3] ?? '{}') as ChildSpec);
} else {
  // A hung step must not leave children or the database behind.
  const guard = setTimeout(() => {
    console.error('El bench superó 25 minutos: se detiene.');
    for (const child of children) child.kill();
    process.exit(1);
  }, 25 * 60_000);
  guard.unref();
  const killChildren = () => {
    for (const child of children) child.kill();
  };
  process.on('exit', killChildren);
  process.on('SIGINT', () => {
    killChildren();
    process.exit(130);
  });
  await main();
  // Pools and PGlite workers may keep the loop alive a little: the report is written.
  process.exit(0);
}
