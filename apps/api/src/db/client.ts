import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Config } from '../config';
import { isNamedRead, NAMED_STATEMENTS } from './namedStatements';
import { PGliteWorkerClient } from './pglite/client';
import { lockDirectory } from './pglite/lock';
import * as schema from './schema';

/** What every module sees: one Drizzle (pg-core) API, whichever engine runs underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the SQL migrations in apps/api/drizzle. */
  migrate(): Promise<void>;
  /**
   * Follows NOTIFY on `channel` from every process on this database (until close). `listening`
   * says whether every write can reach `message` now: false while PostgreSQL's listening
   * connection is down (it reconnects by itself). PGlite has one owner process, whose own writes
   * are all there is: listening from the start, no messages needed.
   */
  listen(channel: string, handlers: NotifyHandlers): void;
  close(): Promise<void>;
}

export interface NotifyHandlers {
  message(payload: string): void;
  listening(on: boolean): void;
}

const MIGRATIONS = fileURLToPath(new URL('../../drizzle', import.meta.url));
// Any constant shared by all instances: only one of them migrates at a time.
const MIGRATION_LOCK = 728_014_002;

/**
 * PostgreSQL when DATABASE_URL is set, otherwise PGlite persisted in DATA_DIR/pglite
 * (or in memory for tests), in a worker thread. Modules only see the Drizzle API.
 */
export async function createDatabase(
  config: Config,
  options: { memory?: boolean; listenTiming?: ListenTiming } = {},
): Promise<Database> {
  if (config.databaseUrl)
    return createPostgres(config.databaseUrl, config.databasePoolSize, options.listenTiming);
  let dataDir: string | undefined;
  let unlock = () => {};
  if (!options.memory) {
    dataDir = path.join(config.dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
    unlock = lockDirectory(path.join(config.dataDir, 'pglite.pid'), dataDir);
  }
  // On its own thread: one slow query must not stall every request (bench/RESULTS.md).
  const client = await PGliteWorkerClient.create(dataDir).catch((error: unknown) => {
    unlock();
    throw error;
  });
  // Drizzle's PGlite driver is typed for a PGlite, but calls only `query` and `transaction`,
  // which the worker's client has (pglite/client.ts).
  const db = drizzlePglite({ client: client as unknown as PGlite, schema });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS }),
    listen: (_channel, handlers) => handlers.listening(true),
    close: () => client.close().finally(unlock),
  };
}

/**
 * Statement names by SQL text, for one pool: a SELECT to name (db/namedStatements.ts) gets a name
 * derived from its text, so each connection parses it once and PostgreSQL may settle on a generic
 * plan: planning the joins of a list or a DNI lookup costs more than running them (bench/RESULTS.md).
 */
function statementNames(): (text: string) => string | undefined {
  const names = new Map<string, string>();
  return (text) => {
    let name = names.get(text);
    if (name === undefined && names.size < NAMED_STATEMENTS.max && isNamedRead(text)) {
      name = `s_${createHash('sha1').update(text).digest('base64url').slice(0, 24)}`;
      names.set(text, name);
    }
    return name;
  };
}

/**
 * The pool's connections: pg.Client's query, whichever of its forms, with a config object ({ text },
 * as Drizzle sends) without a name of its own named when its text is a read to name; everything else
 * goes through as is. So the reads of a transaction (its own connection, `connect()`, as Drizzle does
 * for a pg.Pool) are named as the pool's are: a payment's write reads its debt, locks it and reads its
 * ledger (issue 31, «Escritura de un pago más barata»). Its answer is pg.Client's, untouched.
 */
function namedReadsClient(nameOf: (text: string) => string | undefined) {
  return class NamedReadsClient extends pg.Client {
    override query(config: unknown, ...rest: unknown[]) {
      return Reflect.apply(super.query, this, [named(config, nameOf), ...rest]);
    }
  };
}

function named(config: unknown, nameOf: (text: string) => string | undefined): unknown {
  if (!config || typeof config !== 'object' || !('text' in config)) return config;
  if ('name' in config && config.name) return config;
  const name = nameOf(String(config.text));
  return name ? { ...config, name } : config;
}

