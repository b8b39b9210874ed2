/**
 * Reconciliation at scale (issue 35, «Money in»), per database:
 *
 *   node --import tsx bench/reconciliation.ts [--db postgres,pglite] [--debts 1000000] [--no-write]
 *
 * (also a case of `npm run bench`). On the generated portfolio (apps/api/bench/data.ts), a bank
 * statement of 10 000 lines made from debts read from the database (a fixed seed: the same file for
 * the same portfolio): 40 % name a debt's reference in the concept, 30 % the debtor's DNI (a third
 * of them the CUIL, as transfers carry it), 10 % only the payer's surname and first name with the
 * debt's stored balance as the amount, 20 % money that is nobody's debt. It is uploaded to
 * `POST /api/reconciliations` with a bank profile and polled until DONE: the budget is from the
 * upload to DONE (≤ 20 s on PostgreSQL, ≤ 60 s on PGlite), the upload and the job reported apart.
 * Nothing is posted; the profile, the file, its lines and its job are deleted afterwards (and
 * before, in case a run was cut short), so the next run and the other cases find the same database.
 * Run alone, it rewrites its own section of bench/RESULTS.md; run.ts puts the same section in the file it writes.
 */
import { pathToFileURL } from 'node:url';
import { addDays, agencyToday, CLOSED_DEBT_STATUSES, formatDni } from '@cobranzas/shared';
import { sql } from 'drizzle-orm';
import {
  BENCH_ADMIN_PASSWORD,
  BENCH_FIRST_NAMES,
  BENCH_LAST_NAMES,
  type DataOptions,
  generate,
  openData,
  parseDataArgs,
} from '../apps/api/bench/data';
import { cliArg, login, startApi, writeSection } from './api';

type DbKind = 'postgres' | 'pglite';
export const RECONCILIATION_BUDGET = {
  lines: 10_000,
  /** From the upload's first byte to GET /api/reconciliations/{id} answering DONE. */
  seconds: { postgres: 20, pglite: 60 } as Record<DbKind, number>,
};
export const RECONCILIATION_SECTION_TITLE = '## Conciliación (issue 35)';
/** The bench's profile (and, by it, its files): anything under this name is the bench's to delete. */
const PROFILE_NAME = 'Bench de conciliación (issue 35)';
/** Past this many times its budget, a file is reported as not finished and the server stopped. */
const GIVE_UP_BUDGETS = 10;
/** The server's connections' application_name: the statements a stopped server left running are ended by it. */
const APPLICATION_NAME = 'bench-conciliacion';

/** What each line of the file was made to say, and its share of the file. */
const MIX = [
  { key: 'reference', label: 'referencia de la deuda', share: 0.4 },
  { key: 'dni', label: 'DNI o CUIL del deudor', share: 0.3 },
  { key: 'name', label: 'apellido y nombre con el saldo exacto', share: 0.1 },
  { key: 'noise', label: 'de nadie (ruido)', share: 0.2 },
] as const;
type MixKey = (typeof MIX)[number]['key'];

export interface ReconciliationBenchResult {
  kind: DbKind;
  debts: number;
  lines: number;
  status: string;
  error: string | null;
  /** POST /api/reconciliations until its 202 (the file is read once before it is queued). */
  uploadSeconds: number;
  /** The job, from its start to its end (jobs.started_at → finished_at). */
  jobSeconds: number;
  /** Attempts the job took (more than one: a runner lost it and it started over). */
  attempts: number;
  /**
   * Of the job, the matching (its last attempt): from the start of the matching's transaction (the
   * `reconciliations.updated_at = now()` it leaves) to the job's end; the rest is reading the lines.
   */
  matchSeconds: number;
  /** From the upload's first byte to DONE as polled. */
  totalSeconds: number;
  counts: { posted: number; toReview: number; unmatched: number; ignored: number };
  /** Per kind of line made: how many, and how many got a candidate (by confidence). */
  mix: Record<MixKey, { lines: number; confidences: Record<string, number> }>;
}

