import { once } from 'node:events';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { sql } from 'drizzle-orm';
import { create as createTar, extract as extractTar } from 'tar';
import type { Executor } from '../crud';
import type { Database, Db } from '../db/client';

/**
 * Backups (issue 8): one .tar.gz with every table of the database as JSON lines (row_to_json, so
 * numbers, dates and instants keep their exact text) and the documents folder. The same format
 * for PGlite and PostgreSQL, so a copy of one restores into the other.
 */
export const BACKUP_FORMAT = 1;
const BATCH = 2000;

export interface Manifest {
  format: number;
  createdAt: string;
  database: Database['kind'];
  /** Migrations applied to the source: a restore needs the same schema. */
  migrations: number;
  /** Table → rows. */
  tables: Record<string, number>;
}

const ident = (name: string) => sql.raw(`"${name.replace(/"/g, '""')}"`);
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The tables a backup holds: every base table of the public schema. */
export async function publicTables(db: Executor): Promise<string[]> {
  const rows = rowsOf<{ name: string }>(
    await db.execute(sql`SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`),
  );
  return rows.map((row) => row.name);
}

/** The foreign keys of the public tables, as ALTER TABLE … ADD CONSTRAINT needs them. */
async function foreignKeys(db: Executor) {
  return rowsOf<{ table: string; name: string; definition: string }>(
    await db.execute(sql`SELECT c.conrelid::regclass::text AS table, c.conname AS name,
      pg_get_constraintdef(c.oid) AS definition
      FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
      WHERE c.contype = 'f' AND n.nspname = 'public' ORDER BY 1, 2`),
  );
}

async function migrationCount(db: Db): Promise<number> {
  const [row] = rowsOf<{ n: number | string }>(
    await db.execute(sql`SELECT count(*) AS n FROM drizzle.__drizzle_migrations`),
  );
  return Number(row?.n ?? 0);
}

