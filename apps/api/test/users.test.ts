import { MESSAGES, userSchema } from '@cobranzas/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import {
  ADMIN_ALIAS,
  ADMIN_PASSWORD,
  call,
  createCompany,
  forEachBackend,
  startApp,
  type TestApp,
  tokenFor,
  unique,
} from './helpers';

forEachBackend('users API', (backend) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startApp(backend);
    token = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
  });
  afterAll(() => t?.close());

  const post = (payload: Record<string, unknown>) =>
    call(t.app, token, { method: 'POST', url: '/api/users', payload });
  const body = (fields: Record<string, unknown> = {}) => ({
    name: 'Ana Pérez',
    alias: unique('ana'),
    email: 'ana@example.com',
    password: 'clave-segura-1',
    userTypeId: 2,
    ...fields,
  });

  describe('create', () => {
    it('creates a GENERAL user → 201 with type and role embedded, never the password', async () => {
      const response = await post(body());
      expect(response.status).toBe(201);
      const user = userSchema.strict().parse(response.body);
      expect(user).toMatchObject({
        userTypeId: 2,
        userTypeName: 'GENERAL',
        role: 'GENERAL',
        companyId: null,
        active: true,
      });
      expect(JSON.stringify(response.body)).not.toMatch(/password|clave-segura|argon/i);
      expect(user.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    });

    it('stores the password as an argon2id hash and the new user can log in', async () => {
      const payload = body();
      const { body: created } = await post(payload);
      const [row] = await t.database.db.select().from(users).where(eq(users.id, created.id));
      expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
      expect((await tokenFor(t.app, payload.alias, payload.password)).split('.')).toHaveLength(3);
    });

    it('a password with surrounding spaces works at login, which trims what is typed', async () => {
      const payload = body({ password: '  con-espacios-9 ' });
      expect((await post(payload)).status).toBe(201);
      expect((await tokenFor(t.app, payload.alias, '  con-espacios-9 ')).length).toBeGreaterThan(0);
    });

    it('a CLIENTE without a company → 400 with errors.companyId in Spanish', async () => {
      const response = await post(body({ userTypeId: 3 }));
      expect(response.status).toBe(400);
      expect(response.body.errors.companyId).toEqual([MESSAGES.companyRequiredForClient]);
    });

    it('a CLIENTE with a company embeds the company name', async () => {
      const company = await createCompany(t.app, token);
      const response = await post(body({ userTypeId: 3, companyId: company.id }));
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({
        role: 'CLIENTE',
        companyId: company.id,
        companyName: company.name,
      });
    });

    it('a staff user never keeps a company: companyId is stored as null', async () => {
      const company = await createCompany(t.app, token);
      const response = await post(body({ userTypeId: 2, companyId: company.id }));
      expect(response.body.companyId).toBeNull();
    });

    it('a company that does not exist → 400 naming companyId', async () => {
      const response = await post(body({ userTypeId: 3, companyId: 999_999 }));
      expect(response.status).toBe(400);
      expect(response.body.errors.companyId).toEqual([MESSAGES.companyNotFound]);
    });

    it('a user type that does not exist → 400 naming userTypeId', async () => {
      const response = await post(body({ userTypeId: 999_999 }));
      expect(response.status).toBe(400);
      expect(response.body.errors.userTypeId).toEqual([MESSAGES.userTypeNotFound]);
    });

    it('a duplicate alias, in any case → 409 "Ya existe un usuario con ese alias."', async () => {
      const first = body();
      await post(first);
      const response = await post(body({ alias: first.alias.toUpperCase() }));
      expect(response.status).toBe(409);
      expect(response.body).toEqual({
        message: MESSAGES.aliasTaken,
        errors: { alias: [MESSAGES.aliasTaken] },
      });
    });

    it('invalid fields → 400 with a Spanish message per field', async () => {
      const response = await post({ name: '', alias: 'con espacios', password: 'corta', userTypeId: 'x' });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(MESSAGES.invalidInput);
      expect(response.body.errors.name).toEqual([MESSAGES.required]);
      expect(response.body.errors.password).toEqual([MESSAGES.passwordTooShort]);
      expect(Object.keys(response.body.errors)).toEqual(expect.arrayContaining(['alias', 'userTypeId']));
    });
  });

  describe('update', () => {
    it('PATCH changes only the fields sent', async () => {
      const { body: created } = await post(body({ active: false }));
      const response = await call(t.app, token, {
        method: 'PATCH',
        url: `/api/users/${created.id}`,
        payload: { name: 'Otro Nombre' },
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        name: 'Otro Nombre',
        alias: created.alias,
        active: false,
        email: created.email,
      });
    });

    it('the password changes only when sent', async () => {
      const payload = body();
      const { body: created } = await post(payload);
      await call(t.app, token, {
        method: 'PATCH',
        url: `/api/users/${created.id}`,
        payload: { name: 'Sin clave' },
      });
      expect((await tokenFor(t.app, payload.alias, payload.password)).length).toBeGreaterThan(0);
      await call(t.app, token, {
        method: 'PATCH',
        url: `/api/users/${created.id}`,
        payload: { password: 'nueva-clave-2' },
      });
      expect((await tokenFor(t.app, payload.alias, 'nueva-clave-2')).length).toBeGreaterThan(0);
    });

    it('changing a user to CLIENTE without a company → 400; with one → 200', async () => {
      const { body: created } = await post(body());
      const url = `/api/users/${created.id}`;
      const refused = await call(t.app, token, { method: 'PATCH', url, payload: { userTypeId: 3 } });
      expect(refused.status).toBe(400);
      expect(refused.body.errors.companyId).toEqual([MESSAGES.companyRequiredForClient]);
      const company = await createCompany(t.app, token);
      const ok = await call(t.app, token, {
        method: 'PATCH',
        url,
        payload: { userTypeId: 3, companyId: company.id },
      });
      expect(ok.body).toMatchObject({ role: 'CLIENTE', companyId: company.id });
      const back = await call(t.app, token, { method: 'PATCH', url, payload: { userTypeId: 2 } });
      expect(back.body).toMatchObject({ role: 'GENERAL', companyId: null });
    });

    it('PATCH of a missing user → 404 in Spanish', async () => {
      const response = await call(t.app, token, {
        method: 'PATCH',
        url: '/api/users/999999',
        payload: { name: 'X' },
      });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: MESSAGES.notFound });
    });
  });

  describe('delete', () => {
    it('DELETE → 204 and the user is gone (404)', async () => {
      const { body: created } = await post(body());
      const response = await call(t.app, token, { method: 'DELETE', url: `/api/users/${created.id}` });
      expect(response.status).toBe(204);
      expect(response.headers['content-length'] ?? '0').toBe('0');
      expect((await call(t.app, token, { method: 'GET', url: `/api/users/${created.id}` })).status).toBe(404);
    });

    it('an admin cannot delete itself → 409', async () => {
      const response = await call(t.app, token, { method: 'DELETE', url: '/api/users/1' });
      expect(response.status).toBe(409);
      expect(response.body).toEqual({ message: MESSAGES.cannotDeleteSelf });
    });
  });

  describe('list', () => {
    let tag: string;
    beforeAll(async () => {
      tag = unique('lst');
      const company = await createCompany(t.app, token);
      for (const [i, name] of ['Carla', 'Bruno', 'Alicia', 'Diego', 'Ernesto'].entries()) {
        await post(
          body({
            name: `${name} ${tag}`,
            alias: `${tag}${i}`,
            userTypeId: i === 0 ? 3 : 2,
            companyId: company.id,
            active: i !== 4,
          }),
        );
      }
    });
    const list = (query: string) => call(t.app, token, { method: 'GET', url: `/api/users?${query}` });

    it('q searches name and alias; total counts every match, data is one page', async () => {
      const response = await list(`q=${tag}&limit=2&page=2&sort=name`);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ total: 5, page: 2, limit: 2 });
      expect(response.body.data.map((u: { name: string }) => u.name.split(' ')[0])).toEqual([
        'Carla',
        'Diego',
      ]);
    });

    it('order=desc reverses the sort', async () => {
      const response = await list(`q=${tag}&sort=name&order=desc&limit=1`);
      expect(response.body.data[0].name).toBe(`Ernesto ${tag}`);
    });

    it('typed filters: role, active', async () => {
      expect((await list(`q=${tag}&role=CLIENTE`)).body.total).toBe(1);
      expect((await list(`q=${tag}&active=false`)).body.total).toBe(1);
      expect((await list(`q=${tag}&role=GENERAL&active=true`)).body.total).toBe(3);
    });

    it('% and _ in q are literal characters, not wildcards', async () => {
      expect((await list('q=%25')).body.total).toBe(0);
      expect((await list('q=_')).body.total).toBe(0);
    });

    it('list items never include the password', async () => {
      const response = await list('limit=500');
      expect(response.body.data.length).toBeGreaterThan(5);
      expect(JSON.stringify(response.body)).not.toMatch(/password|argon/i);
    });

    it('a sort outside the whitelist, or limit over 500 → 400 naming the parameter', async () => {
      const badSort = await list('sort=passwordHash');
      expect(badSort.status).toBe(400);
      expect(Object.keys(badSort.body.errors)).toEqual(['sort']);
      const badLimit = await list('limit=501');
      expect(badLimit.status).toBe(400);
      expect(Object.keys(badLimit.body.errors)).toEqual(['limit']);
    });
  });
});