type Database = Awaited<ReturnType<typeof openData>>;
const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The generated data is there with this many debts. */
async function debtCount(options: DataOptions): Promise<number> {
  const database = await openData(options).catch(() => null);
  if (!database) return 0;
  try {
    return (
      rows<{ n: number }>(await database.db.execute(sql`SELECT count(*)::int AS n FROM debts`))[0]?.n ?? 0
    );
  } finally {
    await database.close();
  }
}

/** Every file of the bench's profile gone (its candidates, lines and job), and the profile. */
async function removeBenchFiles(database: Database) {
  await database.db.transaction(async (tx) => {
    const mine = sql`SELECT r.id FROM reconciliations r JOIN reconciliation_profiles p ON p.id = r.profile_id
      WHERE p.name = ${PROFILE_NAME}`;
    const jobIds = rows<{ job_id: number }>(
      await tx.execute(sql`SELECT job_id FROM reconciliations WHERE id IN (${mine})`),
    ).map((r) => r.job_id);
    await tx.execute(sql`DELETE FROM reconciliation_candidates c USING reconciliation_lines l
      WHERE c.line_id = l.id AND l.reconciliation_id IN (${mine})`);
    await tx.execute(sql`DELETE FROM reconciliation_lines WHERE reconciliation_id IN (${mine})`);
    await tx.execute(sql`DELETE FROM reconciliations WHERE id IN (${mine})`);
    if (jobIds.length > 0)
      await tx.execute(
        sql`DELETE FROM jobs WHERE id = ANY(ARRAY[${sql.raw(jobIds.map(Number).join(','))}]::int[])`,
      );
    await tx.execute(sql`DELETE FROM reconciliation_profiles WHERE name = ${PROFILE_NAME}`);
  });
}

/** A small seeded generator (mulberry32): the same file for the same portfolio on every run. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface SampledDebt {
  id: number;
  reference: string;
  balance: string;
  dni: string;
  cuit: string | null;
  first_name: string;
  last_name: string;
}

/** Open debts at random (distinct), with their debtor: what the statement's lines are made of. */
async function sampleDebts(database: Database, wanted: number, random: () => number) {
  const [top] = rows<{ max: number }>(
    await database.db.execute(sql`SELECT coalesce(max(id), 0)::int AS max FROM debts`),
  );
  const max = top?.max ?? 0;
  const ids = new Set<number>();
  // A few more than wanted: some are closed, paid off or of another currency.
  while (ids.size < Math.min(max, Math.ceil(wanted * 1.3))) ids.add(1 + Math.floor(random() * max));
  const found = rows<SampledDebt>(
    await database.db.execute(sql`SELECT d.id, d.reference, d.balance::text AS balance, dr.dni, dr.cuit,
        dr.first_name, dr.last_name
      FROM debts d JOIN debtors dr ON dr.id = d.debtor_id
      WHERE d.id = ANY(ARRAY[${sql.raw([...ids].join(','))}]::int[])
        AND NOT (d.status::text = ANY(ARRAY[${sql.join(
          CLOSED_DEBT_STATUSES.map((s) => sql`${s}`),
          sql`, `,
        )}]::text[]))
        AND d.currency = 'ARS' AND d.balance > 0 AND d.reference IS NOT NULL`),
  );
  // In the drawn order, not the database's.
  const byId = new Map(found.map((d) => [d.id, d]));
  const debts = [...ids].flatMap((id) => byId.get(id) ?? []);
  if (debts.length === 0) throw new Error('No hay deudas abiertas con saldo en los datos generados.');
  // A small portfolio (a quick run) names some debts twice.
  return Array.from({ length: wanted }, (_, i) => debts[i % debts.length] as SampledDebt);
}

/** As banks write names: upper case, no accents. */
const shout = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase();
/** 1234.5 → «1234,50» (the statement's amounts). */
const amountText = (value: number) => value.toFixed(2).replace('.', ',');
/** 2026-03-05 → «05/03/2026». */
const dayText = (date: string) => date.split('-').reverse().join('/');