/** Writes the archive to `file`: the tables in one read-only snapshot, then the documents. */
export async function backup(database: Database, dataDir: string, file: string): Promise<Manifest> {
  const { db } = database;
  const staging = await mkdtemp(path.join(tmpdir(), 'cobranzas-backup-'));
  try {
    await mkdir(path.join(staging, 'db'));
    const tables: Record<string, number> = {};
    const migrations = await migrationCount(db);
    await db.transaction(
      async (tx) => {
        for (const table of await publicTables(tx)) {
          const out = createWriteStream(path.join(staging, 'db', `${table}.jsonl`));
          await tx.execute(
            sql`DECLARE dump NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS j FROM ${ident(table)} t`,
          );
          let rows = 0;
          for (;;) {
            const batch = rowsOf<{ j: string }>(await tx.execute(sql.raw(`FETCH ${BATCH} FROM dump`)));
            for (const { j } of batch) if (!out.write(`${j}\n`)) await once(out, 'drain');
            rows += batch.length;
            if (batch.length < BATCH) break;
          }
          await tx.execute(sql`CLOSE dump`);
          out.end();
          await once(out, 'close');
          tables[table] = rows;
        }
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    const documents = path.join(dataDir, 'documents');
    if (existsSync(documents)) await cp(documents, path.join(staging, 'documents'), { recursive: true });
    else await mkdir(path.join(staging, 'documents'));
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      database: database.kind,
      migrations,
      tables,
    };
    await writeFile(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    await mkdir(path.dirname(file), { recursive: true });
    await createTar({ gzip: true, file, cwd: staging, portable: true }, ['manifest.json', 'db', 'documents']);
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** Why a restore cannot go ahead, in Spanish for the operator. */
export class RestoreError extends Error {}

/**
 * Tables whose first rows the migrations write (migration 0014: the agency's row, the receipt
 * counter, the three letter templates; 0042: the case statuses): a new database has them, so they do not make it "not
 * empty", and a restore replaces them with the archive's.
 */
const SEEDED_BY_MIGRATIONS = new Set(['agency_settings', 'counters', 'letter_templates', 'case_statuses']);

async function isEmpty(db: Db, tables: string[]): Promise<boolean> {
  for (const table of tables) {
    if (SEEDED_BY_MIGRATIONS.has(table)) continue;
    const rows = rowsOf(await db.execute(sql`SELECT 1 FROM ${ident(table)} LIMIT 1`));
    if (rows.length > 0) return false;
  }
  return true;
}

/**
 * Restores an archive into an empty, migrated database and an empty documents folder, in one
 * transaction: the foreign keys are dropped (quotas and payments point at each other, so no table
 * order satisfies them row by row) and added back after the load, which checks every row; user
 * triggers are off, so the KPI summaries come back as they were saved; the sequences move past the
 * restored ids. Then the documents.
 */
export async function restore(database: Database, dataDir: string, file: string): Promise<Manifest> {
  const { db } = database;
  if (!existsSync(file)) throw new RestoreError(`No existe el archivo ${file}.`);
  const staging = await mkdtemp(path.join(tmpdir(), 'cobranzas-restore-'));
  try {
    await extractTar({ file, cwd: staging }).catch(() => {
      throw new RestoreError(`${file} no es una copia de Cobranzas (no se pudo abrir el .tar.gz).`);
    });
    const manifestFile = path.join(staging, 'manifest.json');
    if (!existsSync(manifestFile))
      throw new RestoreError(`${file} no es una copia de Cobranzas (falta manifest.json).`);
    const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as Manifest;
    if (manifest.format !== BACKUP_FORMAT)
      throw new RestoreError(`Formato de copia desconocido (${manifest.format}).`);
    const migrations = await migrationCount(db);
    if (manifest.migrations !== migrations) {
      throw new RestoreError(
        `La copia es de otra versión del esquema (${manifest.migrations} migraciones; esta versión tiene ${migrations}). Restáurela con la versión que la hizo.`,
      );
    }
    const tables = Object.keys(manifest.tables);
    if (!(await isEmpty(db, tables))) {
      throw new RestoreError(
        'La base de destino no está vacía: restaure en una base nueva (DATA_DIR o DATABASE_URL sin datos).',
      );
    }
    const documents = path.join(dataDir, 'documents');
    if (existsSync(documents) && (await readdir(documents)).length > 0) {
      throw new RestoreError(`La carpeta de documentos ${documents} no está vacía.`);
    }
    await db.transaction(async (tx) => {
      const keys = await foreignKeys(tx);
      for (const key of keys)
        await tx.execute(sql`ALTER TABLE ${ident(key.table)} DROP CONSTRAINT ${ident(key.name)}`);
      for (const table of tables) {
        await tx.execute(sql`ALTER TABLE ${ident(table)} DISABLE TRIGGER USER`);
        if (SEEDED_BY_MIGRATIONS.has(table)) await tx.execute(sql`DELETE FROM ${ident(table)}`);
        // Generated columns (debts.last_contact_on, …) are computed again by PostgreSQL, never inserted.
        const columns = sql.join(
          rowsOf<{ name: string }>(
            await tx.execute(sql`SELECT column_name AS name FROM information_schema.columns
              WHERE table_schema = 'public' AND table_name = ${table} AND is_generated = 'NEVER'
              ORDER BY ordinal_position`),
          ).map((column) => ident(column.name)),
          sql`, `,
        );
        const lines = createInterface({
          input: createReadStream(path.join(staging, 'db', `${table}.jsonl`)),
        });
        let batch: string[] = [];
        const flush = async () => {
          if (batch.length === 0) return;
          const json = `[${batch.join(',')}]`;
          await tx.execute(
            sql`INSERT INTO ${ident(table)} (${columns}) SELECT ${columns} FROM json_populate_recordset(NULL::${ident(table)}, ${json}::json)`,
          );
          batch = [];
        };
        for await (const line of lines) {
          if (line) batch.push(line);
          if (batch.length >= BATCH) await flush();
        }
        await flush();
        await tx.execute(sql`ALTER TABLE ${ident(table)} ENABLE TRIGGER USER`);
      }
      for (const key of keys) {
        await tx.execute(
          sql`ALTER TABLE ${ident(key.table)} ADD CONSTRAINT ${ident(key.name)} ${sql.raw(key.definition)}`,
        );
      }
      // Sequences past the restored ids, so the next insert does not collide.
      const serials = rowsOf<{ table: string; column: string; sequence: string }>(
        await tx.execute(sql`SELECT c.table_name AS table, c.column_name AS column,
          pg_get_serial_sequence(quote_ident(c.table_name), c.column_name) AS sequence
          FROM information_schema.columns c
          WHERE c.table_schema = 'public' AND pg_get_serial_sequence(quote_ident(c.table_name), c.column_name) IS NOT NULL`),
      );
      for (const { table, column, sequence } of serials) {
        await tx.execute(
          sql`SELECT setval(${sequence}, coalesce(max(${ident(column)}), 1), max(${ident(column)}) IS NOT NULL) FROM ${ident(table)}`,
        );
      }
    });
    await mkdir(documents, { recursive: true });
    await cp(path.join(staging, 'documents'), documents, { recursive: true });
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