function createPostgres(connectionString: string, poolSize: number, listenTiming?: ListenTiming): Database {
  // No JIT: an OLTP read whose estimate crosses jit_above_cost spent more compiling than running
  // (the queue at 1M debts: 60 ms of JIT for 35 ms of work; docs/decisions.md «JIT apagado»).
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    options: '-c jit=off',
    Client: namedReadsClient(statementNames()),
  });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema });
  const listeners: (() => Promise<void>)[] = [];
  return {
    db,
    kind: 'postgres',
    listen(channel, handlers) {
      listeners.push(listenTo(connectionString, channel, handlers, listenTiming));
    },
    async migrate() {
      // A connection of its own, unnamed: a migration's SQL goes as written (a chunk may hold several
      // statements, which a named statement cannot).
      const client = new pg.Client({ connectionString, options: '-c jit=off' });
      await client.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(drizzlePg({ client, schema }), { migrationsFolder: MIGRATIONS });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
        await client.end().catch(() => {});
      }
    },
    async close() {
      await Promise.all(listeners.map((stop) => stop()));
      await pool.end();
    },
  };
}

/** How the LISTEN connection is kept: tests shorten these. */
export interface ListenTiming {
  /** Wait before a new connection after one is lost. */
  reconnectMs: number;
  /** Every this often the connection sends itself a ping; one not back by the next is a dead channel. */
  heartbeatMs: number;
}
const LISTEN_TIMING: ListenTiming = { reconnectMs: 1000, heartbeatMs: 5000 };
const PING = 'ping:';
/** How the listening connection shows in pg_stat_activity. */
export const LISTEN_APPLICATION = 'cobranzas-listen';

/**
 * LISTEN on a connection of its own, outside the pool. When it drops, `listening(false)` at once
 * and a new connection after `reconnectMs`, for as long as it takes. A connection can also die
 * without saying so (an idle flow dropped by a firewall, a pooler in transaction mode that never
 * delivers): it pings itself through the channel every `heartbeatMs`, and a ping not back by the next
 * one counts as a lost connection. So a dead channel is noticed within two heartbeats. Returns how to stop.
 */
function listenTo(
  connectionString: string,
  channel: string,
  handlers: NotifyHandlers,
  timing: ListenTiming = LISTEN_TIMING,
) {
  let current: { client: pg.Client; beat: NodeJS.Timeout } | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const again = () => {
    if (!stopped) retry = setTimeout(connect, timing.reconnectMs);
  };
  /** Gives up on this connection (if it is still the current one): not listening, then a new one. */
  const drop = (client: pg.Client) => {
    if (current?.client !== client) return;
    clearInterval(current.beat);
    current = undefined;
    handlers.listening(false);
    // Not awaited: on a dead socket, ending may never complete.
    client.end().catch(() => {});
    again();
  };

  const connect = async () => {
    const client = new pg.Client({
      connectionString,
      keepAlive: true,
      // A connect that hangs (the path to the database blackholed) is given up like a lost one.
      connectionTimeoutMillis: 2 * timing.heartbeatMs,
      application_name: LISTEN_APPLICATION,
    });
    let awaited: string | undefined;
    // A lost connection is reported by 'end'; its 'error' must not crash the process.
    client.on('error', () => {});
    client.on('end', () => drop(client));
    client.on('notification', (message) => {
      if (message.channel !== channel) return;
      const payload = message.payload ?? '';
      if (payload === awaited) awaited = undefined;
      // Pings, ours or another process's, are not writes.
      else if (!payload.startsWith(PING)) handlers.message(payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch {
      client.end().catch(() => {});
      again();
      return;
    }
    if (stopped) return void client.end().catch(() => {});
    const beat = setInterval(() => {
      if (awaited !== undefined) return drop(client);
      awaited = `${PING}${randomUUID()}`;
      client.query('SELECT pg_notify($1, $2)', [channel, awaited]).catch(() => drop(client));
    }, timing.heartbeatMs);
    beat.unref();
    current = { client, beat };
    handlers.listening(true);
  };

  void connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const connection = current;
    current = undefined;
    if (!connection) return;
    clearInterval(connection.beat);
    await connection.client.end().catch(() => {});
  };
}