const NOISE_CONCEPTS = [
  'Transferencia entre cuentas propias',
  'Acreditacion de haberes',
  'Intereses plazo fijo',
  'Devolucion comision mantenimiento',
  'Deposito en efectivo por caja',
  'Transferencia recibida CBU 0170099220000067812345',
  'Cobro cheque 45821 camara compensadora',
  'Reintegro promocion tarjeta',
  'Acreditacion Mercado Pago liquidacion',
  'Rescate fondo comun de inversion',
];
const NOISE_PAYERS = [
  'DISTRIBUIDORA DEL SUR SA',
  'MERCADOLIBRE SRL',
  'TRANSPORTES ANDINOS SRL',
  'KOWALSKI ANDRES',
  'NAKAMURA SOFIA',
  'BANCO DE LA NACION ARGENTINA',
  'ESTUDIO CONTABLE BELGRANO',
  'OYARZUN TERESA',
  '',
];

/**
 * The statement: «Fecha;Importe;Concepto;Ordenante», dates in the last 30 days (never after today),
 * the lines of each kind shuffled together. Returns the CSV and the kind of each line, in order.
 */
function statementFile(debts: SampledDebt[], lines: number, random: () => number) {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  const kinds: MixKey[] = [];
  let assigned = 0;
  for (const [i, part] of MIX.entries()) {
    const count = i === MIX.length - 1 ? lines - assigned : Math.round(lines * part.share);
    assigned += count;
    for (let k = 0; k < count; k++) kinds.push(part.key);
  }
  for (let i = kinds.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [kinds[i], kinds[j]] = [kinds[j] as MixKey, kinds[i] as MixKey];
  }
  const today = agencyToday();
  let next = 0;
  const body = kinds.map((kind) => {
    const date = dayText(addDays(today, -Math.floor(random() * 30)));
    if (kind === 'noise')
      return [
        date,
        amountText(100 + Math.floor(random() * 30_000_000) / 100),
        pick(NOISE_CONCEPTS),
        pick(NOISE_PAYERS),
      ];
    const debt = debts[next++] as SampledDebt;
    const payer = `${shout(debt.last_name)} ${shout(debt.first_name)}`;
    const balance = Number(debt.balance);
    // What a debtor sends toward a debt: all of it, a round sum, or a part.
    const partial = () => {
      const draw = random();
      if (draw < 0.25) return balance;
      if (draw < 0.5) return Math.min(balance, pick([5000, 10_000, 20_000, 50_000]));
      return Math.max(1, Math.round(balance * (0.1 + random() * 0.4) * 100) / 100);
    };
    if (kind === 'reference') {
      const concept = pick([
        `Transferencia ${debt.reference}`,
        `Pago deuda ${debt.reference}`,
        `TRF INMEDIATA ${debt.reference} cuota`,
        `Deposito ${debt.reference}`,
      ]);
      return [date, amountText(partial()), concept, random() < 0.5 ? payer : ''];
    }
    if (kind === 'dni') {
      const concept =
        debt.cuit && random() < 1 / 3
          ? `Transferencia CUIL ${debt.cuit.slice(0, 2)}-${debt.cuit.slice(2, 10)}-${debt.cuit.slice(10)}`
          : pick([
              `Transf. DNI ${formatDni(debt.dni)}`,
              `Pago DNI ${debt.dni}`,
              `Deposito doc ${formatDni(debt.dni)}`,
            ]);
      return [date, amountText(partial()), concept, random() < 0.7 ? payer : ''];
    }
    // Only the name: the payer, and what the debt's balance says it owes.
    return [date, amountText(balance), pick(['Transferencia inmediata', 'TRF recibida', 'Pago']), payer];
  });
  const csv = ['Fecha;Importe;Concepto;Ordenante', ...body.map((cells) => cells.join(';'))].join('\n');
  return { csv: `${csv}\n`, kinds };
}

