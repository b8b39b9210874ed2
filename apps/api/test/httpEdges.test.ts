import { connect } from 'node:net';
import { MESSAGES } from '@cobranzas/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HSTS } from '../src/security';
import {
  ADMIN_ALIAS,
  ADMIN_PASSWORD,
  call,
  forEachBackend,
  startApp,
  type TestApp,
  tokenFor,
} from './helpers';

/** Writes raw bytes to a listening server; resolves with the status and the JSON body of its answer. */
function raw(port: number, request: string): Promise<{ status: number; headers: string; body: unknown }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('utf8');
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
      if (!status) return reject(new Error(`sin respuesta: ${JSON.stringify(answer)}`));
      resolve({ status, headers: head.toLowerCase(), body: JSON.parse(body) });
    });
    socket.write(request);
  });
}

/**
 * Issue 14 §5–§6: what Node's and Fastify's own layers answer is the contract's Spanish `{message}`;
 * no /api answer may be kept in a cache; HSTS only over HTTPS.
 */
forEachBackend('HTTP edges', (backend) => {
  describe('errors found before a route runs', () => {
    let t: TestApp;
    let port: number;

    beforeAll(async () => {
      t = await startApp(backend);
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      port = (t.app.server.address() as { port: number }).port;
    });
    afterAll(() => t?.close());

    it('headers too large → 431 with a Spanish {message}', async () => {
      const answer = await raw(
        port,
        `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Grande: ${'a'.repeat(20_000)}\r\n\r\n`,
      );
      expect(answer.status).toBe(431);
      expect(answer.body).toEqual({ message: MESSAGES.headersTooLarge });
      expect(answer.headers).toContain('cache-control: no-store');
    });

    it('a malformed request line → 400 with a Spanish {message}', async () => {
      const answer = await raw(port, 'ESTO NO ES HTTP\r\n\r\n');
      expect(answer).toMatchObject({ status: 400, body: { message: MESSAGES.malformedRequest } });
    });

    it('a Content-Length that is not a number → 400 with a Spanish {message}', async () => {
      const answer = await raw(port, 'POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n');
      expect(answer).toMatchObject({ status: 400, body: { message: MESSAGES.malformedRequest } });
    });

    it('a body over the limit → 413 with a Spanish {message}', async () => {
      const body = `{"alias":"${'a'.repeat(1_100_000)}"}`;
      const answer = await raw(
        port,
        `POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
      );
      expect(answer).toMatchObject({ status: 413, body: { message: MESSAGES.payloadTooLarge } });
    });

    it('a URL that does not decode → 400 with a Spanish {message}, not echoing the path, with no-store', async () => {
      const answer = await call(t.app, null, { method: 'GET', url: '/api/debts/%zz' });
      expect(answer).toMatchObject({ status: 400, body: { message: MESSAGES.malformedRequest } });
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(String(answer.headers['content-security-policy'])).toContain("default-src 'self'");
    });

    it('a route parameter past its length → 414 with a Spanish {message}', async () => {
      const answer = await call(t.app, null, { method: 'GET', url: `/api/debtors/dni/${'1'.repeat(250)}` });
      expect(answer).toMatchObject({ status: 414, body: { message: MESSAGES.urlTooLong } });
      expect(answer.headers['cache-control']).toBe('no-store');
    });

    it('the server still answers after all of them', async () => {
      const answer = await raw(port, 'GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      expect(answer.status).toBe(200);
    });
  });

  it('a request that arrives while the server shuts down → 503 in Spanish, and the connection closes', async () => {
    const t = await startApp(backend);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as { port: number }).port;
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('utf8');
    });
    const ended = new Promise((resolve) => socket.on('close', resolve));
    // A login in flight (its body half sent) keeps the connection busy while the close begins…
    const body = JSON.stringify({ alias: 'x', password: 'y' });
    socket.write(
      `POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const closing = t.app.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    // …it is answered, and the request after it on the same connection gets the 503.
    socket.write(`${body.slice(5)}GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n`);
    await ended;
    await closing;
    // Closing twice is harmless; this also drops the test's database and folder.
    await t.close();
    const [first, second] = answer.split(/(?=HTTP\/1\.1 )/);
    expect(first).toMatch(/^HTTP\/1\.1 401/);
    expect(second).toMatch(/^HTTP\/1\.1 503/);
    expect(second?.toLowerCase()).toContain('connection: close');
    expect(JSON.parse(second?.split('\r\n\r\n')[1] ?? '')).toEqual({ message: MESSAGES.shuttingDown });
  });

  describe('headers', () => {
    let t: TestApp;
    let token: string;

    beforeAll(async () => {
      t = await startApp(backend);
      token = await tokenFor(t.app, ADMIN_ALIAS, ADMIN_PASSWORD);
    });
    afterAll(() => t?.close());

    it('every /api JSON answer carries Cache-Control: no-store (2xx, 4xx, login, lists, errors)', async () => {
      const answers = [
        await call(t.app, null, { method: 'GET', url: '/api/health' }),
        await call(t.app, null, {
          method: 'POST',
          url: '/api/login',
          payload: { alias: ADMIN_ALIAS, password: ADMIN_PASSWORD },
        }),
        await call(t.app, null, {
          method: 'POST',
          url: '/api/login',
          payload: { alias: 'x', password: 'y' },
        }),
        await call(t.app, token, { method: 'GET', url: '/api/debts' }),
        await call(t.app, token, { method: 'GET', url: '/api/debts/999999' }),
        await call(t.app, token, { method: 'GET', url: '/api/no-existe' }),
        await call(t.app, null, { method: 'GET', url: '/api/users' }),
        await call(t.app, token, { method: 'POST', url: '/api/companies', payload: {} }),
      ];
      for (const answer of answers) {
        expect(answer.headers['content-type']).toContain('application/json');
        expect(answer.headers['cache-control'], JSON.stringify(answer.body)).toBe('no-store');
      }
    });

    it('the web app’s own files keep their caching (no-store is for /api only)', async () => {
      const page = await call(t.app, null, { method: 'GET', url: '/' });
      expect(page.headers['cache-control']).not.toBe('no-store');
    });

    it('no HSTS on a plain-http request', async () => {
      const answer = await call(t.app, null, { method: 'GET', url: '/api/health' });
      expect(answer.headers['strict-transport-security']).toBeUndefined();
    });

    it('no HSTS when an untrusted client claims X-Forwarded-Proto: https (TRUST_PROXY off)', async () => {
      const answer = await call(t.app, null, {
        method: 'GET',
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(answer.headers['strict-transport-security']).toBeUndefined();
    });
  });

  describe('behind a trusted proxy', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startApp(backend, { env: { TRUST_PROXY: '127.0.0.1' } });
    });
    afterAll(() => t?.close());

    it('HSTS when the trusted proxy says the request came over HTTPS, not when it came over http', async () => {
      const over = (proto: string) =>
        call(t.app, null, { method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': proto } });
      expect((await over('https')).headers['strict-transport-security']).toBe(HSTS);
      expect((await over('http')).headers['strict-transport-security']).toBeUndefined();
    });
  });
});
