import { Writable } from 'node:stream';
import { MESSAGES } from '@cobranzas/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loggerOptions } from '../src/app';
import { createDebt } from './domain';
import {
  ADMIN_ALIAS,
  ADMIN_PASSWORD,
  type BackendName,
  call,
  forEachBackend,
  login,
  startApp,
  type TestApp,
  tokenFor,
} from './helpers';
import { multipartBody } from './multipart';

forEachBackend('per-address rate limit on /api/login', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(backend, { env: { LOGIN_RATE_LIMIT_PER_MINUTE: '3' } });
  });
  afterAll(() => t?.close());

  it('past the limit, any alias from that address → 429 in Spanish with Retry-After', async () => {
    for (let i = 0; i < 3; i++) expect((await login(t.app, `otro${i}`, 'x')).status).toBe(401);
    const response = await login(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
    expect(response.status).toBe(429);
    expect(response.body).toEqual({ message: MESSAGES.tooManyRequests });
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  });
});

forEachBackend('the client address behind a reverse proxy (TRUST_PROXY)', (backend) => {
  const apps: TestApp[] = [];
  afterAll(() => Promise.all(apps.map((t) => t.close())));
  const failFrom = (t: TestApp, forwardedFor: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { alias: 'nadie', password: 'x' },
    });

  it('trusted proxy: the login limit counts each forwarded client on its own', async () => {
    const t = await startApp(backend, {
      env: { LOGIN_RATE_LIMIT_PER_MINUTE: '2', TRUST_PROXY: '127.0.0.1' },
    });
    apps.push(t);
    for (let i = 0; i < 2; i++) expect((await failFrom(t, '10.0.0.1')).statusCode).toBe(401);
    expect((await failFrom(t, '10.0.0.1')).statusCode).toBe(429);
    expect((await failFrom(t, '10.0.0.2')).statusCode).toBe(401);
  });

  it('without TRUST_PROXY a forged X-Forwarded-For changes nothing', async () => {
    const t = await startApp(backend, { env: { LOGIN_RATE_LIMIT_PER_MINUTE: '2' } });
    apps.push(t);
    for (let i = 0; i < 2; i++) expect((await failFrom(t, `10.0.0.${i}`)).statusCode).toBe(401);
    expect((await failFrom(t, '10.0.0.9')).statusCode).toBe(429);
  });
});

/** The app with the production logger options at `level`; what it logs collects in `logs.text`. */
async function appLogging(backend: BackendName, level?: string) {
  const logs = { text: '' };
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logs.text += chunk.toString();
      done();
    },
  });
  const t = await startApp(backend, { logger: { ...loggerOptions(level), stream } });
  return { t, logs };
}

forEachBackend('logs', (backend) => {
  let t: TestApp;
  let logs: { text: string };
  // At the most verbose level.
  beforeAll(async () => {
    ({ t, logs } = await appLogging(backend, 'trace'));
  });
  afterAll(() => t?.close());

  it('never contain passwords or tokens, even at trace level', async () => {
    const token = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
    await call(t.app, token, { method: 'GET', url: '/api/users' });
    await login(t.app, ADMIN_ALIAS, 'clave-equivocada-9');
    expect(logs.text).toContain('/api/users');
    expect(logs.text).not.toContain(ADMIN_PASSWORD);
    expect(logs.text).not.toContain('clave-equivocada-9');
    expect(logs.text).not.toContain(token.split('.')[2]);
  });

  it('never contain a document’s content, on upload or download', async () => {
    const token = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
    const debt = await createDebt(t.app, token);
    const marker = 'CONTENIDO-RESERVADO-4711';
    const uploaded = await call(t.app, token, {
      method: 'POST',
      url: '/api/documents',
      ...multipartBody([
        { name: 'debtId', value: String(debt.id) },
        { name: 'file', filename: 'nota.csv', content: Buffer.from(`dni;nota\n20123456;${marker}\n`) },
      ]),
    });
    expect(uploaded.status).toBe(201);
    const downloaded = await t.app.inject({
      method: 'GET',
      url: `/api/documents/${uploaded.body.id}/file`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(downloaded.body).toContain(marker);
    expect(logs.text).toContain('/api/documents');
    expect(logs.text).not.toContain(marker);
  });

  it('are JSON lines, each line of a request with its id, which the answer gives as X-Request-Id', async () => {
    logs.text = '';
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    const id = response.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const lines = logs.text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines) expect(line.reqId).toBe(id);
    // A proxy's id is kept when it is a plain token; anything else is replaced.
    const kept = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'lb-42.a' },
    });
    expect(kept.headers['x-request-id']).toBe('lb-42.a');
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'x" {"level":60}' },
    });
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

forEachBackend('logs at the production level (info)', (backend) => {
  let t: TestApp;
  let logs: { text: string };
  beforeAll(async () => {
    ({ t, logs } = await appLogging(backend));
  });
  afterAll(() => t?.close());

  it('write one line per request, when it is answered: method, path, status and time', async () => {
    logs.text = '';
    const response = await t.app.inject({ method: 'GET', url: '/api/health?probe=1' });
    const lines = logs.text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      msg: 'request completed',
      reqId: response.headers['x-request-id'],
      req: { method: 'GET', url: '/api/health?probe=1' },
      res: { statusCode: 200 },
    });
    expect(lines[0]?.responseTime).toEqual(expect.any(Number));
  });
});

forEachBackend('when the database fails', (backend) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startApp(backend);
    token = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
    await t.database.close();
    t.database.close = async () => {};
  });
  afterAll(() => t?.close());

  it('an unexpected error → 500 with the Spanish message only, no stack or driver text', async () => {
    const response = await call(t.app, token, { method: 'GET', url: '/api/users' });
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ message: MESSAGES.internalError });
  });

  it('health reports the database down with 503', async () => {
    const response = await call(t.app, null, { method: 'GET', url: '/api/health' });
    expect(response.status).toBe(503);
    expect(response.body).toMatchObject({ status: 'error', db: 'down' });
  });
});