async function api<T>(base: string, token: string, path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${token}`,
      ...(typeof init.body === 'string' ? { 'content-type': 'application/json' } : {}),
    },
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path} → ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

interface ReconciliationRecord {
  id: number;
  status: string;
  processedRows: number;
  totalRows: number | null;
  rejectedRows: number;
  problems: string[];
  counts: ReconciliationBenchResult['counts'];
  error: string | null;
}

/** Uploads the file and polls until it is DONE or FAILED (every 100 ms). */
async function reconcile(base: string, token: string, csv: string, giveUpSeconds: number) {
  const { id: profileId } = await api<{ id: number }>(base, token, '/api/reconciliation-profiles', {
    method: 'POST',
    body: JSON.stringify({
      name: PROFILE_NAME,
      source: 'BANCO',
      mapping: { date: 'Fecha', amount: 'Importe', description: 'Concepto', payerName: 'Ordenante' },
    }),
  });
  const started = performance.now();
  const form = new FormData();
  // The profile before the file: the server reads the fields as they come.
  form.set('profileId', String(profileId));
  form.set('file', new Blob([csv], { type: 'text/csv' }), 'extracto-bench.csv');
  const posted = await api<{ id: number }>(base, token, '/api/reconciliations', {
    method: 'POST',
    body: form,
  });
  const uploaded = performance.now();
  let record: ReconciliationRecord;
  for (;;) {
    record = await api<ReconciliationRecord>(base, token, `/api/reconciliations/${posted.id}`);
    if (record.status !== 'QUEUED' && record.status !== 'RUNNING') break;
    if ((performance.now() - started) / 1000 > giveUpSeconds) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const finished = performance.now();
  return {
    id: posted.id,
    record,
    uploadSeconds: (uploaded - started) / 1000,
    totalSeconds: (finished - started) / 1000,
  };
}

/** The job's own time, and (once matched) what each kind of line made got, read from the database. */
async function afterwards(database: Database, id: number, kinds: MixKey[], matched: boolean) {
  const [job] = rows<{ seconds: number | null; matching: number | null; attempts: number }>(
    await database.db.execute(sql`SELECT extract(epoch FROM j.finished_at - j.started_at)::float8 AS seconds,
        CASE WHEN r.matched THEN extract(epoch FROM j.finished_at - r.updated_at)::float8 END AS matching,
        j.attempts
      FROM reconciliations r JOIN jobs j ON j.id = r.job_id WHERE r.id = ${id}::int`),
  );
  const lines = matched
    ? rows<{ index: number; confidence: string }>(
        await database.db.execute(sql`SELECT (row_number - min(row_number) OVER ())::int AS index, confidence
      FROM reconciliation_lines WHERE reconciliation_id = ${id}::int`),
      )
    : [];
  const mix = Object.fromEntries(
    MIX.map((part) => [part.key, { lines: kinds.filter((k) => k === part.key).length, confidences: {} }]),
  ) as ReconciliationBenchResult['mix'];
  for (const line of lines) {
    const kind = kinds[line.index];
    if (!kind) continue;
    const confidences = mix[kind].confidences;
    confidences[line.confidence] = (confidences[line.confidence] ?? 0) + 1;
  }
  return {
    jobSeconds: job?.seconds ?? 0,
    matchSeconds: job?.matching ?? 0,
    attempts: job?.attempts ?? 0,
    mix,
  };
}

export async function benchReconciliation(
  kinds: DbKind[],
  port: number,
  { debts, databaseUrl }: { debts: number; databaseUrl: string },
): Promise<ReconciliationBenchResult[]> {
  const results: ReconciliationBenchResult[] = [];
  const lines = RECONCILIATION_BUDGET.lines;
  for (const kind of kinds) {
    console.log(`\n== conciliación ${kind} ==`);
    const options = parseDataArgs(['--debts', String(debts), '--db', kind, '--database-url', databaseUrl]);
    if ((await debtCount(options)) !== debts) {
      console.log(`Generando ${debts.toLocaleString('es-AR')} deudas en ${kind}…`);
      await generate(options);
    }
    const random = seeded(35);
    const setup = await openData(options);
    let file: ReturnType<typeof statementFile>;
    try {
      await removeBenchFiles(setup);
      const withDebt = lines - Math.round(lines * (MIX.find((m) => m.key === 'noise')?.share ?? 0));
      file = statementFile(await sampleDebts(setup, withDebt, random), lines, random);
    } finally {
      await setup.close();
    }
    const env: Record<string, string> =
      kind === 'postgres' ? { DATABASE_URL: databaseUrl, DATA_DIR: options.dir } : { DATA_DIR: options.dir };
    const server = await startApi(port, {
      ...env,
      ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
      PGAPPNAME: APPLICATION_NAME,
    });
    let run: Awaited<ReturnType<typeof reconcile>> | undefined;
    try {
      const token = await login(server.base, 'admin', BENCH_ADMIN_PASSWORD);
      const giveUp = GIVE_UP_BUDGETS * RECONCILIATION_BUDGET.seconds[kind];
      run = await reconcile(server.base, token, file.csv, giveUp);
    } finally {
      await server.stop();
      const cleanup = await openData(options);
      try {
        // A file given up on: PostgreSQL goes on with the stopped server's statement, holding its rows.
        if (kind === 'postgres')
          await cleanup.db.execute(sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
            WHERE datname = current_database() AND application_name = ${APPLICATION_NAME}`);
        if (run) {
          const { record } = run;
          const { jobSeconds, matchSeconds, attempts, mix } = await afterwards(
            cleanup,
            run.id,
            file.kinds,
            record.status === 'DONE',
          );
          const result: ReconciliationBenchResult = {
            kind,
            debts,
            lines: record.totalRows ?? lines,
            status: record.status,
            error: record.error ?? (record.rejectedRows > 0 ? (record.problems[0] ?? null) : null),
            uploadSeconds: run.uploadSeconds,
            jobSeconds,
            attempts,
            matchSeconds,
            totalSeconds: run.totalSeconds,
            counts: record.counts,
            mix,
          };
          results.push(result);
          const c = record.counts;
          console.log(
            `  ${result.lines.toLocaleString('es-AR')} líneas: ${totalText(result)} (subida ${run.uploadSeconds.toFixed(2)} s, trabajo ${jobText(result)})`,
          );
          console.log(
            `  a revisar ${c.toReview}, sin coincidencia ${c.unmatched}, conciliadas ${c.posted}, ignoradas ${c.ignored}${record.rejectedRows ? `, rechazadas ${record.rejectedRows}` : ''}`,
          );
          for (const part of MIX) console.log(`    ${part.label}: ${mixText(mix[part.key])}`);
        }
      } finally {
        await removeBenchFiles(cleanup).finally(() => cleanup.close());
      }
    }
    port += 10;
  }
  return results;
}

