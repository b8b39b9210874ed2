import { MESSAGES } from '@cobranzas/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createDatabase, type Database } from '../src/db/client';
import { users } from '../src/db/schema';
import { createDebt } from './domain';
import {
  ADMIN_ALIAS,
  ADMIN_PASSWORD,
  backends,
  call,
  createCompany,
  createUser,
  forEachBackend,
  login,
  startApp,
  type TestApp,
  tokenFor,
} from './helpers';

/**
 * Issue 14 §2: a token is only as good as its user is now. Every request acts on the user's current
 * state (active, type, company, company active), not on what the token said when it was signed.
 */
forEachBackend('a token acts as its user is now', (backend) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startApp(backend);
    admin = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
  });
  afterAll(() => t?.close());

  const patchUser = (id: number, payload: Record<string, unknown>) =>
    call(t.app, admin, { method: 'PATCH', url: `/api/users/${id}`, payload });

  it('a deactivated user is refused with 401 Unauthorized on the next request', async () => {
    const user = await createUser(t.app, admin, 'GENERAL');
    expect((await call(t.app, user.token, { method: 'GET', url: '/api/debts' })).status).toBe(200);
    expect((await patchUser(user.id, { active: false })).status).toBe(200);
    const refused = await call(t.app, user.token, { method: 'GET', url: '/api/debts' });
    expect(refused).toMatchObject({ status: 401, body: { message: MESSAGES.unauthorized } });
    const refresh = await call(t.app, user.token, { method: 'POST', url: '/api/refresh' });
    expect(refresh.status).toBe(401);
    // Active again: the same token works again, it was never the token that was wrong.
    expect((await patchUser(user.id, { active: true })).status).toBe(200);
    expect((await call(t.app, user.token, { method: 'GET', url: '/api/debts' })).status).toBe(200);
  });

  it('a deleted user is refused with 401 Unauthorized on the next request', async () => {
    const user = await createUser(t.app, admin, 'GENERAL');
    expect((await call(t.app, user.token, { method: 'GET', url: '/api/debts' })).status).toBe(200);
    expect((await call(t.app, admin, { method: 'DELETE', url: `/api/users/${user.id}` })).status).toBe(204);
    const refused = await call(t.app, user.token, { method: 'GET', url: '/api/debts' });
    expect(refused).toMatchObject({ status: 401, body: { message: MESSAGES.unauthorized } });
  });

  it('a demoted ADMIN loses the administration at once (403), and a promoted GENERAL gains it', async () => {
    const user = await createUser(t.app, admin, 'ADMIN');
    expect((await call(t.app, user.token, { method: 'GET', url: '/api/audit' })).status).toBe(200);
    expect((await patchUser(user.id, { userTypeId: 2 })).status).toBe(200);
    const refused = await call(t.app, user.token, { method: 'GET', url: '/api/audit' });
    expect(refused).toMatchObject({ status: 403, body: { message: MESSAGES.forbidden } });
    // Still a GENERAL: the debts are still theirs to work.
    expect((await call(t.app, user.token, { method: 'GET', url: '/api/debts' })).status).toBe(200);
    expect((await patchUser(user.id, { userTypeId: 1 })).status).toBe(200);
    expect((await call(t.app, user.token, { method: 'GET', url: '/api/audit' })).status).toBe(200);
  });

  it('a CLIENTE moved to another company sees the new company’s debts and no longer the old one’s', async () => {
    const client = await createUser(t.app, admin, 'CLIENTE');
    const other = await createCompany(t.app, admin);
    const oldDebt = await createDebt(t.app, admin, { companyId: client.companyId });
    const newDebt = await createDebt(t.app, admin, { companyId: other.id });
    const read = (id: number) => call(t.app, client.token, { method: 'GET', url: `/api/debts/${id}` });
    expect((await read(oldDebt.id)).status).toBe(200);
    expect((await read(newDebt.id)).status).toBe(404);
    expect((await patchUser(client.id, { companyId: other.id })).status).toBe(200);
    expect((await read(oldDebt.id)).status).toBe(404);
    expect((await read(newDebt.id)).status).toBe(200);
    const list = await call(t.app, client.token, { method: 'GET', url: '/api/debts?limit=500' });
    expect(list.body.data.map((debt: { companyId: number }) => debt.companyId)).toEqual([other.id]);
  });

  it('a CLIENTE of a deactivated company is refused (401) and cannot log in until it is active again', async () => {
    const client = await createUser(t.app, admin, 'CLIENTE');
    const setCompany = (active: boolean) =>
      call(t.app, admin, { method: 'PATCH', url: `/api/companies/${client.companyId}`, payload: { active } });
    expect((await call(t.app, client.token, { method: 'GET', url: '/api/debts' })).status).toBe(200);
    expect((await setCompany(false)).status).toBe(200);
    const refused = await call(t.app, client.token, { method: 'GET', url: '/api/debts' });
    expect(refused).toMatchObject({ status: 401, body: { message: MESSAGES.unauthorized } });
    const signIn = await login(t.app, client.alias, client.password);
    expect(signIn).toMatchObject({ status: 401, body: { message: MESSAGES.invalidCredentials } });
    expect((await setCompany(true)).status).toBe(200);
    expect((await login(t.app, client.alias, client.password)).status).toBe(200);
    expect((await call(t.app, client.token, { method: 'GET', url: '/api/debts' })).status).toBe(200);
  });

  it('a refreshed token carries the current type and company', async () => {
    const user = await createUser(t.app, admin, 'ADMIN');
    expect((await patchUser(user.id, { userTypeId: 2, name: 'Nombre Nuevo' })).status).toBe(200);
    const refreshed = await call(t.app, user.token, { method: 'POST', url: '/api/refresh' });
    const payload = JSON.parse(
      Buffer.from(refreshed.body.access_token.split('.')[1], 'base64url').toString(),
    );
    expect(payload).toMatchObject({ sub: user.id, type: 'GENERAL', name: 'Nombre Nuevo', companyId: null });
  });
});

