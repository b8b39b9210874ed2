import { connect, createServer, type Server, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database, LISTEN_APPLICATION } from '../src/db/client';
import { backends, startApp, type TestApp } from './helpers';

/**
 * The LISTEN connection behind the current-user cache (issue 14 §2): while it cannot deliver, the
 * cache must know (listening false, so it keeps nothing), and it must come back by itself.
 */
const TIMING = { reconnectMs: 100, heartbeatMs: 200 };

/** Polls until `check` holds (or 10 s pass); returns whether it held. */
async function eventually(check: () => boolean | Promise<boolean>): Promise<boolean> {
  const until = Date.now() + 10_000;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return false;
}

/** A TCP relay to PostgreSQL that can go silent: open connections stay open and carry nothing. */
function relay(target: { host: string; port: number }) {
  const pairs: [Socket, Socket][] = [];
  let silent = false;
  const server: Server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    client.on('error', () => {});
    upstream.on('error', () => {});
    if (silent) return;
    client.pipe(upstream);
    upstream.pipe(client);
    pairs.push([client, upstream]);
  });
  return {
    listen: () =>
      new Promise<number>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
      ),
    silence() {
      silent = true;
      for (const [client, upstream] of pairs) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
    },
    resume() {
      silent = false;
    },
    close() {
      for (const pair of pairs) for (const socket of pair) socket.destroy();
      server.close();
    },
  };
}

describe.skipIf(!backends.find((b) => b.name === 'postgres')?.available)(
  'the LISTEN connection of the current-user cache [postgres]',
  () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startApp('postgres');
    });
    afterAll(() => t?.close());

    const follow = (database: Database) => {
      const state = { listening: false, messages: [] as string[] };
      database.listen('cobranzas_auth', {
        message: (payload) => state.messages.push(payload),
        listening: (on) => {
          state.listening = on;
        },
      });
      return state;
    };

    it('a listening connection killed by the server: not listening at once, listening again by itself, and writes reach it', async () => {
      const database = await createDatabase(t.config, { listenTiming: TIMING });
      try {
        const state = follow(database);
        expect(await eventually(() => state.listening)).toBe(true);
        const url = new URL(t.config.databaseUrl ?? '');
        await t.database.db.execute(
          sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = ${LISTEN_APPLICATION} AND datname = ${url.pathname.slice(1)}`,
        );
        expect(await eventually(() => !state.listening)).toBe(true);
        expect(await eventually(() => state.listening)).toBe(true);
        await t.database.db.execute(sql`UPDATE users SET name = name WHERE id = 1`);
        expect(await eventually(() => state.messages.includes('users'))).toBe(true);
        // Heartbeats are not writes: none of them reached `message`.
        expect(state.messages.every((payload) => payload === 'users')).toBe(true);
      } finally {
        await database.close();
      }
    });

    it('a channel that goes silent without closing is noticed by its heartbeat; it listens again once the path is back', async () => {
      const url = new URL(t.config.databaseUrl ?? '');
      const proxy = relay({ host: url.hostname, port: Number(url.port || 5432) });
      const port = await proxy.listen();
      const through = new URL(url);
      through.port = String(port);
      const database = await createDatabase(
        { ...t.config, databaseUrl: through.toString() },
        { listenTiming: TIMING },
      );
      try {
        const state = follow(database);
        expect(await eventually(() => state.listening)).toBe(true);
        proxy.silence();
        expect(await eventually(() => !state.listening)).toBe(true);
        proxy.resume();
        expect(await eventually(() => state.listening)).toBe(true);
      } finally {
        await database.close();
        proxy.close();
      }
    });
  },
);