const name = (kind: DbKind) => (kind === 'postgres' ? 'PostgreSQL' : 'PGlite');
const budgetOf = (r: ReconciliationBenchResult) => RECONCILIATION_BUDGET.seconds[r.kind];
const passes = (r: ReconciliationBenchResult) => r.status === 'DONE' && r.totalSeconds <= budgetOf(r);
/** The job's time («—» unfinished) with its matching's, and its attempts when a runner lost it and it started over. */
const jobText = (r: ReconciliationBenchResult) => {
  if (!r.jobSeconds) return r.attempts > 1 ? `— (${r.attempts} intentos)` : '—';
  const attempts = r.attempts > 1 ? `, ${r.attempts} intentos` : '';
  return `${r.jobSeconds.toFixed(2)} s (cotejo ${r.matchSeconds.toFixed(2)} s${attempts})`;
};
/** «12.34 s», or how it ended when it did not end DONE («sin terminar a los 200 s», «FAILED (…) a los 48 s»). */
const totalText = (r: ReconciliationBenchResult) => {
  const seconds = `${r.totalSeconds.toFixed(r.status === 'DONE' ? 2 : 0)} s`;
  if (r.status === 'DONE') return seconds;
  if (r.status === 'QUEUED' || r.status === 'RUNNING') return `sin terminar a los ${seconds} (abandonada)`;
  return `${r.status}${r.error ? ` (${r.error})` : ''} a los ${seconds}`;
};
/** «4.000: ALTA 3.998, NINGUNA 2» */
const mixText = (part: { lines: number; confidences: Record<string, number> }) =>
  `${part.lines.toLocaleString('es-AR')}: ${Object.entries(part.confidences)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([confidence, n]) => `${confidence} ${n.toLocaleString('es-AR')}`)
    .join(', ')}`;

