/**
 * The portfolio import under load (issue 16), per database:
 *
 *   node --import tsx bench/import.ts [--db postgres,pglite] [--rows 100000] [--database-url URL]
 *     [--readers 4] [--no-write]
 *
 * (also a case of `npm run bench`). A generated .xlsx of valid rows (≈ 1,3 debts per debtor, so
 * debtors repeat) is uploaded with POST /api/imports to the real server, started as its own process
 * on a fresh database, and polled until DONE. Meanwhile four loops ask GET /api/debts/{id} for debts
 * that existed before (a small import made first, which also loads ExcelJS and the import code in
 * the server, so the memory measured is the big file's), and the server's resident memory is sampled
 * every 100 ms. Then the same file again: it must create nothing. Run alone, it rewrites its own
 * section of bench/RESULTS.md; run.ts puts the same section in the file it writes.
 */
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { autoMapping, cuitCheckDigit } from '@cobranzas/shared';
import { toImportRow } from '@cobranzas/shared/imports';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { BENCH_ADMIN_PASSWORD } from '../apps/api/bench/data';
import { FEMALE_NAMES, LAST_NAMES, MALE_NAMES, PLACES, STREETS } from '../apps/api/src/demo/data';
import { cuilFor } from '../apps/api/src/demo/people';
import { IMPORT_BATCH_ROWS } from '../apps/api/src/modules/imports/job';
import { readRows } from '../apps/api/src/modules/imports/parse/rows';
import { cliArg, login, memoryOf, ROOT, startApi, writeSection } from './api';

export type ImportDbKind = 'pglite' | 'postgres';

/** Issue 38's budgets (issue 16's were 30 s and 60 s): 100 000 rows, and a million on PostgreSQL. */
export const IMPORT_BUDGET = {
  totalSeconds: { postgres: 10, pglite: 25 } as Record<ImportDbKind, number>,
  millionSeconds: 120,
  rssGrowthMb: 200,
  p99Ms: 250,
};
export const MILLION = 1_000_000;

