import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { MESSAGES, RESOURCE_SUBJECTS } from '@cobranzas/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeVersionProblem } from '../src/requireNode24.mjs';
import { WEB_NOT_BUILT } from '../src/web';
import {
  ADMIN_ALIAS,
  ADMIN_PASSWORD,
  call,
  forEachBackend,
  startApp,
  type TestApp,
  tokenFor,
} from './helpers';

const PORTAL_HTML = '<!doctype html><title>Pagar</title><main id="pagar"></main>';
const INDEX_HTML = '<!doctype html><html><body><div id="root"></div></body></html>';

forEachBackend('HTTP behaviour', (backend) => {
  let t: TestApp;
  let token: string;
  let webDist: string;
  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'cobranzas-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
    mkdirSync(path.join(webDist, 'pagar'));
    writeFileSync(path.join(webDist, 'pagar', 'index.html'), PORTAL_HTML);
    writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log(1)');
    // As the web build leaves them: a brotli and a gzip copy next to the file.
    writeFileSync(path.join(webDist, 'assets', 'index-abc123.js.br'), brotliCompressSync('console.log(1)'));
    writeFileSync(path.join(webDist, 'assets', 'index-abc123.js.gz'), gzipSync('console.log(1)'));
    writeFileSync(path.join(webDist, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await startApp(backend, { env: { WEB_DIST: webDist } });
    token = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  describe('errors are Spanish JSON, never a 500 or a stack for bad input', () => {
    it('malformed JSON → 400', async () => {
      const response = await call(t.app, token, {
        method: 'POST',
        url: '/api/companies',
        headers: { 'content-type': 'application/json' },
        payload: '{"name": "x",',
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message: MESSAGES.invalidInput });
    });

    it('a body that is not JSON → 400', async () => {
      for (const contentType of ['text/plain', 'application/xml']) {
        const response = await call(t.app, token, {
          method: 'POST',
          url: '/api/companies',
          headers: { 'content-type': contentType },
          payload: '<company/>',
        });
        expect(response.status).toBe(400);
        expect(response.body.message).toBe(MESSAGES.invalidInput);
      }
    });

    it('a body over 1 MB → 413', async () => {
      const response = await call(t.app, token, {
        method: 'POST',
        url: '/api/companies',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10) }),
      });
      expect(response.status).toBe(413);
      expect(response.body).toEqual({ message: MESSAGES.payloadTooLarge });
    });

    it.each(['abc', '0', '-1', '1.5', '99999999999'])('id "%s" in the URL → 400 invalid id', async (id) => {
      const response = await call(t.app, token, { method: 'GET', url: `/api/users/${id}` });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(MESSAGES.invalidId);
    });

    it('a missing id → 404 in Spanish', async () => {
      const response = await call(t.app, token, { method: 'GET', url: '/api/companies/424242' });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: MESSAGES.notFound });
    });

    it('an unknown /api path → JSON 404, for any method', async () => {
      for (const method of ['GET', 'POST', 'DELETE'] as const) {
        const response = await call(t.app, token, { method, url: '/api/no-existe/1' });
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ message: MESSAGES.routeNotFound });
      }
    });

    it('a __proto__ key in a body does not pollute and is not a 500', async () => {
      const response = await call(t.app, token, {
        method: 'POST',
        url: '/api/users-types',
        headers: { 'content-type': 'application/json' },
        payload: '{"name":"Proto","role":"GENERAL","__proto__":{"admin":true}}',
      });
      expect(response.status).toBe(400);
    });
  });

  describe('security headers', () => {
    it('every response carries the strict CSP and the usual hardening headers', async () => {
      for (const url of ['/', '/api/health', '/api/users']) {
        const response = await call(t.app, null, { method: 'GET', url });
        const csp = String(response.headers['content-security-policy']);
        expect(csp).toContain("script-src 'self'");
        expect(csp).toContain("default-src 'self'");
        expect(csp).toContain("frame-ancestors 'none'");
        expect(csp).toContain("object-src 'none'");
        expect(csp).not.toContain('unsafe-inline');
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers['x-frame-options']).toBe('DENY');
      }
    });

    it('only the API docs pages relax style-src for Swagger UI', async () => {
      const response = await call(t.app, null, { method: 'GET', url: '/api/docs' });
      expect(response.status).toBe(200);
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    });
  });

  describe('the web app', () => {
    it('/ serves index.html, revalidated on every load', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(INDEX_HTML);
      expect(response.headers['cache-control']).toBe('no-cache');
    });

    it('history fallback: /users/list (no such file) serves index.html with no-cache', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/users/list' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toBe(INDEX_HTML);
      expect(response.headers['cache-control']).toBe('no-cache');
    });

    it('/pagar, /pagar?pago=… and /pagar/… serve the debtor portal’s own page (issue 34); /pagarx does not', async () => {
      for (const url of ['/pagar', '/pagar?pago=PABCDEFGH', '/pagar/otra']) {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        expect(response.body, url).toBe(PORTAL_HTML);
        expect(response.headers['cache-control'], url).toBe('no-cache');
      }
      expect((await t.app.inject({ method: 'GET', url: '/pagarx' })).body).toBe(INDEX_HTML);
    });

    it('hashed files under /assets are cached as immutable for a year', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it('a file with compressed copies goes as brotli or gzip to a browser that takes them, else plain', async () => {
      const asset = (encoding?: string) =>
        t.app.inject({
          method: 'GET',
          url: '/assets/index-abc123.js',
          headers: encoding ? { 'accept-encoding': encoding } : {},
        });
      const br = await asset('gzip, deflate, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(1)');
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const gz = await asset('gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe('console.log(1)');
      const plain = await asset();
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe('console.log(1)');
    });

    it('other files are served as themselves', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/logo.svg' });
      expect(response.headers['content-type']).toMatch(/image\/svg\+xml/);
    });

    it('a path trying to leave the dist folder gets no file from outside it', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/..%2f..%2fetc%2fpasswd' });
      expect(response.body).not.toContain('root:');
    });
  });

  describe('operations', () => {
    it('GET /api/health → {status:"ok", db:"up", version, node, uptime} without a token, on Node 24', async () => {
      const response = await call(t.app, null, { method: 'GET', url: '/api/health' });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ status: 'ok', db: 'up', version: expect.any(String) });
      expect(response.body.node).toBe(process.version);
      expect(response.body.node).toMatch(/^v24\./);
      expect(response.body.uptime).toBeGreaterThanOrEqual(0);
    });

    it('on a Node older than 24 the server and the scripts stop with a Spanish hint', () => {
      expect(nodeVersionProblem('v20.20.2')).toMatch(
        /^Cobranzas corre sobre Node 24 y este es v20\.20\.2\. Use «npm start»/,
      );
      expect(nodeVersionProblem('v24.21.0')).toBeNull();
      expect(nodeVersionProblem(process.version)).toBeNull();
    });

    it('the OpenAPI document describes the routes with their zod schemas', async () => {
      const response = await call(t.app, null, { method: 'GET', url: '/api/docs/json' });
      expect(response.body.openapi).toMatch(/^3\./);
      expect(Object.keys(response.body.paths)).toEqual(
        expect.arrayContaining([
          '/api/login',
          '/api/refresh',
          '/api/users',
          '/api/users/{id}',
          '/api/companies',
        ]),
      );
      const loginBody = response.body.paths['/api/login'].post.requestBody.content['application/json'].schema;
      expect(Object.keys(loginBody.properties)).toEqual(['alias', 'password']);
    });
  });
});