export function reconciliationUnmet(results: ReconciliationBenchResult[]): string[] {
  return results.flatMap((r) =>
    passes(r)
      ? []
      : [
          `${name(r.kind)}: conciliación de ${r.lines.toLocaleString('es-AR')} líneas contra ${r.debts.toLocaleString('es-AR')} deudas, ${totalText(r)} (≤ ${budgetOf(r)} s)`,
        ],
  );
}

export function reconciliationMarkdown(results: ReconciliationBenchResult[], started: Date): string {
  const mark = (ok: boolean) => (ok ? '✅' : '❌');
  const table = results.map((r) => {
    const c = r.counts;
    return `| ${name(r.kind)} | ${r.lines.toLocaleString('es-AR')} | ${r.debts.toLocaleString('es-AR')} | ${r.uploadSeconds.toFixed(2)} s | ${jobText(r)} | ${totalText(r)} ${mark(passes(r))} ≤ ${budgetOf(r)} s | ${c.toReview.toLocaleString('es-AR')} | ${c.unmatched.toLocaleString('es-AR')} | ${c.posted.toLocaleString('es-AR')} | ${c.ignored.toLocaleString('es-AR')} |`;
  });
  const mixes = results.map(
    (r) => `| ${name(r.kind)} | ${MIX.map((part) => mixText(r.mix[part.key])).join(' | ')} |`,
  );
  return `${RECONCILIATION_SECTION_TITLE}

Corrido el ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC con \`node --import tsx bench/reconciliation.ts\`.
Un extracto bancario de ${RECONCILIATION_BUDGET.lines.toLocaleString('es-AR')} líneas (CSV con «;», perfil BANCO) hecho con deudas abiertas de la cartera
generada, al azar con semilla fija: ${MIX.map((m) => `${Math.round(m.share * 100)} % ${m.label}`).join(', ')}; fechas de los
últimos 30 días. Se sube con \`POST /api/reconciliations\` y se consulta cada 100 ms hasta DONE: el total va de la subida a DONE
(presupuesto ≤ ${RECONCILIATION_BUDGET.seconds.postgres} s en PostgreSQL, ≤ ${RECONCILIATION_BUDGET.seconds.pglite} s en PGlite); la subida (hasta el 202, que ya leyó el archivo una vez)
y el trabajo (de \`jobs.started_at\` a \`finished_at\`: leer las líneas y cotejarlas; el cotejo, desde el comienzo de su transacción) van
aparte; más de un intento es un trabajo que el ejecutor dio por perdido y empezó de nuevo. No se imputa nada;
el perfil, el archivo, sus líneas y su trabajo se borran al terminar.

| base | líneas | deudas | subida | trabajo | total | a revisar | sin coincidencia | conciliadas | ignoradas |
|---|---:|---:|---:|---:|---|---:|---:|---:|---:|
${table.join('\n')}

Lo que obtuvo cada clase de línea (confianza del mejor candidato). En la cartera generada un apellido con un nombre es de
muchos deudores (${BENCH_LAST_NAMES.length} apellidos × ${BENCH_FIRST_NAMES.length} nombres): demasiadas deudas para señalar a alguien (match.ts, \`MAX_NAME_DEBTS\`),
así que esas líneas quedan sin coincidencia; cuentan por lo que cuesta buscarlas.

| base | ${MIX.map((m) => m.label).join(' | ')} |
|---|${MIX.map(() => '---').join('|')}|
${mixes.join('\n')}
`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const argv = process.argv.slice(2);
  const started = new Date();
  const results = await benchReconciliation(
    cliArg('db', 'postgres,pglite').split(',').filter(Boolean) as DbKind[],
    3900,
    {
      debts: Number(cliArg('debts', '1000000')),
      databaseUrl: cliArg('database-url', 'postgres://postgres@127.0.0.1:5432/cobranzas_bench'),
    },
  );
  if (!argv.includes('--no-write'))
    console.log(
      `\nEscrito en ${writeSection(RECONCILIATION_SECTION_TITLE, reconciliationMarkdown(results, started))}`,
    );
  for (const line of reconciliationUnmet(results)) console.log(`❌ ${line}`);
}
