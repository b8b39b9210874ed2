import { MESSAGES, tokenPayloadSchema } from '@cobranzas/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  ADMIN_ALIAS,
  ADMIN_PASSWORD,
  call,
  createUser,
  decodeToken,
  forEachBackend,
  login,
  signToken,
  startApp,
  type TestApp,
  tokenFor,
} from './helpers';

forEachBackend('auth contract (DESIGN.md §5)', (backend) => {
  let t: TestApp;
  let adminToken: string;
  beforeAll(async () => {
    t = await startApp(backend);
    adminToken = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
  });
  afterAll(() => t?.close());

  it('login answers 200 {access_token, token_type: "bearer", expires_in} for the seeded admin', async () => {
    const response = await login(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(['access_token', 'expires_in', 'token_type']);
    expect(response.body.token_type).toBe('bearer');
    expect(response.body.expires_in).toBe(15 * 60);
  });

  it('the token is HS256 with sub, name, alias, type, companyId, iat and exp', async () => {
    const { body } = await login(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
    const header = JSON.parse(Buffer.from(body.access_token.split('.')[0], 'base64url').toString());
    expect(header.alg).toBe('HS256');
    const payload = tokenPayloadSchema.parse(decodeToken(body.access_token));
    expect(payload).toMatchObject({
      sub: 1,
      name: 'Administrador',
      alias: ADMIN_ALIAS,
      type: 'ADMIN',
      companyId: null,
    });
    expect(payload.exp - payload.iat).toBe(body.expires_in);
  });

  it('a CLIENTE token carries its companyId', async () => {
    const cliente = await createUser(t.app, adminToken, 'CLIENTE');
    expect(decodeToken(cliente.token)).toMatchObject({ type: 'CLIENTE', companyId: cliente.companyId });
  });

  it('login trims alias and password and ignores the alias case', async () => {
    const response = await login(t.app, `  ${ADMIN_ALIAS.toUpperCase()} `, ` ${ADMIN_PASSWORD}  `);
    expect(response.status).toBe(200);
  });

  it.each([
    ['a wrong password', ADMIN_ALIAS, 'otra-clave-1'],
    ['an unknown alias', 'nadie', ADMIN_PASSWORD],
    ['a blank alias', '   ', ADMIN_PASSWORD],
    ['a blank password', ADMIN_ALIAS, ''],
  ])('login with %s → 401 Invalid credentials', async (_case, alias, password) => {
    const response = await login(t.app, alias, password);
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: 'Invalid credentials' });
  });

  it('an inactive user cannot log in: 401 Invalid credentials', async () => {
    const user = await createUser(t.app, adminToken, 'GENERAL');
    await call(t.app, adminToken, {
      method: 'PATCH',
      url: `/api/users/${user.id}`,
      payload: { active: false },
    });
    const response = await login(t.app, user.alias, user.password);
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: MESSAGES.invalidCredentials });
  });

  it('refresh with a valid token returns a new token for the same user', async () => {
    const response = await call(t.app, adminToken, { method: 'POST', url: '/api/refresh' });
    expect(response.status).toBe(200);
    expect(response.body.token_type).toBe('bearer');
    expect(decodeToken(response.body.access_token)).toMatchObject({ sub: 1, type: 'ADMIN' });
  });

  it('refresh accepts an empty JSON body (clients that always send Content-Type)', async () => {
    const response = await call(t.app, adminToken, {
      method: 'POST',
      url: '/api/refresh',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(200);
  });

  it('refresh with an expired token → 401 Token is Expired', async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = signToken(
      {
        sub: 1,
        name: 'Administrador',
        alias: ADMIN_ALIAS,
        type: 'ADMIN',
        companyId: null,
        iat: now - 3600,
        exp: now - 60,
      },
      t.config.jwtSecret,
    );
    const response = await call(t.app, expired, { method: 'POST', url: '/api/refresh' });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: 'Token is Expired' });
    const list = await call(t.app, expired, { method: 'GET', url: '/api/users' });
    expect(list.body).toEqual({ message: 'Token is Expired' });
  });

  it('a token signed with another secret, or garbage, → 401 Unauthorized', async () => {
    const now = Math.floor(Date.now() / 1000);
    const forged = signToken(
      { sub: 1, name: 'x', alias: 'x', type: 'ADMIN', companyId: null, iat: now, exp: now + 600 },
      'otro-secreto-que-no-es-el-del-servidor',
    );
    for (const token of [forged, 'basura', 'a.b.c']) {
      const response = await call(t.app, token, { method: 'POST', url: '/api/refresh' });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: 'Unauthorized' });
    }
  });

  it('refresh for a user deactivated since the token was issued → 401 Unauthorized', async () => {
    const user = await createUser(t.app, adminToken, 'GENERAL');
    await call(t.app, adminToken, {
      method: 'PATCH',
      url: `/api/users/${user.id}`,
      payload: { active: false },
    });
    const response = await call(t.app, user.token, { method: 'POST', url: '/api/refresh' });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: 'Unauthorized' });
  });

  it('refresh picks up a role change made since the token was issued', async () => {
    const user = await createUser(t.app, adminToken, 'GENERAL');
    await call(t.app, adminToken, {
      method: 'PATCH',
      url: `/api/users/${user.id}`,
      payload: { userTypeId: 1 },
    });
    const response = await call(t.app, user.token, { method: 'POST', url: '/api/refresh' });
    expect(decodeToken(response.body.access_token).type).toBe('ADMIN');
  });

  it('no token, or a malformed Authorization header, on /api/users → 401 Unauthorized', async () => {
    for (const headers of [{}, { authorization: 'Basic abc' }, { authorization: 'Bearer' }]) {
      const response = await call(t.app, null, { method: 'GET', url: '/api/users', headers });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: 'Unauthorized' });
    }
  });

  it('health and the API docs need no token', async () => {
    expect((await call(t.app, null, { method: 'GET', url: '/api/health' })).status).toBe(200);
    expect((await call(t.app, null, { method: 'GET', url: '/api/docs/json' })).status).toBe(200);
  });

  it('throttle: after 5 failures for an alias, 429 in Spanish with Retry-After, even with the right password', async () => {
    const victim = await createUser(t.app, adminToken, 'GENERAL');
    for (let i = 0; i < 5; i++) {
      expect((await login(t.app, victim.alias, 'mal-mal-mal')).status).toBe(401);
    }
    const blocked = await login(t.app, victim.alias, victim.password);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: MESSAGES.tooManyAttempts });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // The alias in another case is the same key.
    expect((await login(t.app, victim.alias.toUpperCase(), victim.password)).status).toBe(429);
    // Another alias from the same address is unaffected.
    expect((await login(t.app, ADMIN_ALIAS, ADMIN_PASSWORD)).status).toBe(200);
  });

  it('throttle: a successful login clears the failure count', async () => {
    const user = await createUser(t.app, adminToken, 'GENERAL');
    for (let i = 0; i < 4; i++) await login(t.app, user.alias, 'mal-mal-mal');
    expect((await login(t.app, user.alias, user.password)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login(t.app, user.alias, 'mal-mal-mal')).status).toBe(401);
    expect((await login(t.app, user.alias, user.password)).status).toBe(200);
  });
});
