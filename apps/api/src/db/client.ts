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
  close(): Promise<void>;
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
  return {
    db: db as unknown as Db,
    kind: 'postgres',
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
    close: () => pool.end(),
  };
}
