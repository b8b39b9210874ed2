import { createHash } from 'node:crypto';
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
export async function createDatabase(config: Config, options: { memory?: boolean } = {}): Promise<Database> {
  if (config.databaseUrl) return createPostgres(config.databaseUrl);
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
  const db = drizzlePglite({ client: client as unknown as PGlite, schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS }),
    listen: (_channel, handlers) => handlers.listening(true),
    close: () => client.close().finally(unlock),
  };
}

/**
 * Gives every SELECT sent through the pool a name derived from its text, so each connection parses
 * it once and PostgreSQL may settle on a generic plan: planning the joins of a list or a DNI lookup
 * costs more than running them (bench/RESULTS.md). Transactions use their own client, unnamed.
 */
function nameSelects(pool: pg.Pool): void {
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (name === undefined && names.size < NAMED_STATEMENTS.max && isNamedRead(text)) {
      name = `s_${createHash('sha1').update(text).digest('base64url').slice(0, 24)}`;
      names.set(text, name);
    }
    return name;
  };
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  pool.query = ((config: unknown, ...rest: unknown[]) => {
    if (config && typeof config === 'object' && 'text' in config && !('name' in config && config.name)) {
      const name = nameOf(String(config.text));
      if (name) return query({ ...config, name }, ...rest);
    }
    return query(config, ...rest);
  }) as typeof pool.query;
}

function createPostgres(connectionString: string): Database {
  const pool = new pg.Pool({ connectionString, max: 10 });
  nameSelects(pool);
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema });
  const listeners: (() => Promise<void>)[] = [];
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    listen(channel, handlers) {
      listeners.push(listenTo(connectionString, channel, handlers));
    },
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(drizzlePg({ client, schema }), { migrationsFolder: MIGRATIONS });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
        client.release();
      }
    },
    async close() {
      await Promise.all(listeners.map((stop) => stop()));
      await pool.end();
    },
  };
}

const RECONNECT_MS = 1000;

/**
 * LISTEN on a connection of its own, outside the pool. When it drops, `listening(false)` at once
 * and a new connection a second later, for as long as it takes. Returns how to stop.
 */
function listenTo(connectionString: string, channel: string, handlers: NotifyHandlers) {
  let current: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const again = () => {
    if (!stopped) retry = setTimeout(connect, RECONNECT_MS);
  };
  const connect = async () => {
    const client = new pg.Client({ connectionString });
    // A lost connection is reported by 'end'; its 'error' must not crash the process.
    client.on('error', () => {});
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.message(message.payload ?? '');
    });
    client.on('end', () => {
      if (current !== client) return;
      current = undefined;
      handlers.listening(false);
      again();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch {
      await client.end().catch(() => {});
      again();
      return;
    }
    if (stopped) return void (await client.end().catch(() => {}));
    current = client;
    handlers.listening(true);
  };
  void connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = undefined;
    await client?.end().catch(() => {});
  };
}
