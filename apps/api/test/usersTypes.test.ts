import { MESSAGES } from '@cobranzas/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seed } from '../src/db/seed';
import {
  ADMIN_ALIAS,
  ADMIN_PASSWORD,
  call,
  createCompany,
  decodeToken,
  forEachBackend,
  startApp,
  type TestApp,
  tokenFor,
  unique,
} from './helpers';

forEachBackend('user types and reference data', (backend) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startApp(backend);
    token = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
  });
  afterAll(() => t?.close());

  it('the seed creates ADMIN, GENERAL, CLIENTE as ids 1–3', async () => {
    const response = await call(t.app, token, { method: 'GET', url: '/api/users-types?sort=id' });
    expect(response.body.data.map((u: { id: number; role: string }) => [u.id, u.role])).toEqual([
      [1, 'ADMIN'],
      [2, 'GENERAL'],
      [3, 'CLIENTE'],
    ]);
  });

  it('the seed creates debt types 1 Preventiva, 2 Extrajudicial, 3 Judicial', async () => {
    const response = await call(t.app, token, { method: 'GET', url: '/api/debts-types?sort=id' });
    expect(response.body.data.map((d: { id: number; name: string }) => [d.id, d.name])).toEqual([
      [1, 'Preventiva'],
      [2, 'Extrajudicial'],
      [3, 'Judicial'],
    ]);
  });

  it('seeding again changes nothing and creates no second admin', async () => {
    await seed(t.database.db, t.config, () => {});
    const types = await call(t.app, token, { method: 'GET', url: '/api/users-types' });
    const admins = await call(t.app, token, { method: 'GET', url: '/api/users?role=ADMIN' });
    expect(types.body.total).toBeGreaterThanOrEqual(3);
    expect(admins.body.data.filter((u: { alias: string }) => u.alias === ADMIN_ALIAS)).toHaveLength(1);
  });

  it('a new user type gets an id after the fixed ones', async () => {
    const response = await call(t.app, token, {
      method: 'POST',
      url: '/api/users-types',
      payload: { name: unique('Cobrador '), role: 'GENERAL', description: 'Gestor telefónico' },
    });
    expect(response.status).toBe(201);
    expect(response.body.id).toBeGreaterThan(3);
  });

  it('a custom CLIENTE-role type needs a company and signs in with type CLIENTE', async () => {
    const type = await call(t.app, token, {
      method: 'POST',
      url: '/api/users-types',
      payload: { name: unique('Cliente externo '), role: 'CLIENTE' },
    });
    const alias = unique('ext');
    const payload = { name: 'Ext', alias, password: 'clave-segura-1', userTypeId: type.body.id };
    const refused = await call(t.app, token, { method: 'POST', url: '/api/users', payload });
    expect(refused.status).toBe(400);
    const company = await createCompany(t.app, token);
    const created = await call(t.app, token, {
      method: 'POST',
      url: '/api/users',
      payload: { ...payload, companyId: company.id },
    });
    expect(created.body).toMatchObject({ userTypeName: type.body.name, role: 'CLIENTE' });
    expect(decodeToken(await tokenFor(t.app, alias, 'clave-segura-1')).type).toBe('CLIENTE');
  });

  it('a duplicate name, in any case → 409 "Ya existe un tipo de usuario con ese nombre."', async () => {
    const response = await call(t.app, token, {
      method: 'POST',
      url: '/api/users-types',
      payload: { name: 'general', role: 'GENERAL' },
    });
    expect(response.status).toBe(409);
    expect(response.body.message).toBe(MESSAGES.userTypeTaken);
  });

  it.each([1, 2, 3])(
    'fixed user type %i cannot be deleted or renamed → 409; its description can change',
    async (id) => {
      const url = `/api/users-types/${id}`;
      const del = await call(t.app, token, { method: 'DELETE', url });
      expect(del.status).toBe(409);
      expect(del.body).toEqual({ message: MESSAGES.fixedRecord });
      const rename = await call(t.app, token, { method: 'PATCH', url, payload: { name: 'Otro' } });
      expect(rename.status).toBe(409);
      const role = await call(t.app, token, {
        method: 'PATCH',
        url,
        payload: { role: id === 1 ? 'GENERAL' : 'ADMIN' },
      });
      expect(role.status).toBe(409);
      const describe = await call(t.app, token, {
        method: 'PATCH',
        url,
        payload: { description: 'Rol del sistema' },
      });
      expect(describe.status).toBe(200);
      expect(describe.body.description).toBe('Rol del sistema');
    },
  );

  it('a custom type in use cannot be deleted (409); unused → 204', async () => {
    const used = await call(t.app, token, {
      method: 'POST',
      url: '/api/users-types',
      payload: { name: unique('Usado '), role: 'GENERAL' },
    });
    await call(t.app, token, {
      method: 'POST',
      url: '/api/users',
      payload: { name: 'U', alias: unique('u'), password: 'clave-segura-1', userTypeId: used.body.id },
    });
    const refused = await call(t.app, token, { method: 'DELETE', url: `/api/users-types/${used.body.id}` });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: MESSAGES.referenced });
    const free = await call(t.app, token, {
      method: 'POST',
      url: '/api/users-types',
      payload: { name: unique('Libre '), role: 'GENERAL' },
    });
    expect(
      (await call(t.app, token, { method: 'DELETE', url: `/api/users-types/${free.body.id}` })).status,
    ).toBe(204);
  });
});
