import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cents } from '../src/reports/decimal';
import { debtorBody } from './domain';
import { ADMIN_ALIAS, ADMIN_PASSWORD, backends, makeCuit, startApp, type TestApp, unique } from './helpers';
import { type ServerProcess, startServerProcess } from './serverProcess';

/**
 * Issue 8 §1: nothing acknowledged is ever lost. The real server runs under a write load (payments,
 * observations, quota pays) and is killed with SIGKILL at a random moment; after a restart every
 * write that was answered 2xx is there, nothing is half-written, and the database opens cleanly.
 */
type Answer = { status: number; body: Record<string, unknown> & { data?: Record<string, unknown>[] } };

function client(base: string, token: string) {
  return async (method: string, url: string, body?: unknown): Promise<Answer> => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: response.status, body: (await response.json().catch(() => ({}))) as Answer['body'] };
  };
}

async function signIn(server: ServerProcess) {
  const response = await fetch(`${server.base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ alias: ADMIN_ALIAS, password: ADMIN_PASSWORD }),
  });
  expect(response.status).toBe(200);
  return client(server.base, ((await response.json()) as { access_token: string }).access_token);
}

const QUOTAS = 60;

/** A debt with QUOTAS pending quotas of $ 100,00. */
async function debtWithQuotas(api: ReturnType<typeof client>) {
  const company = await api('POST', '/api/companies', { name: unique('Compañía '), cuit: makeCuit() });
  const debtor = await api('POST', '/api/debtors', debtorBody());
  const debt = await api('POST', '/api/debts', {
    debtorId: debtor.body.id,
    companyId: company.body.id,
    originalAmount: '100000.00',
  });
  expect(debt.status).toBe(201);
  const quotas: number[] = [];
  for (let number = 1; number <= QUOTAS; number++) {
    const quota = await api('POST', '/api/quotas', {
      debtId: debt.body.id,
      number,
      amount: '100.00',
      dueDate: '2030-01-10',
    });
    quotas.push(quota.body.id as number);
  }
  return { debtId: debt.body.id as number, quotas };
}

interface Acked {
  payments: number[];
  observations: number[];
  paidQuotas: number[];
}

/** Six writers until the server dies; only 2xx answers count as acknowledged. */
async function loadUntilKilled(
  server: ServerProcess,
  api: ReturnType<typeof client>,
  debtId: number,
  quotas: number[],
) {
  const acked: Acked = { payments: [], observations: [], paidQuotas: [] };
  let next = 0;
  let dead = false;
  const writer = async (lane: number) => {
    for (let i = 0; !dead; i++) {
      try {
        const kind = (lane + i) % 3;
        if (kind === 0) {
          const r = await api('POST', '/api/payments', { debtId, amount: '1.00', paidAt: '2026-11-20' });
          if (r.status === 201) acked.payments.push(r.body.id as number);
        } else if (kind === 1) {
          const r = await api('POST', '/api/observations', { debtId, text: unique('Nota ') });
          if (r.status === 201) acked.observations.push(r.body.id as number);
        } else if (next < quotas.length) {
          const id = quotas[next++] as number;
          const r = await api('PATCH', `/api/quotas/${id}/pay`, {});
          if (r.status === 200) acked.paidQuotas.push(id);
        }
      } catch {
        dead = true; // the connection died with the server: not acknowledged
      }
    }
  };
  const writers = Array.from({ length: 6 }, (_, lane) => writer(lane));
  // Some writes answered, then a random moment.
  while (acked.payments.length + acked.observations.length < 10) await new Promise((r) => setTimeout(r, 20));
  await new Promise((r) => setTimeout(r, Math.random() * 600));
  server.child.kill('SIGKILL');
  await server.exited;
  dead = true;
  await Promise.all(writers);
  return acked;
}

async function expectAllThere(api: ReturnType<typeof client>, debtId: number, acked: Acked) {
  const health = await api('GET', '/api/health');
  expect(health.body).toMatchObject({ status: 'ok', db: 'up' });
  for (const id of acked.payments) expect((await api('GET', `/api/payments/${id}`)).status).toBe(200);
  for (const id of acked.observations) expect((await api('GET', `/api/observations/${id}`)).status).toBe(200);
  const quotas = (await api('GET', `/api/quotas?debtId=${debtId}&limit=500`)).body.data ?? [];
  const payments = (await api('GET', `/api/payments?debtId=${debtId}&limit=500`)).body.data ?? [];
  const paymentIds = new Set(payments.map((payment) => payment.id));
  for (const id of acked.paidQuotas) expect(quotas.find((quota) => quota.id === id)?.status).toBe('PAGADA');
  // Nothing half-written: a paid quota always has its payment, an unpaid one none.
  for (const quota of quotas) {
    if (quota.status === 'PAGADA') expect(paymentIds.has(quota.paymentId)).toBe(true);
    else expect(quota.paymentId).toBeNull();
  }
  // The debt's stored total is the sum of its payments.
  const debt = (await api('GET', `/api/debts/${debtId}`)).body;
  const sum = payments.reduce((total, payment) => total + cents(String(payment.amount)), 0n);
  expect(cents(String(debt.paidAmount))).toBe(sum);
  return acked.payments.length + acked.observations.length + acked.paidQuotas.length;
}

describe('crash safety: SIGKILL under a write load, then a restart', { timeout: 180_000 }, () => {
  const cleanups: (() => unknown)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('PGlite (DATA_DIR on disk): two kills in a row, every acknowledged write survives', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cobranzas-crash-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const env = { DATA_DIR: dataDir, ADMIN_PASSWORD };
    let server = await startServerProcess(env);
    cleanups.push(() => server.dispose());
    const { debtId, quotas } = await debtWithQuotas(await signIn(server));
    const all: Acked = { payments: [], observations: [], paidQuotas: [] };
    for (let round = 0; round < 2; round++) {
      const acked = await loadUntilKilled(
        server,
        await signIn(server),
        debtId,
        quotas.filter((id) => !all.paidQuotas.includes(id)),
      );
      for (const key of ['payments', 'observations', 'paidQuotas'] as const) all[key].push(...acked[key]);
      server = await startServerProcess(env);
      cleanups.push(() => server.dispose());
      expect(await expectAllThere(await signIn(server), debtId, all)).toBeGreaterThan(10);
    }
  });

  it.skipIf(!backends.find((b) => b.name === 'postgres')?.available)(
    'PostgreSQL: every acknowledged write survives',
    async () => {
      const t: TestApp = await startApp('postgres');
      cleanups.push(() => t.close());
      const env = { DATABASE_URL: t.config.databaseUrl ?? '', ADMIN_PASSWORD };
      let server = await startServerProcess(env);
      cleanups.push(() => server.dispose());
      const { debtId, quotas } = await debtWithQuotas(await signIn(server));
      const acked = await loadUntilKilled(server, await signIn(server), debtId, quotas);
      server = await startServerProcess(env);
      cleanups.push(() => server.dispose());
      expect(await expectAllThere(await signIn(server), debtId, acked)).toBeGreaterThan(10);
    },
  );
});