const PRODUCTS = ['Tarjeta de crédito', 'Préstamo personal', 'Servicios'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const IMPORT_HEADERS = [
  'Nro. Cuenta',
  'Nro. Documento',
  'CUIT/CUIL',
  'Apellido y Nombre',
  'Producto',
  'Saldo Deuda',
  'Fecha Alta',
  'Fecha Mora',
  'Celular',
  'Domicilio',
  'Localidad',
  'Provincia',
  'CP',
  'E-mail',
];

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const dotted = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
const esAr = (cents: number) => `${dotted(String(Math.floor(cents / 100)))},${pad(cents % 100)}`;
const pick = <T>(list: readonly T[], i: number) => list[i % list.length] as T;
const ascii = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();

/** Debtor j of a file: every field follows from j, so a debtor's two rows agree. */
function debtorOf(j: number, dniBase: number) {
  const female = j % 2 === 1;
  const dni = String(dniBase + j);
  const lastName = pick(LAST_NAMES, j * 7 + Math.floor(j / LAST_NAMES.length));
  const firstName = pick(female ? FEMALE_NAMES : MALE_NAMES, j * 3 + 1);
  const place = pick(PLACES, j);
  const [city, postalCode, area] = pick(place.cities, Math.floor(j / PLACES.length));
  const local = String(40_000_000 + ((j * 7919) % 59_999_999)).slice(0, 10 - area.length);
  return {
    dni,
    cuit: cuilFor(dni, female),
    name: `${lastName.toUpperCase()}, ${firstName}`,
    phone: `${area} ${local.slice(0, -4)}-${local.slice(-4)}`,
    address: `${pick(STREETS, j * 5)} ${100 + (j % 5800)}`,
    city,
    province: place.province === 'Ciudad Autónoma de Buenos Aires' ? 'CABA' : place.province,
    postalCode,
    email: j % 3 === 0 ? `${ascii(firstName)}.${ascii(lastName)}${j}@gmail.com` : null,
  };
}

/**
 * Writes `rows` valid rows with ExcelJS's streaming writer: debtor j has two debts when j % 10 < 3
 * (1,3 debts per debtor on average). Amounts alternate numeric cells and es-AR text; dates are date
 * cells, every fourth row dd/mm/aaaa text; DNI with and without dots, CUIT with and without dashes.
 */
export async function writeImportFile(
  path: string,
  rows: number,
  { dniBase = 20_000_000, prefix = 'B' }: { dniBase?: number; prefix?: string } = {},
) {
  const writer = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: path,
    useSharedStrings: true,
    useStyles: true,
  });
  const sheet = writer.addWorksheet('Cartera');
  sheet.addRow(IMPORT_HEADERS).commit();
  let j = 0;
  let second = false;
  for (let i = 1; i <= rows; i++) {
    const d = debtorOf(j, dniBase);
    const cents = 500_000 + ((i * 7_654_321) % 250_000_000);
    const origin = new Date(Date.UTC(2018 + (i % 6), i % 12, 1 + (i % 28)));
    const mora = new Date(Date.UTC(2019 + (i % 6), (i * 5) % 12, 1 + ((i * 3) % 28)));
    const slash = (date: Date) =>
      `${pad(date.getUTCDate())}/${pad(date.getUTCMonth() + 1)}/${date.getUTCFullYear()}`;
    const textDates = i % 4 === 0;
    const row = sheet.addRow([
      `${prefix}-${pad(i, 9)}`,
      i % 2 === 0 ? dotted(d.dni) : Number(d.dni),
      d.cuit && i % 3 !== 0 ? `${d.cuit.slice(0, 2)}-${d.cuit.slice(2, 10)}-${d.cuit.slice(10)}` : d.cuit,
      d.name,
      pick(PRODUCTS, i),
      i % 2 === 0 ? cents / 100 : esAr(cents),
      textDates ? slash(origin) : origin,
      textDates ? slash(mora) : mora,
      d.phone,
      d.address,
      d.city,
      d.province,
      d.postalCode,
      d.email,
    ]);
    if (!textDates) {
      row.getCell(7).numFmt = 'dd/mm/yyyy';
      row.getCell(8).numFmt = 'dd/mm/yyyy';
    }
    row.commit();
    if (j % 10 < 3 && !second) second = true;
    else {
      second = false;
      j++;
    }
  }
  await sheet.commit();
  await writer.commit();
  return { debtors: second ? j + 1 : j };
}

/** The columns of the 1 000 000-row file: what an import needs, so it fits §10.1's 50 MB. */
export const IMPORT_CSV_HEADERS = ['Nro. Documento', 'Apellido y Nombre', 'Nro. Cuenta', 'Saldo Deuda'];

/**
 * Writes `rows` valid rows as a CSV (`;`, UTF-8) of IMPORT_CSV_HEADERS: debtors repeat as in
 * writeImportFile. A million rows of the full file would be 110 MB; these are ≈ 45 MB.
 */
