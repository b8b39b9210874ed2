import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Import } from '@cobranzas/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_ALIAS, ADMIN_PASSWORD, backends, startApp, type TestApp } from './helpers';
import { xlsxOf } from './importHelpers';
import { multipartBody } from './multipart';
import { type ServerProcess, startServerProcess } from './serverProcess';

/**
 * Issue 16, §10.1 "a restart never leaves an import RUNNING forever": the real server process
 * (test/importServer.ts: src/serve.ts with short job timings and batches of 20 rows) killed with
 * SIGKILL in the middle of an import. After a restart the import resumes after its last committed
 * batch and ends DONE, and what it left is whole: every debtor it created has its debt, no reference
 * twice, every row of the file imported once.
 */
const ENTRY = new URL('./importServer.ts', import.meta.url).pathname;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ROWS = 1500;

const postgres = backends.find((backend) => backend.name === 'postgres');
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function environment(engine: 'pglite' | 'postgres'): Promise<Record<string, string>> {
  const base = { ADMIN_ALIAS, ADMIN_PASSWORD };
  if (engine === 'pglite') {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cobranzas-imports-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    return { ...base, DATA_DIR: dataDir };
  }
  const t: TestApp = await startApp('postgres');
  cleanups.push(() => t.close());
  // Only the server processes run jobs on this database.
  await t.app.jobs.close();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cobranzas-imports-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  return { ...base, DATABASE_URL: t.config.databaseUrl ?? '', DATA_DIR: dataDir };
}

async function start(env: Record<string, string>) {
  const server = await startServerProcess(env, ENTRY);
  cleanups.push(() => server.dispose());
  return server;
}

async function api(server: ServerProcess, token: string | null, url: string, init: RequestInit = {}) {
  const response = await fetch(`${server.base}${url}`, {
    ...init,
    headers: {
      ...(init.headers as Record<string, string>),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
  const text = await response.text();
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary response fields
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as any };
}

async function login(server: ServerProcess) {
  const response = await api(server, null, '/api/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ alias: ADMIN_ALIAS, password: ADMIN_PASSWORD }),
  });
  expect(response.status).toBe(200);
  return response.body.access_token as string;
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`no ocurrió a tiempo: ${what}`);
    await sleep(50);
  }
}

async function listAll(server: ServerProcess, token: string, url: string) {
  const rows: Record<string, unknown>[] = [];
  for (let page = 1; ; page++) {
    const response = await api(server, token, `${url}&limit=500&page=${page}`);
    expect(response.status).toBe(200);
    rows.push(...response.body.data);
    if (response.body.data.length < 500) return rows;
  }
}

describe('an import and the server process', { timeout: 180_000 }, () => {
  for (const engine of ['pglite', 'postgres'] as const) {
    const available = engine === 'pglite' || postgres?.available === true;

    it.skipIf(!available)(
      `[${engine}] kill -9 mid-import: after a restart the import resumes and ends DONE, no debtor without its debt, no debt twice`,
      async () => {
        const env = await environment(engine);
        let server = await start(env);
        let token = await login(server);
        const company = await api(server, token, '/api/companies', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'Cartera grande', cuit: '30500010912' }),
        });
        expect(company.status, JSON.stringify(company.body)).toBe(201);
        const companyId = company.body.id as number;
        const dnis = Array.from({ length: ROWS }, (_, i) => String(30_000_000 + i));
        const content = await xlsxOf([
          ['DNI', 'Apellido y Nombre', 'Cuenta', 'Monto'],
          ...dnis.map((dni, i) => [dni, `PROCESO, Ana ${i}`, `K-${i}`, 100 + i]),
        ]);
        const { payload, headers } = multipartBody([
          { name: 'companyId', value: String(companyId) },
          { name: 'file', filename: 'grande.xlsx', content },
        ]);
        const started = await api(server, token, '/api/imports', {
          method: 'POST',
          headers,
          body: new Uint8Array(payload),
        });
        expect(started.status, JSON.stringify(started.body)).toBe(202);
        const id = started.body.id as number;
        const read = async () => (await api(server, token, `/api/imports/${id}`)).body as Import;

        const midway = await waitFor('la importación va por la mitad', async () => {
          const record = await read();
          expect(record.status).not.toBe('DONE');
          return record.status === 'RUNNING' && record.processedRows >= 100 ? record : undefined;
        });
        server.child.kill('SIGKILL');
        await server.exited;
        expect(midway.processedRows).toBeLessThan(ROWS);

        server = await start(env);
        token = await login(server);
        const ended = await waitFor('la importación terminó', async () => {
          const record = await read();
          return record.status === 'RUNNING' || record.status === 'QUEUED' ? undefined : record;
        });
        expect(ended).toMatchObject({
          status: 'DONE',
          totalRows: ROWS,
          processedRows: ROWS,
          created: { debtors: ROWS, debts: ROWS },
          unchanged: 0,
          rejected: 0,
          warnings: 0,
          error: null,
        });

        const debts = await listAll(server, token, `/api/debts?companyId=${companyId}`);
        expect(debts).toHaveLength(ROWS);
        const references = new Set(debts.map((d) => d.reference));
        expect(references.size).toBe(ROWS);
        const debtorIds = new Set(debts.map((d) => d.debtorId));
        expect(debtorIds.size).toBe(ROWS);
        expect(new Set(debts.map((d) => (d.debtor as { dni: string }).dni))).toEqual(new Set(dnis));
        for (const debt of debts)
          expect((debt.debtor as { dni: string }).dni).toBe(dnis[Number(String(debt.reference).slice(2))]);
        // Every debtor of the database is one of the file's, with its debt: none left without one.
        const debtors = await api(server, token, '/api/debtors?limit=1');
        expect(debtors.body.total).toBe(ROWS);
        const viaImport = await listAll(server, token, `/api/debts?importId=${id}`);
        expect(viaImport).toHaveLength(ROWS);
        const audit = await api(server, token, `/api/audit?resource=imports&recordId=${id}`);
        expect(audit.body.data).toHaveLength(1);
      },
    );
  }
});
