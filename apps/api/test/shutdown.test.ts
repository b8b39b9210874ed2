import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, backends, startApp, type TestApp } from './helpers';
import { type ServerProcess, startServerProcess } from './serverProcess';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const running: ServerProcess[] = [];
const databases: TestApp[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) server.dispose();
  for (const database of databases.splice(0)) await database.close();
});

/** The server on PGlite in a fresh DATA_DIR, or on a fresh PostgreSQL database (migrated, seeded). */
async function startServer(on: 'pglite' | 'postgres' = 'pglite'): Promise<ServerProcess> {
  let env: Record<string, string> = { ADMIN_PASSWORD };
  if (on === 'postgres') {
    const database = await startApp('postgres');
    databases.push(database);
    env = { DATABASE_URL: database.config.databaseUrl ?? '' };
  }
  const server = await startServerProcess(env);
  running.push(server);
  return server;
}

/** A login whose body is only half sent: in flight until `finish` sends the rest. */
async function halfSentLogin(port: number) {
  const body = JSON.stringify({ alias: 'admin', password: ADMIN_PASSWORD });
  const socket: Socket = connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  let answer = '';
  socket.on('data', (chunk) => {
    answer += chunk.toString();
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => {});
  socket.write(
    `POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
  );
  await sleep(300);
  return {
    finish: async () => {
      socket.write(body.slice(10));
      await closed;
      return answer;
    },
    closed: closed.then(() => answer),
  };
}

describe('graceful shutdown (SIGTERM/SIGINT)', { timeout: 90_000 }, () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    '%s: stops accepting, finishes the request in flight, closes the database and exits 0',
    async (signal) => {
      const server = await startServer();
      const login = await halfSentLogin(server.port);
      server.child.kill(signal);
      await sleep(500);
      // No new connections…
      await expect(fetch(`${server.base}/api/health`)).rejects.toThrow();
      // …but the one in flight gets its answer.
      const answer = await login.finish();
      expect(answer).toMatch(/^HTTP\/1\.1 200/);
      expect(answer).toContain('access_token');
      expect(await server.exited).toBe(0);
    },
  );

  it.skipIf(!backends.find((backend) => backend.name === 'postgres')?.available)(
    'on PostgreSQL too: the request in flight is answered, the pool is closed, exit 0',
    async () => {
      const server = await startServer('postgres');
      const login = await halfSentLogin(server.port);
      server.child.kill('SIGTERM');
      await sleep(500);
      const answer = await login.finish();
      expect(answer).toMatch(/^HTTP\/1\.1 200/);
      expect(await server.exited).toBe(0);
    },
  );

  it('a second signal while closing exits at once, without waiting for the request', async () => {
    const server = await startServer();
    const login = await halfSentLogin(server.port);
    server.child.kill('SIGTERM');
    await sleep(300);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(1);
    expect(await login.closed).not.toMatch(/^HTTP/);
  });
});