export async function writeImportCsv(
  path: string,
  rows: number,
  { dniBase = 20_000_000, prefix = 'M' } = {},
) {
  const out = createWriteStream(path);
  const write = (text: string) =>
    out.write(text) ? Promise.resolve() : new Promise<void>((resolve) => out.once('drain', resolve));
  await write(`${IMPORT_CSV_HEADERS.join(';')}\r\n`);
  let j = 0;
  let second = false;
  let chunk = '';
  for (let i = 1; i <= rows; i++) {
    const d = debtorOf(j, dniBase);
    const cents = 500_000 + ((i * 7_654_321) % 250_000_000);
    chunk += `${d.dni};${d.name};${prefix}${i};${Math.floor(cents / 100)},${pad(cents % 100)}\r\n`;
    if (i % 10_000 === 0) {
      await write(chunk);
      chunk = '';
    }
    if (j % 10 < 3 && !second) second = true;
    else {
      second = false;
      j++;
    }
  }
  await write(chunk);
  await new Promise<void>((resolve, reject) =>
    out.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
  return { debtors: second ? j + 1 : j };
}

/** Reading and validating the file in this process, without a database: the import's parse share. */
async function parseOnly(path: string): Promise<{ ms: number; valid: number }> {
  const started = performance.now();
  const source = await readRows({ path }, path.endsWith('.csv') ? 'csv' : 'xlsx');
  const mapping = autoMapping(source.headers);
  let valid = 0;
  for await (const row of source) if (!('errors' in toImportRow(row.cells, mapping))) valid++;
  await source.close();
  return { ms: performance.now() - started, valid };
}

interface ImportRecord {
  id: number;
  status: string;
  totalRows: number | null;
  processedRows: number;
  created: { debtors: number; debts: number };
  updatedDebtors: number;
  unchanged: number;
  rejected: number;
  warnings: number;
  error?: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

export interface ImportRun {
  /** POST /api/imports until its 202 (the upload and the server's full read of the file). */
  uploadMs: number;
  /** From the start of the upload until GET /api/imports/{id} says DONE (polled every 100 ms). */
  totalMs: number;
  /** The job alone: startedAt → finishedAt as the API reports them. */
  jobMs: number;
  record: ImportRecord;
  rssBaselineMb: number;
  rssPeakMb: number;
  /** The peak while the POST was in flight (the server reads the whole file before its 202). */
  rssUploadPeakMb: number;
  latency: { count: number; p50: number; p99: number; max: number; errors: number };
  /** processedRows as polled, for the rows/s of the job's stretches. */
  progress: { ms: number; rows: number }[];
}

export interface ImportBenchResult {
  kind: ImportDbKind;
  rows: number;
  debtors: number;
  fileMb: number;
  parseMs: number;
  idleRssMb: number;
  first: ImportRun;
  /** The same file again (the 100 000-row case only). */
  again?: ImportRun;
  /** The machine's 1-minute load average before the big file and after the re-import (2 cores: above 2, others were running too). */
  load: [number, number];
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0);

async function api<T>(base: string, token: string, path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...(init.headers ?? {}) },
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path} → ${response.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

function companyCuit(seed: number): string {
  for (let n = seed; ; n++) {
    const firstTen = `30${pad(n, 8)}`;
    const check = cuitCheckDigit(firstTen);
    if (check !== null) return `${firstTen}${check}`;
  }
}

/** Uploads the file, loads GET /debts/{id} until the import ends, samples the server's memory. */
async function measureImport(
  base: string,
  token: string,
  pid: number,
  file: { path: string; name: string },
  companyId: number,
  debtIds: number[],
  readers = 4,
): Promise<ImportRun> {
  const content = readFileSync(file.path);
  const rssBaselineMb = memoryOf(pid).rss;
  let rssPeakMb = rssBaselineMb;
  const sampler = setInterval(() => {
    try {
      rssPeakMb = Math.max(rssPeakMb, memoryOf(pid).rss);
    } catch {}
  }, 100);

  let stop = false;
  const latencies: number[] = [];
  let errors = 0;
  const loop = async (offset: number) => {
    for (let n = offset; !stop; n += readers) {
      const id = debtIds[(n * 7) % debtIds.length];
      const t0 = performance.now();
      try {
        const response = await fetch(`${base}/api/debts/${id}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        await response.arrayBuffer();
        if (!response.ok) errors++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - t0);
    }
  };

  const started = performance.now();
  const loops = Array.from({ length: readers }, (_, i) => loop(i));
  const progress: { ms: number; rows: number }[] = [];
  let record: ImportRecord;
  let uploadMs = 0;
  let rssUploadPeakMb = rssBaselineMb;
  try {
    const form = new FormData();
    form.set('companyId', String(companyId));
    form.set(
      'file',
      new Blob([content], { type: file.name.endsWith('.csv') ? 'text/csv' : XLSX }),
      file.name,
    );
    const posted = await api<{ id: number }>(base, token, '/api/imports', { method: 'POST', body: form });
    uploadMs = performance.now() - started;
    rssUploadPeakMb = Math.max(rssPeakMb, memoryOf(pid).rss);
    for (;;) {
      record = await api<ImportRecord>(base, token, `/api/imports/${posted.id}`);
      progress.push({ ms: performance.now() - started, rows: record.processedRows });
      if (record.status !== 'QUEUED' && record.status !== 'RUNNING') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    stop = true;
    clearInterval(sampler);
  }
  const totalMs = performance.now() - started;
  await Promise.all(loops);
  rssPeakMb = Math.max(rssPeakMb, memoryOf(pid).rss);
  if (record.status !== 'DONE')
    throw new Error(`la importación terminó ${record.status}: ${record.error ?? ''}`);
  const sorted = latencies.sort((a, b) => a - b);
  const jobMs =
    record.startedAt && record.finishedAt ? Date.parse(record.finishedAt) - Date.parse(record.startedAt) : 0;
  return {
    uploadMs,
    totalMs,
    jobMs,
    record,
    rssBaselineMb,
    rssPeakMb,
    rssUploadPeakMb,
    latency: {
      count: sorted.length,
      p50: percentile(sorted, 0.5),
      p99: percentile(sorted, 0.99),
      max: sorted.at(-1) ?? 0,
      errors,
    },
    progress,
  };
}

/** A fresh database for the server: an empty PostgreSQL database or a new PGlite directory. */
export async function freshDatabase(
  kind: ImportDbKind,
  databaseUrl: string,
): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  const dir = mkdtempSync(join(os.tmpdir(), 'cobranzas-import-bench-'));
  if (kind === 'pglite')
    return { env: { DATA_DIR: dir }, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await run(`CREATE DATABASE "${name}"`);
  return {
    env: { DATABASE_URL: databaseUrl, DATA_DIR: dir },
    drop: async () => {
      await run(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The case on one database: fresh base, server, warm-up import, the big file twice. */
export async function benchImport(
  kind: ImportDbKind,
  port: number,
  {
    rows,
    databaseUrl,
    file,
    debtors,
    readers = 4,
    again: withAgain = true,
  }: { rows: number; databaseUrl: string; file: string; debtors: number; readers?: number; again?: boolean },
): Promise<ImportBenchResult> {
  const dataDir = join(ROOT, 'bench/.data');
  const warmFile = join(dataDir, 'import-warmup-2000.xlsx');
  if (!existsSync(warmFile)) await writeImportFile(warmFile, 2000, { dniBase: 30_000_000, prefix: 'W' });
  const parse = await parseOnly(file);
  if (parse.valid !== rows) throw new Error(`el archivo tiene ${parse.valid} filas válidas de ${rows}`);
  console.log(`  ${kind.padEnd(8)} leer y validar el archivo, sin base: ${(parse.ms / 1000).toFixed(1)} s`);

  const database = await freshDatabase(kind, databaseUrl);
  const server = await startApi(port, { ...database.env, ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD });
  try {
    const token = await login(server.base, 'admin', BENCH_ADMIN_PASSWORD);
    for (const name of PRODUCTS) await api(server.base, token, '/api/collections-types', json({ name }));
    const company = (name: string, seed: number) =>
      api<{ id: number }>(server.base, token, '/api/companies', json({ name, cuit: companyCuit(seed) }));
    const warmCompany = await company('Financiera Previa S.A.', 11_111_111);
    const bank = await company('Banco Importador S.A.', 22_222_222);
    // Debts that exist before the import (GET /debts/{id} asks for them), and the import's code and
    // ExcelJS loaded in the server before the baseline of its memory is taken.
    const warm = await measureImport(
      server.base,
      token,
      server.pid,
      { path: warmFile, name: 'previa.xlsx' },
      warmCompany.id,
      [1],
    );
    const list = await api<{ data: { id: number }[] }>(
      server.base,
      token,
      `/api/debts?companyId=${warmCompany.id}&limit=100`,
    );
    const debtIds = list.data.map((d) => d.id);
    console.log(
      `  ${kind.padEnd(8)} importación previa de 2.000 filas: ${(warm.totalMs / 1000).toFixed(1)} s; ${debtIds.length} deudas para GET /debts/{id}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const idleRssMb = memoryOf(server.pid).rss;
    const loadBefore = os.loadavg()[0] ?? 0;
    const target = { path: file, name: `cartera-${rows}.${file.endsWith('.csv') ? 'csv' : 'xlsx'}` };
    const first = await measureImport(server.base, token, server.pid, target, bank.id, debtIds, readers);
    console.log(`  ${kind.padEnd(8)} ${runLine(first)}`);
    const again = withAgain
      ? await measureImport(server.base, token, server.pid, target, bank.id, debtIds, readers)
      : undefined;
    if (again) console.log(`  ${kind.padEnd(8)} reimportación: ${runLine(again)}`);
    const fileMb = statSync(file).size / 2 ** 20;
    const load: [number, number] = [loadBefore, os.loadavg()[0] ?? 0];
    return { kind, rows, debtors, fileMb, parseMs: parse.ms, idleRssMb, first, again, load };
  } finally {
    await server.stop();
    await database.drop();
  }
}

const seconds = (ms: number) => (ms / 1000).toFixed(1);

function runLine(run: ImportRun): string {
  const r = run.record;
  return (
    `subida ${seconds(run.uploadMs)} s, total ${seconds(run.totalMs)} s (trabajo ${seconds(run.jobMs)} s), ` +
    `${Math.round((r.totalRows ?? 0) / (run.totalMs / 1000))} filas/s, creadas ${r.created.debtors} deudores / ${r.created.debts} deudas, ` +
    `sin cambios ${r.unchanged}, rechazadas ${r.rejected}; RSS +${(run.rssPeakMb - run.rssBaselineMb).toFixed(0)} MB; ` +
    `GET /debts/{id} p50 ${run.latency.p50.toFixed(0)} ms p99 ${run.latency.p99.toFixed(0)} ms (${run.latency.count} pedidos, ${run.latency.errors} errores)`
  );
}

/** Each budget of the case with what the run got. */
export function importChecks(result: ImportBenchResult) {
  const { first, again, rows } = result;
  const maxSeconds = rows >= MILLION ? IMPORT_BUDGET.millionSeconds : IMPORT_BUDGET.totalSeconds[result.kind];
  const growth = first.rssPeakMb - first.rssBaselineMb;
  const created = first.record.created.debts === rows && first.record.rejected === 0;
  const checks = [
    {
      budget: `${rows.toLocaleString('es-AR')} filas ≤ ${maxSeconds} s`,
      got: `${seconds(first.totalMs)} s`,
      pass: first.totalMs <= maxSeconds * 1000 && created,
    },
    {
      budget: `RSS ≤ +${IMPORT_BUDGET.rssGrowthMb} MB`,
      got: `RSS +${growth.toFixed(0)} MB`,
      pass: growth <= IMPORT_BUDGET.rssGrowthMb,
    },
    {
      budget: `GET /debts/{id} p99 ≤ ${IMPORT_BUDGET.p99Ms} ms durante la importación`,
      got: `p99 ${first.latency.p99.toFixed(0)} ms`,
      pass: first.latency.p99 <= IMPORT_BUDGET.p99Ms && first.latency.errors === 0,
    },
  ];
  if (again)
    checks.push({
      budget: 'reimportación no más lenta que la primera y sin crear nada',
      got: `${seconds(again.totalMs)} s, ${again.record.created.debts} deudas creadas, ${again.record.unchanged} sin cambios`,
      pass:
        again.totalMs <= first.totalMs && again.record.created.debts === 0 && again.record.unchanged === rows,
    });
  return checks;
}

const dbName = (kind: ImportDbKind) => (kind === 'postgres' ? 'PostgreSQL' : 'PGlite');
const caseName = (result: ImportBenchResult) =>
  `${dbName(result.kind)}${result.rows >= MILLION ? `, ${result.rows.toLocaleString('es-AR')} filas` : ''}`;
const fileOf = (result: ImportBenchResult) =>
  result.rows >= MILLION
    ? `un .csv de ${result.rows.toLocaleString('es-AR')} filas con las columnas que una importación necesita (${IMPORT_CSV_HEADERS.join(', ')}; ${result.fileMb.toFixed(1)} MiB, dentro de los 50 MB de §10.1)`
    : `un .xlsx de ${result.rows.toLocaleString('es-AR')} filas válidas de 14 columnas (${result.debtors.toLocaleString('es-AR')} deudores: ≈ 1,3 deudas por deudor; ${result.fileMb.toFixed(1)} MiB)`;

/** The missed budgets, one line each, for the list at the top of bench/RESULTS.md. */
export function importUnmet(results: ImportBenchResult[]): string[] {
  return results.flatMap((result) =>
    importChecks(result)
      .filter((check) => !check.pass)
      .map((check) => `${caseName(result)}: importación, ${check.got} (${check.budget})`),
  );
}

/** Rows per second of the job between two polls at a quarter and three quarters of the file. */
function steadyRate(run: ImportRun): number {
  const total = run.record.totalRows ?? 0;
  const a = run.progress.find((p) => p.rows >= total / 4);
  const b = run.progress.find((p) => p.rows >= (total * 3) / 4);
  if (!a || !b || b.ms <= a.ms) return 0;
  return ((b.rows - a.rows) / (b.ms - a.ms)) * 1000;
}

export const IMPORT_SECTION_TITLE = '## Importación de cartera (issue 16)';

export function importMarkdown(results: ImportBenchResult[], started: Date): string {
  if (results.length === 0) return '';
  const lines = [
    IMPORT_SECTION_TITLE,
    '',
    `Medido el ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC con \`node --import tsx bench/import.ts\` (también lo corre \`npm run bench\`).`,
    `Un archivo (${results
      .map(fileOf)
      .filter((f, i, all) => all.indexOf(f) === i)
      .join('; y ')}),`,
    'subido con `POST /api/imports` al servidor real, recién iniciado en su propio proceso sobre una base vacía, y',
    'consultado cada 100 ms hasta DONE. Mientras tanto, 4 lazos piden `GET /api/debts/{id}` sin pausa (deudas de una',
    'importación previa de 2.000 filas, que además carga ExcelJS en el servidor antes de medir su memoria) y se',
    'muestrea el RSS del servidor cada 100 ms. Después, el de 100.000 filas otra vez: no debe crear nada.',
    '',
  ];
  const unmet = importUnmet(results);
  lines.push(
    unmet.length === 0
      ? 'Todos los presupuestos de la importación se cumplieron en esta corrida.'
      : `Fuera del presupuesto en esta corrida: ${unmet.join('; ')}.`,
    '',
    '| base | subida (POST → 202) | total (subida → DONE) | filas/s | RSS del servidor | GET /debts/{id} p50 / p99 (pedidos) | reimportación |',
    '|---|---:|---:|---:|---:|---:|---:|',
  );
  for (const result of results) {
    const { first: a, again: b } = result;
    lines.push(
      `| ${caseName(result)} | ${seconds(a.uploadMs)} s | ${seconds(a.totalMs)} s | ${Math.round(result.rows / (a.totalMs / 1000))} | +${(a.rssPeakMb - a.rssBaselineMb).toFixed(0)} MB (de ${a.rssBaselineMb.toFixed(0)} MB) | ${a.latency.p50.toFixed(0)} / ${a.latency.p99.toFixed(0)} ms (${a.latency.count}) | ${b ? `${seconds(b.totalMs)} s, p99 ${b.latency.p99.toFixed(0)} ms` : '—'} |`,
    );
  }
  lines.push('');
  for (const result of results) {
    const { first: a, again: b } = result;
    const verdicts = importChecks(result)
      .map((check) => `${check.pass ? '✅' : '❌'} ${check.budget} (${check.got})`)
      .join('; ');
    lines.push(
      `**${caseName(result)}** — ${verdicts}. Carga media de la máquina (2 núcleos, compartida): ${result.load[0].toFixed(1)} al empezar, ${result.load[1].toFixed(1)} al terminar.`,
      '',
      `Dónde va el tiempo: leer y validar el archivo sin base, en el proceso del bench, lleva ${seconds(result.parseMs)} s; ` +
        `la subida (que lee el archivo entero una vez y guarda sus filas para el trabajo) ${seconds(a.uploadMs)} s, con un pico de RSS de +${(a.rssUploadPeakMb - a.rssBaselineMb).toFixed(0)} MB; el trabajo en lotes de ${IMPORT_BATCH_ROWS[result.kind]} filas ${seconds(a.jobMs)} s ` +
        `(≈ ${Math.round(steadyRate(a))} filas/s a mitad del archivo, ${((a.jobMs / result.rows) * IMPORT_BATCH_ROWS[result.kind]).toFixed(0)} ms por lote en promedio). ` +
        `Primera: ${a.record.created.debtors.toLocaleString('es-AR')} deudores y ${a.record.created.debts.toLocaleString('es-AR')} deudas creadas, ${a.record.rejected} rechazadas. ` +
        (b
          ? `Reimportación: subida ${seconds(b.uploadMs)} s, trabajo ${seconds(b.jobMs)} s, ${b.record.created.debts} deudas creadas, ${b.record.unchanged.toLocaleString('es-AR')} sin cambios, RSS +${(b.rssPeakMb - b.rssBaselineMb).toFixed(0)} MB.`
          : ''),
      '',
    );
  }
  return `${lines.join('\n')}\n`;
}

/** The file of `rows` rows under bench/.data (generated once: the same rows every time). */
export async function importFile(rows: number): Promise<{ file: string; debtors: number }> {
  const dir = join(ROOT, 'bench/.data');
  mkdirSync(dir, { recursive: true });
  const csv = rows >= MILLION;
  const file = join(dir, `import-${rows}.${csv ? 'csv' : 'xlsx'}`);
  const meta = `${file}.json`;
  if (!existsSync(file) || !existsSync(meta)) {
    console.log(`Generando ${rows.toLocaleString('es-AR')} filas en ${file}…`);
    const started = performance.now();
    const { debtors } = csv ? await writeImportCsv(file, rows) : await writeImportFile(file, rows);
    writeFileSync(meta, JSON.stringify({ rows, debtors }));
    console.log(`  listo en ${seconds(performance.now() - started)} s`);
  }
  return { file, debtors: (JSON.parse(readFileSync(meta, 'utf8')) as { debtors: number }).debtors };
}

/** Every database in turn, ports from `port` on. */
export async function benchImports(
  kinds: ImportDbKind[],
  port: number,
  {
    rows = 100_000,
    databaseUrl,
    readers = 4,
    million = true,
  }: { rows?: number; databaseUrl: string; readers?: number; million?: boolean },
): Promise<ImportBenchResult[]> {
  const { file, debtors } = await importFile(rows);
  const results: ImportBenchResult[] = [];
  for (const kind of kinds) {
    console.log(`\n== importación ${kind} ==`);
    results.push(await benchImport(kind, port, { rows, databaseUrl, file, debtors, readers }));
    port += 10;
  }
  if (million && kinds.includes('postgres') && rows < MILLION) {
    console.log(`\n== importación postgres, ${MILLION.toLocaleString('es-AR')} filas ==`);
    const big = await importFile(MILLION);
    results.push(
      await benchImport('postgres', port, { rows: MILLION, databaseUrl, ...big, readers, again: false }),
    );
  }
  return results;
}

/** Replaces (or adds, before the web's) this case's section of bench/RESULTS.md. */
export const writeImportSection = (section: string) => writeSection(IMPORT_SECTION_TITLE, section);

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const argv = process.argv.slice(2);
  const started = new Date();
  const results = await benchImports(
    cliArg('db', 'postgres,pglite').split(',').filter(Boolean) as ImportDbKind[],
    Number(cliArg('port', '3800')),
    {
      rows: Number(cliArg('rows', '100000')),
      databaseUrl: cliArg('database-url', 'postgres://postgres@127.0.0.1:5432/cobranzas_bench_import'),
      readers: Number(cliArg('readers', '4')),
      million: !argv.includes('--no-million'),
    },
  );
  // A diagnostic run (other sizes or readers, --no-write) leaves bench/RESULTS.md as it is.
  if (!argv.includes('--no-write')) {
    const out = writeImportSection(importMarkdown(results, started));
    console.log(`\nResultados en ${out}`);
  }
}