forEachBackend('without a web build', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(backend);
  });
  afterAll(() => t?.close());

  it('/ answers in Spanish that the web app is not built and how to build it', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.headers['content-type']).toMatch(/text\/plain/);
    expect(response.body).toBe(WEB_NOT_BUILT);
    expect(response.body).toContain('npm run build');
  });

  it('the API still answers JSON 404 for unknown /api paths', async () => {
    const response = await call(t.app, null, { method: 'GET', url: '/api/nada' });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: MESSAGES.routeNotFound });
  });
});

forEachBackend('API documentation', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(backend);
  });
  afterAll(() => t?.close());

  it('/api/docs documents every route with a tag and a Spanish summary', async () => {
    const { body } = await call(t.app, null, { method: 'GET', url: '/api/docs/json' });
    const operations = Object.entries(
      body.paths as Record<string, Record<string, { tags?: string[]; summary?: string }>>,
    ).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method, ...operation })),
    );
    for (const operation of operations) {
      expect(operation.tags?.length, `${operation.method} ${operation.path}`).toBeGreaterThan(0);
      expect(operation.summary, `${operation.method} ${operation.path}`).toMatch(/^[A-ZÁÉÍÓÚ][a-záéíóúñ]/);
    }
    const paths = Object.keys(body.paths);
    for (const resource of Object.keys(RESOURCE_SUBJECTS).filter((r) => r !== 'report' && r !== 'audit'))
      expect(paths).toContain(`/api/${resource}/{id}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/debtors/dni/{dni}',
        '/api/debts/dni/{dni}',
        '/api/quotas/plan',
        '/api/quotas/{id}/pay',
        '/api/quotas/{id}/mora',
        '/api/audit',
      ]),
    );
  });
});