/**
 * Another process's write reaches this one's cache through PostgreSQL's NOTIFY: two apps with their
 * own pools on one database stand for two API processes.
 */
describe.skipIf(!backends.find((b) => b.name === 'postgres')?.available)(
  'a token acts as its user is now, across processes [postgres]',
  () => {
    let t: TestApp;
    let second: { app: FastifyInstance; database: Database };
    let admin: string;

    beforeAll(async () => {
      t = await startApp('postgres');
      const database = await createDatabase(t.config);
      second = { app: await buildApp({ config: t.config, database, logger: false }), database };
      admin = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
    });
    afterAll(async () => {
      await second?.app.close();
      await second?.database.close();
      await t?.close();
    });

    /** Polls until the answer's status is `status` (NOTIFY arrives after the commit, not with it). */
    const eventually = async (request: () => Promise<{ status: number }>, status: number) => {
      const until = Date.now() + 10_000;
      let last = await request();
      while (last.status !== status && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        last = await request();
      }
      return last.status;
    };

    it('a user deactivated through one process is refused by the other, which had it cached', async () => {
      const user = await createUser(t.app, admin, 'GENERAL');
      const onSecond = () => call(second.app, user.token, { method: 'GET', url: '/api/debts' });
      // The second process listens (so it keeps states) and has this user's state in its cache.
      expect(await eventually(async () => ({ status: second.app.userStates.listening ? 1 : 0 }), 1)).toBe(1);
      expect((await onSecond()).status).toBe(200);
      const patched = await call(t.app, admin, {
        method: 'PATCH',
        url: `/api/users/${user.id}`,
        payload: { active: false },
      });
      expect(patched.status).toBe(200);
      expect(await eventually(onSecond, 401)).toBe(401);
    });

    it('a change written straight into the database (no API at all) reaches both processes', async () => {
      const user = await createUser(t.app, admin, 'ADMIN');
      const onFirst = () => call(t.app, user.token, { method: 'GET', url: '/api/audit' });
      const onSecond = () => call(second.app, user.token, { method: 'GET', url: '/api/audit' });
      expect((await onFirst()).status).toBe(200);
      expect((await onSecond()).status).toBe(200);
      const client = new pg.Client({ connectionString: t.config.databaseUrl ?? undefined });
      await client.connect();
      await client.query('UPDATE users SET user_type_id = 2 WHERE id = $1', [user.id]);
      await client.end();
      expect(await eventually(onFirst, 403)).toBe(403);
      expect(await eventually(onSecond, 403)).toBe(403);
      const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
      expect(row?.userTypeId).toBe(2);
    });
  },
);
