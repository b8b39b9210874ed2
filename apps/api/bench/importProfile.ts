/**
 * Where an import's time goes (issue 16), in one process and without the server: the job's own
 * steps (readRows, toImportRow, then per batch the company lock, applyBatch and recordProgress in one
 * transaction, as modules/imports/job.ts runs them) on a fresh database, timed phase by phase; on
 * PostgreSQL every SQL statement is also timed from the client and summed by kind.
 *
 *   node --import tsx apps/api/bench/importProfile.ts FILE.xlsx [--db postgres|pglite]
 *     [--database-url URL] [--batch 500] [--without-trigger kpi_debts] [--keep]
 *
 * `--without-trigger` disables a trigger of `debts` in the throwaway database, to measure its share.
 * FILE: e.g. bench/.data/import-100000.xlsx (written by bench/import.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { autoMapping, type ImportMapping } from '@cobranzas/shared';
import { cellText, foldText, toImportRow } from '@cobranzas/shared/imports';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '../src/config';
import { createDatabase } from '../src/db/client';
import { collectionTypes, companies, imports, jobs } from '../src/db/schema';
import { seed } from '../src/db/seed';
import { enqueue } from '../src/jobs';
import { applyBatch, type BatchRow, ImportMemory, recordProgress } from '../src/modules/imports/apply';
import { lockCompanyImports } from '../src/modules/imports/job';
import { readRows, type SheetRow } from '../src/modules/imports/parse/rows';

const argv = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const index = argv.indexOf(`--${name}`);
  return index >= 0 ? (argv[index + 1] ?? fallback) : fallback;
};
const file = argv[0] ?? '';
const kind = arg('db', 'postgres');
const batchRows = Number(arg('batch', '500'));
const withoutTrigger = arg('without-trigger', '');
const databaseUrl = arg('database-url', 'postgres://postgres@127.0.0.1:5432/cobranzas_import_profile');

/** Client-side time of every statement, by kind ("insert debts", "select debtors", …). */
const statements = new Map<string, { n: number; ms: number }>();
function kindOf(text: string): string {
  const t = text.trim().toLowerCase();
  const verb = t.split(/\s+/)[0] ?? '?';
  const table =
    /^insert into\s+"?(\w+)/.exec(t)?.[1] ??
    /^update\s+"?(\w+)/.exec(t)?.[1] ??
    /^delete from\s+"?(\w+)/.exec(t)?.[1] ??
    /\bfrom\s+"?(\w+)/.exec(t)?.[1] ??
    (t.includes('pg_advisory_xact_lock') ? 'advisory lock' : '');
  return `${verb} ${table}`.trim();
}
const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
(pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }).query = function (
  this: pg.Client,
  ...args: unknown[]
) {
  const first = args[0] as string | { text?: string };
  const text = typeof first === 'string' ? first : (first?.text ?? '');
  const started = performance.now();
  const result = original.apply(this, args);
  const add = () => {
    const key = kindOf(text);
    const entry = statements.get(key) ?? { n: 0, ms: 0 };
    entry.n++;
    entry.ms += performance.now() - started;
    statements.set(key, entry);
  };
  if (result && typeof (result as Promise<unknown>).then === 'function')
    (result as Promise<unknown>).then(add, add);
  return result;
};

