import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../src/db/ledgerViews';
import { create, createDebt } from './domain';
import { ADMIN_ALIAS, ADMIN_PASSWORD, backends, startApp, type TestApp, tokenFor } from './helpers';
import { type ServerProcess, startServerProcess } from './serverProcess';

const postgres = backends.find((backend) => backend.name === 'postgres');

/**
 * Issue 8 §5: several API processes on one PostgreSQL serve the same users. Nothing but the JWT
 * secret and the database is shared; the database's locks and unique indexes keep them honest.
 */
describe.skipIf(!postgres?.available)('two API processes on one PostgreSQL', { timeout: 120_000 }, () => {
  let t: TestApp;
  let token: string;
  const servers: ServerProcess[] = [];
  beforeAll(async () => {
    t = await startApp('postgres');
    token = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
    const env = {
      DATABASE_URL: t.config.databaseUrl ?? '',
      JWT_SECRET: t.config.jwtSecret,
      ADMIN_PASSWORD,
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
    };
    // Started together: their migrations meet on the advisory lock.
    servers.push(...(await Promise.all([startServerProcess(env), startServerProcess(env)])));
  });
  afterAll(async () => {
    for (const server of servers) server.dispose();
    await t?.close();
  });

  const send = (server: ServerProcess, method: string, path: string, auth: string, body?: unknown) =>
    fetch(`${server.base}${path}`, {
      method,
      headers: { authorization: `Bearer ${auth}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });

  it('a token signed by one process is accepted by the other (stateless JWT)', async () => {
    const [first, second] = servers as [ServerProcess, ServerProcess];
    const login = await fetch(`${first.base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ alias: ADMIN_ALIAS, password: ADMIN_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const { access_token: fromFirst } = (await login.json()) as { access_token: string };
    const users = await send(second, 'GET', '/api/users', fromFirst);
    expect(users.status).toBe(200);
  });

  it('the same quota paid through both at once: exactly one payment', async () => {
    const debt = await createDebt(t.app, token);
    const quota = await create(t.app, token, 'quotas', {
      debtId: debt.id,
      number: 1,
      amount: '250.00',
      dueDate: '2030-01-10',
    });
    const answers = await Promise.all(
      [...servers, ...servers].map((server) =>
        send(server, 'PATCH', `/api/quotas/${quota.id}/pay`, token, { paidAt: '2026-11-20' }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409]);
    const [row] = await t.database.db
      .select({ n: count() })
      .from(payments)
      .where(eq(payments.quotaId, quota.id as number));
    expect(row?.n).toBe(1);
    const read = await send(servers[1] as ServerProcess, 'GET', `/api/debts/${debt.id}`, token);
    expect(((await read.json()) as { paidAmount: string }).paidAmount).toBe('250.00');
  });
});
