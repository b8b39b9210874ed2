import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type Job, LOST_JOB_MESSAGE } from '../src/jobs';
import { ADMIN_PASSWORD, backends, startApp, type TestApp } from './helpers';
import { type ServerProcess, startServerProcess } from './serverProcess';

/**
 * Issue 16 with the real server process (test/jobServer.ts: src/serve.ts plus a test job kind that
 * sleeps per step and reports progress): a process killed with SIGKILL mid-job never leaves the job
 * RUNNING: after a restart it is requeued and completes, resuming from its last progress, or ends
 * FAILED with its reason when it has no attempts left. SIGTERM gives the job back without spending
 * the attempt.
 */
const ENTRY = new URL('./jobServer.ts', import.meta.url).pathname;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
type Stored = Omit<Job, 'progress' | 'result'> & {
  progress: { step: number } | null;
  result: { steps: number; resumedFrom: number; attempt: number } | null;
};

async function post(server: ServerProcess, maxAttempts: number): Promise<Stored> {
  const response = await fetch(`${server.base}/test/jobs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ payload: { steps: 40, stepMs: 100 }, maxAttempts }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as Stored;
}

const read = async (server: ServerProcess, id: number) =>
  (await (await fetch(`${server.base}/test/jobs/${id}`)).json()) as Stored;

async function waitFor(what: string, probe: () => Promise<boolean>, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > until) throw new Error(`no ocurrió a tiempo: ${what}`);
    await sleep(50);
  }
}

const midJob = (server: ServerProcess, ids: number[]) =>
  waitFor('los trabajos van por la mitad', async () => {
    const jobs = await Promise.all(ids.map((id) => read(server, id)));
    return jobs.every((job) => job.status === 'running' && (job.progress?.step ?? 0) >= 3);
  });

const postgres = backends.find((backend) => backend.name === 'postgres');
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** What a restart needs to find the same data: the DATA_DIR (PGlite) or the DATABASE_URL. */
async function environment(engine: 'pglite' | 'postgres'): Promise<Record<string, string>> {
  if (engine === 'pglite') {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cobranzas-jobs-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    return { DATA_DIR: dataDir, ADMIN_PASSWORD };
  }
  const t: TestApp = await startApp('postgres');
  cleanups.push(() => t.close());
  // Only the server processes run jobs on this database.
  await t.app.jobs.close();
  return { DATABASE_URL: t.config.databaseUrl ?? '', ADMIN_PASSWORD };
}

async function start(env: Record<string, string>) {
  const server = await startServerProcess(env, ENTRY);
  cleanups.push(() => server.dispose());
  return server;
}

describe('jobs and the server process', { timeout: 180_000 }, () => {
  for (const engine of ['pglite', 'postgres'] as const) {
    const available = engine === 'pglite' || postgres?.available === true;

    it.skipIf(!available)(
      `[${engine}] kill -9 mid-job: after a restart the job is requeued and completes from its last progress, or ends FAILED with its reason when no attempt is left; none stays RUNNING`,
      async () => {
        const env = await environment(engine);
        let server = await start(env);
        const resumable = await post(server, 3);
        const lastChance = await post(server, 1);
        await midJob(server, [resumable.id, lastChance.id]);
        server.child.kill('SIGKILL');
        await server.exited;

        server = await start(env);
        await waitFor('los dos trabajos terminaron', async () => {
          const [a, b] = await Promise.all([read(server, resumable.id), read(server, lastChance.id)]);
          return (
            a.status !== 'running' && a.status !== 'queued' && b.status !== 'running' && b.status !== 'queued'
          );
        });
        const done = await read(server, resumable.id);
        expect(done).toMatchObject({
          status: 'done',
          attempts: 2,
          lastError: LOST_JOB_MESSAGE,
          lockedBy: null,
        });
        expect(done.result?.steps).toBe(40);
        expect(done.result?.resumedFrom).toBeGreaterThan(3);
        const failed = await read(server, lastChance.id);
        expect(failed).toMatchObject({
          status: 'failed',
          attempts: 1,
          lastError: LOST_JOB_MESSAGE,
          lockedBy: null,
        });
        expect(failed.finishedAt).not.toBeNull();
      },
    );

    it.skipIf(!available)(
      `[${engine}] SIGTERM mid-job: the job goes back to the queue, and the next start completes it without spending an attempt`,
      async () => {
        const env = await environment(engine);
        let server = await start(env);
        const job = await post(server, 1);
        await midJob(server, [job.id]);
        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);

        server = await start(env);
        await waitFor('el trabajo terminó', async () => (await read(server, job.id)).status === 'done');
        const done = await read(server, job.id);
        expect(done).toMatchObject({ attempts: 1, lastError: null });
        expect(done.result?.resumedFrom).toBeGreaterThan(3);
      },
    );
  }
});