async function main() {
  const dir = mkdtempSync(join(os.tmpdir(), 'cobranzas-import-profile-'));
  const admin = new URL(databaseUrl);
  const name = admin.pathname.slice(1);
  admin.pathname = '/postgres';
  const adminQuery = async (statement: string) => {
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  if (kind === 'postgres') {
    await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await adminQuery(`CREATE DATABASE "${name}"`);
  }
  const config = loadConfig({
    DATA_DIR: dir,
    JWT_SECRET: 'profile-secret-profile-secret-profile-secret-0123',
    ADMIN_PASSWORD: 'profile-admin-2026',
    ...(kind === 'postgres' ? { DATABASE_URL: databaseUrl } : {}),
  });
  const database = await createDatabase(config);
  try {
    await database.migrate();
    await seed(database.db, config, () => {});
    const { db } = database;
    if (withoutTrigger) await db.execute(sql.raw(`ALTER TABLE debts DISABLE TRIGGER ${withoutTrigger}`));
    await db
      .insert(collectionTypes)
      .values(['Tarjeta de crédito', 'Préstamo personal', 'Servicios'].map((n) => ({ name: n })));
    const [company] = await db
      .insert(companies)
      .values({ name: 'Banco Perfil S.A.', cuit: '30111111118' })
      .returning({ id: companies.id });
    const types = await db
      .select({
        id: collectionTypes.id,
        name: collectionTypes.name,
        years: collectionTypes.prescriptionYears,
      })
      .from(collectionTypes);
    const source = await readRows({ path: file }, 'xlsx');
    const headers = source.headers;
    const mapping = autoMapping(headers) as ImportMapping;
    const job = await enqueue(db, 'import-profile', {});
    // applyBatch works only for a running job (a cancel stops the next batch): as the runner marks it.
    await db.update(jobs).set({ status: 'running', startedAt: new Date() }).where(eq(jobs.id, job.id));
    const [record] = await db
      .insert(imports)
      .values({
        jobId: job.id,
        companyId: company?.id ?? 0,
        fileName: 'perfil.xlsx',
        kind: 'xlsx',
        dryRun: false,
        mapping,
        headers,
      })
      .returning({ id: imports.id });
    const memory = new ImportMemory(
      record?.id ?? 0,
      company?.id ?? 0,
      false,
      new Map(types.map(({ name, ...type }) => [foldText(name), type])),
    );
    statements.clear();

    const phase = { read: 0, validate: 0, transaction: 0, apply: 0 };
    const batchMs: number[] = [];
    let rows = 0;
    let batch: SheetRow[] = [];
    const flush = async () => {
      let t = performance.now();
      const prepared: BatchRow[] = batch.map((row) => ({
        rowNumber: row.rowNumber,
        cellsJson: JSON.stringify(headers.map((h) => cellText(row.cells[h]))),
        read: toImportRow(row.cells, mapping),
      }));
      phase.validate += performance.now() - t;
      t = performance.now();
      await db.transaction(async (tx) => {
        await lockCompanyImports(tx, memory.companyId);
        const a = performance.now();
        const counts = await applyBatch(tx, memory, prepared);
        phase.apply += performance.now() - a;
        await recordProgress(tx, memory.importId, counts, rows);
      });
      const ms = performance.now() - t;
      phase.transaction += ms;
      batchMs.push(ms);
      batch = [];
    };
    const started = performance.now();
    let t = performance.now();
    for await (const row of source) {
      phase.read += performance.now() - t;
      rows++;
      batch.push(row);
      if (batch.length >= batchRows) await flush();
      t = performance.now();
    }
    if (batch.length > 0) await flush();
    await source.close();
    const total = performance.now() - started;

    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log(
      `${kind}${withoutTrigger ? ` sin el trigger ${withoutTrigger}` : ''}: ${rows} filas en ${s(total)} (${Math.round(rows / (total / 1000))} filas/s), lotes de ${batchRows}`,
    );
    console.log(
      `  leer el .xlsx ${s(phase.read)} · validar ${s(phase.validate)} · transacción por lote ${s(phase.transaction)} (applyBatch ${s(phase.apply)})`,
    );
    const sorted = [...batchMs].sort((a, b) => a - b);
    const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
    const tenth = Math.max(1, Math.floor(batchMs.length / 10));
    const mean = (list: number[]) => list.reduce((x, y) => x + y, 0) / Math.max(1, list.length);
    console.log(
      `  lote: mediana ${at(0.5).toFixed(0)} ms, p90 ${at(0.9).toFixed(0)} ms, máx ${at(1).toFixed(0)} ms; primer décimo ${mean(batchMs.slice(0, tenth)).toFixed(0)} ms, último décimo ${mean(batchMs.slice(-tenth)).toFixed(0)} ms`,
    );
    if (statements.size > 0) {
      console.log('  SQL (tiempo visto desde el cliente):');
      for (const [key, { n, ms }] of [...statements].sort((a, b) => b[1].ms - a[1].ms).slice(0, 12))
        console.log(
          `    ${key.padEnd(32)} ${String(n).padStart(6)} × ${(ms / n).toFixed(1).padStart(7)} ms = ${s(ms)}`,
        );
    }
  } finally {
    await database.close();
    // `--keep`: the imported database stays, to try statements against it.
    if (kind === 'postgres' && !argv.includes('--keep'))
      await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
