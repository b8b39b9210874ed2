/**
 * Strategies at scale (issue 36), on PostgreSQL:
 *
 *   node --import tsx bench/strategies.ts [--db postgres] [--debts 1000000] [--no-write]
 *
 * (also a case of `npm run bench`). On the generated portfolio (apps/api/bench/data.ts), the real
 * server, over HTTP:
 *
 * - Dry runs (`POST /api/strategies/{id}/dry-run?page=1&pageSize=20`), three calls each (best and
 *   median): the issue's example (the first company, a tenth of the debts, in Extrajudicial, ≥ 30 days
 *   past due, ≥ 7 days without contact; actions: to Judicial and a task); the same actions over every
 *   debt (the statuses' default, no other condition: the «1M debts» case, budget ≤ 5 s); and that one
 *   with an amount owed of at least $ 50 000, where the debts under rates whose balance is below it are
 *   worked out by the one function of §11.1 (how many and how long is measured apart, in this process).
 * - A run (`POST /api/strategies/{id}/run`, polled every 200 ms until DONE) over the first company's
 *   debts in every status (≈ 100 000 at 1M): to Judicial and a task each; budget ≤ 60 s from the POST
 *   to DONE; the job's own time (jobs.started_at → finished_at) apart.
 *
 * Afterwards the database is put back as it was: each debt to its stage, collector and updated_at (the
 * run's audit rows hold what each was), the run's tasks, events, audit rows, run rows, stops and job,
 * the strategies, the «Estrategia» event type if the bench created it, and the sequences; then a
 * fingerprint taken before the run is compared. Leftovers of a run cut short (any strategy named with
 * the bench's prefix) are removed the same way before starting. Run alone, it rewrites its own section
 * of bench/RESULTS.md; run.ts puts the same section in the file it writes. PGlite is not measured: the
 * issue's budgets are PostgreSQL's.
 */
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { agencyToday, type StrategyCreate, strategyConditionsSchema } from '@cobranzas/shared';
import { type SQL, sql } from 'drizzle-orm';
import {
  BENCH_ADMIN_PASSWORD,
  type DataOptions,
  generate,
  openData,
  parseDataArgs,
} from '../apps/api/bench/data';
import { owedWithin, selection } from '../apps/api/src/modules/strategies/conditions';
import { cliArg, login, startApi, writeSection } from './api';

type DbKind = 'postgres' | 'pglite';
export const STRATEGIES_BUDGET = {
  /** The dry run over every debt (the «1M debts» case), median of three calls. */
  dryRunSeconds: 5,
  /** From POST …/run to the run polled DONE. */
  runSeconds: 60,
};
export const STRATEGIES_SECTION_TITLE = '## Estrategias (issue 36)';
/** The bench's strategies' names start so: anything under it is the bench's to delete. */
const NAME_PREFIX = 'Bench de estrategias (issue 36)';
/** Past this many times its budget, a run is reported as not finished, cancelled and the server stopped. */
const GIVE_UP_BUDGETS = 10;
/** The server's connections' application_name: the statements a stopped server left running are ended by it. */
const APPLICATION_NAME = 'bench-estrategias';
const DRY_RUN_CALLS = 3;
const PAGE_SIZE = 20;
/**
 * Stages of the seed's catalog: 1 Preventiva, 3 Judicial. The generator puts every debt of the first
 * company in Preventiva (its debts are those with id % 10 = 0, and the stage is drawn from id % 10
 * too): the issue's example, «in Extrajudicial», would take none of them, so the example asks for
 * Preventiva, where all of them are.
 */
const PREVENTIVA = 1;
const JUDICIAL = 3;
const OWED_MIN = '50000.00';
const ALL_STATUSES = ['ACTIVA', 'EN_CONVENIO', 'CANCELADA', 'INCOBRABLE', 'ARCHIVADA'] as const;
/** Tables whose rows a run adds and whose sequences are set back afterwards. */
const SEQUENCED = ['strategies', 'strategy_runs', 'jobs', 'tasks', 'events', 'event_types', 'audit_log'];

const ACTIONS: StrategyCreate['actions'] = [
  { type: 'CHANGE_STAGE', debtTypeId: JUDICIAL },
  {
    type: 'CREATE_TASK',
    title: 'Revisar el pase a judicial',
    description: 'Tarea creada por el bench de estrategias.',
    inDays: 1,
    time: '10:00',
  },
];

type DryRunKey = 'company' | 'all' | 'owed';
interface DryRunCase {
  key: DryRunKey;
  label: string;
  /** The conditions, in words. */
  conditions: string;
  budgetSeconds: number | null;
}
const DRY_RUNS: DryRunCase[] = [
  {
    key: 'company',
    label: 'ejemplo del issue',
    conditions:
      'primera empresa, etapa Preventiva (donde el generador pone todas sus deudas), mora ≥ 30 días, sin contacto ≥ 7 días',
    budgetSeconds: null,
  },
  {
    key: 'all',
    label: 'todas las deudas',
    conditions: 'sin condiciones (estados por omisión: ACTIVA, EN_CONVENIO)',
    budgetSeconds: STRATEGIES_BUDGET.dryRunSeconds,
  },
  {
    key: 'owed',
    label: 'todas, con monto',
    conditions: `la anterior con monto adeudado ≥ $ ${OWED_MIN}`,
    budgetSeconds: null,
  },
];

export interface DryRunMeasure {
  key: DryRunKey;
  label: string;
  conditions: string;
  budgetSeconds: number | null;
  /** Each call, in order (the first one on a cold server). */
  seconds: number[];
  total: number;
  blocked: number;
  pageRows: number;
  error: string | null;
}

/** The debts of the amount condition that only the one function settles, measured in this process. */
export interface UndecidedMeasure {
  debts: number;
  /** The statement reading their ids. */
  selectSeconds: number;
  /** Their rows read and their amount owed worked out (owedWithin). */
  owedSeconds: number;
  /** Of them, those whose amount owed is below the minimum (left out). */
  excluded: number;
}

export interface RunMeasure {
  status: string;
  error: string | null;
  expected: number | null;
  matched: number;
  applied: number;
  unchanged: number;
  blocked: number;
  /** POST …/run until its 201. */
  startSeconds: number;
  /** From the POST to DONE as polled. */
  totalSeconds: number;
  /** The job, from its start to its end (jobs.started_at → finished_at). */
  jobSeconds: number;
  attempts: number;
  /** Debts whose stage the run changed (put back afterwards). */
  moved: number;
  tasks: number;
}

export interface StrategiesBenchResult {
  kind: DbKind;
  debts: number;
  /** The first company's debts, every status. */
  companyDebts: number;
  dryRuns: DryRunMeasure[];
  undecided: UndecidedMeasure | null;
  run: RunMeasure | null;
  /** The restore: how long, and whether the database's fingerprint is the one taken before. */
  restoreSeconds: number;
  restored: boolean;
  differences: string[];
}

type Database = Awaited<ReturnType<typeof openData>>;
type Executor = Pick<Database['db'], 'execute'>;
const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
/** One array parameter (never a parameter per element). */
const intList = (ids: readonly number[]) => sql`${sql.param(ids.map(Number))}::int[]`;
const textList = (values: readonly string[]) => sql`${sql.param([...values])}::text[]`;

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

/** What must read the same after the bench as before it. */
async function fingerprint(db: Executor, companyId: number): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const [debts] = rows<{ n: number; digest: string }>(
    await db.execute(sql`SELECT count(*)::int AS n, md5(string_agg(concat_ws(':', id, debt_type_id,
        assigned_user_id, updated_at, last_contact_at, status), '|' ORDER BY id)) AS digest
      FROM debts WHERE company_id = ${companyId}`),
  );
  out['deudas de la empresa'] = `${debts?.n} ${debts?.digest}`;
  const [stages] = rows<{ digest: string }>(
    await db.execute(sql`SELECT string_agg(debt_type_id || '=' || n, ' ' ORDER BY debt_type_id) AS digest
      FROM (SELECT debt_type_id, count(*) AS n FROM debts GROUP BY 1) x`),
  );
  out['deudas por etapa'] = stages?.digest ?? '';
  for (const table of SEQUENCED) {
    const [row] = rows<{ n: number; max: number | null }>(
      await db.execute(sql`SELECT count(*)::int AS n, max(id)::bigint AS max FROM ${sql.identifier(table)}`),
    );
    out[table] = `${row?.n} filas, id máx. ${row?.max ?? '—'}`;
  }
  for (const table of ['strategy_run_debts', 'strategy_stops', 'strategy_messages', 'letter_queue']) {
    const [row] = rows<{ n: number }>(
      await db.execute(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`),
    );
    out[table] = `${row?.n} filas`;
  }
  // The dashboard's summaries, which the stage changes move and their undoing moves back.
  const kpis = rows<{ name: string }>(
    await db.execute(sql`SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_name LIKE 'kpi\\_%' ORDER BY 1`),
  );
  for (const { name } of kpis) {
    const [row] = rows<{ digest: string | null }>(
      await db.execute(
        sql`SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest FROM ${sql.identifier(name)} t`,
      ),
    );
    out[name] = row?.digest ?? 'vacía';
  }
  for (const table of SEQUENCED) out[`secuencia de ${table}`] = await sequenceOf(db, table);
  return out;
}

/** «last_value is_called» of a table's id sequence. */
async function sequenceOf(db: Executor, table: string): Promise<string> {
  const [seq] = rows<{ name: string }>(
    await db.execute(sql`SELECT pg_get_serial_sequence(${table}, 'id') AS name`),
  );
  if (!seq?.name) return '—';
  const [row] = rows<{ last_value: string; is_called: boolean }>(
    await db.execute(sql`SELECT last_value::text AS last_value, is_called FROM ${sql.raw(seq.name)}`),
  );
  return `${row?.last_value} ${row?.is_called}`;
}

/** Sets each table's id sequence back to what `before` says. */
async function resetSequences(db: Executor, before: Record<string, string>) {
  for (const table of SEQUENCED) {
    const saved = before[`secuencia de ${table}`];
    if (!saved || saved === '—') continue;
    const [value, called] = saved.split(' ');
    await db.execute(
      sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), ${Number(value)}::bigint, ${called === 'true'})`,
    );
  }
}

/** Debts put back per transaction (see removeBenchStrategies). */
const RESTORE_CHUNK = 500;

/**
 * Every strategy of the bench's prefix gone, with all its runs wrote: each debt back to its stage and
 * collector (and its updated_at, when `updatedAt` has it), its tasks, events, audit rows, run rows,
 * stops, messages, letters and jobs; the «Estrategia» event type if a bench strategy created it and
 * nothing else uses it. Returns how many debts were put back.
 *
 * The debts go back RESTORE_CHUNK to a transaction, never all in one: each stage change appends its
 * deltas to kpi_pending, and at COMMIT every one of them fires the deferred kpi_fold, whose
 * `NOT EXISTS (SELECT 1 FROM kpi_pending WHERE tx = me)` walks every row the first call deleted (dead
 * to the index until the transaction ends): quadratic in the transaction's deltas. 100 000 debts in
 * one transaction did not commit in 24 minutes; 500 at a time take seconds. Undoing a chunk twice is
 * harmless (the audit rows, read again, say the same), so a restore cut short is finished by the next.
 */
async function removeBenchStrategies(database: Database, updatedAt?: Map<number, string>): Promise<number> {
  const { db } = database;
  const strategies = rows<{ id: number; name: string }>(
    await db.execute(sql`SELECT id, name FROM strategies WHERE name LIKE ${`${NAME_PREFIX}%`}`),
  );
  if (strategies.length === 0) return 0;
  const ids = strategies.map((s) => s.id);
  const authors = strategies.map((s) => `Estrategia «${s.name}»`.slice(0, 120));
  const runs = rows<{ id: number; job_id: number }>(
    await db.execute(sql`SELECT id, job_id FROM strategy_runs WHERE strategy_id = ANY(${intList(ids)})`),
  );
  const runIds = runs.map((r) => r.id);
  const ofRuns = sql`a.after->>'strategyRunId' = ANY(${textList(runIds.map(String))})`;
  // Each debt as its first change by these runs found it (a resumed batch writes none twice).
  const debts =
    runIds.length === 0
      ? []
      : rows<{ id: number; stage: number; assignee: number | null }>(
          await db.execute(sql`SELECT DISTINCT ON (a.record_id) a.record_id AS id,
              (a.before->>'debtTypeId')::int AS stage, (a.before->>'assignedUserId')::int AS assignee
            FROM audit_log a WHERE a.resource = 'debts' AND a.action = 'update' AND ${ofRuns}
            ORDER BY a.record_id, a.id`),
        );
  for (let at = 0; at < debts.length; at += RESTORE_CHUNK) {
    const chunk = debts.slice(at, at + RESTORE_CHUNK);
    await db.execute(sql`UPDATE debts d SET debt_type_id = x.stage, assigned_user_id = x.assignee,
        updated_at = coalesce(x.at, d.updated_at)
      FROM unnest(${intList(chunk.map((c) => c.id))}, ${intList(chunk.map((c) => c.stage))},
        ${sql.param(chunk.map((c) => c.assignee))}::int[],
        ${sql.param(chunk.map((c) => updatedAt?.get(c.id) ?? null))}::timestamptz[]) AS x(id, stage, assignee, at)
      WHERE d.id = x.id`);
  }
  await db.transaction(async (tx) => {
    if (runIds.length > 0) {
      await tx.execute(sql`DELETE FROM tasks WHERE id IN (SELECT a.record_id FROM audit_log a
        WHERE a.resource = 'tasks' AND a.action = 'create' AND ${ofRuns})`);
      await tx.execute(sql`DELETE FROM letter_queue WHERE run_id = ANY(${intList(runIds)})`);
      await tx.execute(sql`DELETE FROM strategy_messages WHERE run_id = ANY(${intList(runIds)})`);
    }
    await tx.execute(sql`DELETE FROM events WHERE strategy_id = ANY(${intList(ids)})`);
    await tx.execute(sql`DELETE FROM strategy_stops WHERE strategy_id = ANY(${intList(ids)})`);
    if (runIds.length > 0) {
      await tx.execute(sql`DELETE FROM strategy_run_debts WHERE run_id = ANY(${intList(runIds)})`);
      await tx.execute(sql`DELETE FROM strategy_runs WHERE id = ANY(${intList(runIds)})`);
      await tx.execute(sql`DELETE FROM jobs WHERE id = ANY(${intList(runs.map((r) => r.job_id))})`);
    }
    // The event type, if one of these strategies created it (its audit row says so) and no event is of it.
    await tx.execute(sql`DELETE FROM event_types t WHERE lower(t.name) = 'estrategia'
      AND EXISTS (SELECT 1 FROM audit_log a WHERE a.resource = 'events-types' AND a.action = 'create'
        AND a.record_id = t.id AND a.user_name = ANY(${textList(authors)}))
      AND NOT EXISTS (SELECT 1 FROM events e WHERE e.event_type_id = t.id)`);
    await tx.execute(sql`DELETE FROM audit_log WHERE user_name = ANY(${textList(authors)})`);
    await tx.execute(sql`DELETE FROM audit_log WHERE resource IN ('strategies', 'strategy-runs')
      AND record_id = ANY(${intList([...ids, ...runIds])})`);
    await tx.execute(sql`DELETE FROM strategies WHERE id = ANY(${intList(ids)})`);
  });
  // A stage change folds into the dashboard's placed debts (at commit) as a delta to the key it left
  // and one to the key it reached; undoing it leaves the reached key's row at zero, where the
  // generator's rebuild has no row. A zero row counts nothing: removed, the table is as it was.
  if (debts.length > 0) await db.execute(sql`DELETE FROM kpi_placed WHERE debts = 0 AND original_amount = 0`);
  return debts.length;
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

const createStrategy = (
  base: string,
  token: string,
  name: string,
  conditions: StrategyCreate['conditions'],
  active: boolean,
) =>
  api<{ id: number }>(base, token, '/api/strategies', {
    method: 'POST',
    // After an import: no import happens during the bench, so the tick never starts a run of its own.
    body: JSON.stringify({
      name: `${NAME_PREFIX} — ${name}`,
      trigger: 'AFTER_IMPORT',
      active,
      conditions,
      actions: ACTIONS,
    } satisfies StrategyCreate),
  });

interface DryRunAnswer {
  total: number;
  blocked: number;
  data: unknown[];
}

async function timeDryRuns(base: string, token: string, id: number, spec: DryRunCase) {
  const measure: DryRunMeasure = { ...spec, seconds: [], total: 0, blocked: 0, pageRows: 0, error: null };
  try {
    for (let i = 0; i < DRY_RUN_CALLS; i++) {
      const started = performance.now();
      const answer = await api<DryRunAnswer>(
        base,
        token,
        `/api/strategies/${id}/dry-run?page=1&pageSize=${PAGE_SIZE}`,
        { method: 'POST' },
      );
      measure.seconds.push((performance.now() - started) / 1000);
      measure.total = answer.total;
      measure.blocked = answer.blocked;
      measure.pageRows = answer.data.length;
    }
  } catch (error) {
    measure.error = error instanceof Error ? error.message : String(error);
  }
  console.log(
    `  simulación, ${spec.label}: ${measure.total.toLocaleString('es-AR')} deudas (${measure.blocked} bloqueadas, página de ${measure.pageRows}); ${measure.seconds.map((s) => `${s.toFixed(2)} s`).join(', ')}${measure.error ? ` — ${measure.error}` : ''}`,
  );
  return measure;
}

interface RunRecord {
  id: number;
  status: string;
  expected: number | null;
  counts: { matched: number; applied: number; unchanged: number; blocked: number };
  error: string | null;
}

/** Starts the run and polls it every 200 ms until it ends (or gives up and cancels it). */
async function runAndWait(base: string, token: string, id: number, giveUpSeconds: number) {
  const started = performance.now();
  const posted = await api<RunRecord>(base, token, `/api/strategies/${id}/run`, { method: 'POST' });
  const startSeconds = (performance.now() - started) / 1000;
  let record = posted;
  for (;;) {
    record = await api<RunRecord>(base, token, `/api/strategy-runs/${posted.id}`);
    if (record.status !== 'QUEUED' && record.status !== 'RUNNING') break;
    if ((performance.now() - started) / 1000 > giveUpSeconds) {
      await api<RunRecord>(base, token, `/api/strategy-runs/${posted.id}/cancel`, { method: 'POST' }).catch(
        () => {},
      );
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { id: posted.id, record, startSeconds, totalSeconds: (performance.now() - started) / 1000 };
}

/** The debts of the amount condition SQL cannot settle: how many, and what working them out costs. */
async function measureUndecided(db: Database['db'], companyId: number | null): Promise<UndecidedMeasure> {
  const conditions = strategyConditionsSchema.parse({
    ...(companyId !== null ? { companyIds: [companyId] } : {}),
    owedMin: OWED_MIN,
  });
  const runDate = agencyToday();
  const { where, undecided } = selection(0, conditions, { kind: 'ALL' }, runDate);
  const started = performance.now();
  const ids = rows<{ id: number }>(
    await db.execute(sql`SELECT d.id FROM debts d WHERE ${where} AND ${undecided as SQL}`),
  ).map((r) => r.id);
  const selected = performance.now();
  const within = await owedWithin(db, ids, conditions, runDate);
  const done = performance.now();
  return {
    debts: ids.length,
    selectSeconds: (selected - started) / 1000,
    owedSeconds: (done - selected) / 1000,
    excluded: ids.length - within.size,
  };
}

export async function benchStrategies(
  kinds: DbKind[],
  port: number,
  { debts, databaseUrl }: { debts: number; databaseUrl: string },
): Promise<StrategiesBenchResult[]> {
  const results: StrategiesBenchResult[] = [];
  for (const kind of kinds) {
    if (kind !== 'postgres') {
      console.log(
        `\n== estrategias ${kind}: no se mide (los presupuestos del issue 36 son de PostgreSQL) ==`,
      );
      continue;
    }
    console.log(`\n== estrategias ${kind} ==`);
    const options = parseDataArgs(['--debts', String(debts), '--db', kind, '--database-url', databaseUrl]);
    if ((await debtCount(options)) !== debts) {
      console.log(`Generando ${debts.toLocaleString('es-AR')} deudas en ${kind}…`);
      await generate(options);
    }
    // Leftovers of a run cut short, then what the database is before this one.
    const setup = await openData(options);
    let companyId: number;
    let companyDebts: number;
    let before: Record<string, string>;
    const updatedAt = new Map<number, string>();
    try {
      const left = await removeBenchStrategies(setup);
      if (left > 0) console.log(`  (una corrida anterior cortada: ${left} deudas vueltas a su etapa)`);
      const [company] = rows<{ id: number; n: number }>(
        await setup.db.execute(sql`SELECT c.id, (SELECT count(*)::int FROM debts d WHERE d.company_id = c.id) AS n
          FROM companies c ORDER BY c.id LIMIT 1`),
      );
      if (!company) throw new Error('No hay compañías en los datos generados.');
      companyId = company.id;
      companyDebts = company.n;
      for (const row of rows<{ id: number; at: string }>(
        await setup.db.execute(
          sql`SELECT id, updated_at::text AS at FROM debts WHERE company_id = ${companyId}`,
        ),
      ))
        updatedAt.set(row.id, row.at);
      before = await fingerprint(setup.db, companyId);
    } finally {
      await setup.close();
    }

    const server = await startApi(port, {
      DATABASE_URL: databaseUrl,
      DATA_DIR: options.dir,
      ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
      PGAPPNAME: APPLICATION_NAME,
    });
    const dryRuns: DryRunMeasure[] = [];
    let run: Awaited<ReturnType<typeof runAndWait>> | undefined;
    let runError: string | null = null;
    try {
      const token = await login(server.base, 'admin', BENCH_ADMIN_PASSWORD);
      const conditionsOf: Record<DryRunKey, StrategyCreate['conditions']> = {
        company: {
          companyIds: [companyId],
          debtTypeIds: [PREVENTIVA],
          daysPastDueMin: 30,
          daysWithoutContactMin: 7,
        },
        all: {},
        owed: { owedMin: OWED_MIN },
      };
      for (const spec of DRY_RUNS) {
        const { id } = await createStrategy(
          server.base,
          token,
          `simulación, ${spec.label}`,
          conditionsOf[spec.key],
          false,
        );
        dryRuns.push(await timeDryRuns(server.base, token, id, spec));
      }
      const { id } = await createStrategy(
        server.base,
        token,
        'ejecución, primera empresa',
        { companyIds: [companyId], statuses: [...ALL_STATUSES] },
        true,
      );
      try {
        run = await runAndWait(server.base, token, id, GIVE_UP_BUDGETS * STRATEGIES_BUDGET.runSeconds);
      } catch (error) {
        runError = error instanceof Error ? error.message : String(error);
        console.log(`  ejecución: ${runError}`);
      }
    } finally {
      await server.stop();
    }

    const cleanup = await openData(options);
    let result: StrategiesBenchResult;
    try {
      // A run given up on: PostgreSQL goes on with the stopped server's statement, holding its rows.
      await cleanup.db.execute(sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND application_name = ${APPLICATION_NAME}`);
      let measure: RunMeasure | null = null;
      if (run) {
        const [job] = rows<{ seconds: number | null; attempts: number; moved: number; tasks: number }>(
          await cleanup.db.execute(sql`SELECT extract(epoch FROM j.finished_at - j.started_at)::float8 AS seconds,
              j.attempts,
              (SELECT count(*)::int FROM audit_log a WHERE a.resource = 'debts'
                AND a.after->>'strategyRunId' = r.id::text) AS moved,
              (SELECT count(*)::int FROM audit_log a WHERE a.resource = 'tasks'
                AND a.after->>'strategyRunId' = r.id::text) AS tasks
            FROM strategy_runs r JOIN jobs j ON j.id = r.job_id WHERE r.id = ${run.id}::int`),
        );
        const { record } = run;
        measure = {
          status: record.status,
          error: record.error,
          expected: record.expected,
          ...record.counts,
          startSeconds: run.startSeconds,
          totalSeconds: run.totalSeconds,
          jobSeconds: job?.seconds ?? 0,
          attempts: job?.attempts ?? 0,
          moved: job?.moved ?? 0,
          tasks: job?.tasks ?? 0,
        };
      } else if (runError) {
        measure = {
          status: 'FAILED',
          error: runError,
          expected: null,
          matched: 0,
          applied: 0,
          unchanged: 0,
          blocked: 0,
          startSeconds: 0,
          totalSeconds: 0,
          jobSeconds: 0,
          attempts: 0,
          moved: 0,
          tasks: 0,
        };
      }
      if (measure) {
        const c = measure;
        console.log(
          `  ejecución sobre ${companyDebts.toLocaleString('es-AR')} deudas: ${runTotalText(c)} (POST ${c.startSeconds.toFixed(2)} s, trabajo ${jobText(c)})`,
        );
        console.log(
          `  toma ${c.matched.toLocaleString('es-AR')}, aplicadas ${c.applied.toLocaleString('es-AR')}, sin cambios ${c.unchanged.toLocaleString('es-AR')}, bloqueadas ${c.blocked.toLocaleString('es-AR')}; ${c.moved.toLocaleString('es-AR')} cambios de etapa, ${c.tasks.toLocaleString('es-AR')} tareas`,
        );
      }
      // Measured with the server stopped: what the amount condition costs beyond SQL.
      const undecided = await measureUndecided(cleanup.db, null);
      console.log(
        `  monto ≥ $ ${OWED_MIN}: ${undecided.debts.toLocaleString('es-AR')} deudas que SQL no decide, ids en ${undecided.selectSeconds.toFixed(2)} s, monto adeudado en ${undecided.owedSeconds.toFixed(2)} s (${undecided.excluded.toLocaleString('es-AR')} quedan fuera)`,
      );
      const restoring = performance.now();
      const moved = await removeBenchStrategies(cleanup, updatedAt);
      await resetSequences(cleanup.db, before);
      // The run's updates and their undoing leave dead rows: the next case finds the tables vacuumed,
      // as the generator left them (index-only scans need the visibility map).
      await cleanup.db.execute(
        sql`VACUUM (ANALYZE) debts, tasks, events, audit_log, strategy_run_debts, jobs`,
      );
      const restoreSeconds = (performance.now() - restoring) / 1000;
      const after = await fingerprint(cleanup.db, companyId);
      const differences = Object.keys({ ...before, ...after }).filter((key) => before[key] !== after[key]);
      console.log(
        `  restauración: ${moved.toLocaleString('es-AR')} deudas vueltas a su etapa en ${restoreSeconds.toFixed(1)} s; ${differences.length === 0 ? 'la base quedó como estaba' : `difiere: ${differences.map((k) => `${k} (${before[k]} → ${after[k]})`).join('; ')}`}`,
      );
      result = {
        kind,
        debts,
        companyDebts,
        dryRuns,
        undecided,
        run: measure,
        restoreSeconds,
        restored: differences.length === 0,
        differences,
      };
    } finally {
      await removeBenchStrategies(cleanup).finally(() => cleanup.close());
    }
    results.push(result);
    port += 10;
  }
  return results;
}

const name = (kind: DbKind) => (kind === 'postgres' ? 'PostgreSQL' : 'PGlite');
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
const best = (values: number[]) => (values.length > 0 ? Math.min(...values) : 0);
const dryPasses = (m: DryRunMeasure) =>
  m.budgetSeconds === null ||
  (m.error === null && m.seconds.length === DRY_RUN_CALLS && median(m.seconds) <= m.budgetSeconds);
const runPasses = (r: RunMeasure) => r.status === 'DONE' && r.totalSeconds <= STRATEGIES_BUDGET.runSeconds;
const seconds = (value: number | undefined) => (value === undefined ? '—' : `${value.toFixed(2)} s`);
/** The job's time («—» unfinished), with its attempts when a runner lost it and it started over. */
const jobText = (r: RunMeasure) => {
  const attempts = r.attempts > 1 ? ` (${r.attempts} intentos)` : '';
  return r.jobSeconds ? `${r.jobSeconds.toFixed(2)} s${attempts}` : `—${attempts}`;
};
/** «41.20 s», or how it ended when it did not end DONE. */
const runTotalText = (r: RunMeasure) => {
  const total = `${r.totalSeconds.toFixed(r.status === 'DONE' ? 2 : 0)} s`;
  if (r.status === 'DONE') return total;
  if (r.status === 'QUEUED' || r.status === 'RUNNING' || r.status === 'CANCELLED')
    return `sin terminar a los ${total} (cancelada)`;
  return `${r.status}${r.error ? ` (${r.error})` : ''} a los ${total}`;
};

export function strategiesUnmet(results: StrategiesBenchResult[]): string[] {
  return results.flatMap((r) => [
    ...r.dryRuns.flatMap((m) =>
      dryPasses(m)
        ? []
        : [
            `${name(r.kind)}: simulación de una estrategia sobre ${r.debts.toLocaleString('es-AR')} deudas (${m.label}), mediana ${m.error ? `error: ${m.error}` : seconds(median(m.seconds))} (≤ ${m.budgetSeconds} s)`,
          ],
    ),
    ...(r.run && !runPasses(r.run)
      ? [
          `${name(r.kind)}: ejecución de una estrategia (etapa y tarea) sobre ${r.run.matched.toLocaleString('es-AR')} de ${r.companyDebts.toLocaleString('es-AR')} deudas, ${runTotalText(r.run)} (≤ ${STRATEGIES_BUDGET.runSeconds} s)`,
        ]
      : []),
    ...(r.restored
      ? []
      : [`${name(r.kind)}: estrategias, la base no quedó como estaba (${r.differences.join(', ')})`]),
  ]);
}

export function strategiesMarkdown(
  results: StrategiesBenchResult[],
  started: Date,
  command = 'node --import tsx bench/strategies.ts',
): string {
  const mark = (ok: boolean) => (ok ? '✅' : '❌');
  const dryTable = results.flatMap((r) =>
    r.dryRuns.map((m) => {
      const budget = m.budgetSeconds === null ? '—' : `${mark(dryPasses(m))} mediana ≤ ${m.budgetSeconds} s`;
      const times = m.error ? `error: ${m.error}` : m.seconds.map((s) => s.toFixed(2)).join(' · ');
      return `| ${name(r.kind)} | ${m.label} | ${m.conditions} | ${m.total.toLocaleString('es-AR')} | ${m.blocked.toLocaleString('es-AR')} | ${times} | ${seconds(best(m.seconds))} | ${seconds(median(m.seconds))} | ${budget} |`;
    }),
  );
  const undecided = results.flatMap((r) =>
    r.undecided
      ? [
          `Con el monto (${name(r.kind)}): ${r.undecided.debts.toLocaleString('es-AR')} deudas cuyo monto adeudado no decide SQL (bajo tasas con saldo menor que el mínimo, o con movimientos posteriores al día de la corrida): leer sus ids tarda ${r.undecided.selectSeconds.toFixed(2)} s y calcular su monto adeudado con la función única (\`owedWithin\`, de a 2 000) ${r.undecided.owedSeconds.toFixed(2)} s; ${r.undecided.excluded.toLocaleString('es-AR')} quedan fuera (medido en el proceso del bench, con el servidor detenido).`,
        ]
      : [],
  );
  const runTable = results.flatMap((r) =>
    r.run
      ? [
          `| ${name(r.kind)} | ${r.companyDebts.toLocaleString('es-AR')} | ${r.run.matched.toLocaleString('es-AR')} | ${r.run.applied.toLocaleString('es-AR')} | ${r.run.unchanged.toLocaleString('es-AR')} | ${r.run.blocked.toLocaleString('es-AR')} | ${r.run.moved.toLocaleString('es-AR')} | ${r.run.tasks.toLocaleString('es-AR')} | ${seconds(r.run.startSeconds)} | ${jobText(r.run)} | ${runTotalText(r.run)} ${mark(runPasses(r.run))} ≤ ${STRATEGIES_BUDGET.runSeconds} s |`,
        ]
      : [],
  );
  const restores = results.map(
    (r) =>
      `${name(r.kind)}: restaurada en ${r.restoreSeconds.toFixed(1)} s — ${r.restored ? '✅ la base quedó como estaba (etapas, cobradores y updated_at de cada deuda, tareas, gestiones, auditoría, trabajos, secuencias y resúmenes del tablero)' : `❌ difiere: ${r.differences.join(', ')}`}.`,
  );
  const cpu = os.cpus()[0]?.model ?? 'desconocida';
  return `${STRATEGIES_SECTION_TITLE}

Corrido el ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC con \`${command}\`, en ${os.cpus().length} × ${cpu}.
Sobre la cartera generada (${results.map((r) => `${r.debts.toLocaleString('es-AR')} deudas`).join(', ') || '—'}), contra el servidor real por HTTP. Cada estrategia tiene
las acciones del ejemplo del issue: pasar a Judicial y crear una tarea. La simulación es \`POST /api/strategies/{id}/dry-run?page=1&pageSize=${PAGE_SIZE}\`
(cuenta las deudas que toma y planea la primera página), ${DRY_RUN_CALLS} llamadas seguidas (la primera con el servidor recién arrancado):
el presupuesto, ≤ ${STRATEGIES_BUDGET.dryRunSeconds} s, es de la simulación sobre todas las deudas, por su mediana; las otras dos van sin presupuesto.

| base | simulación | condiciones | deudas que toma | bloqueadas | llamadas (s) | mejor | mediana | presupuesto |
|---|---|---|---:|---:|---|---:|---:|---|
${dryTable.join('\n')}

${undecided.join('\n\n')}

La ejecución es \`POST /api/strategies/{id}/run\` de una estrategia sobre las deudas de la primera empresa en los cinco estados,
consultada cada 200 ms con \`GET /api/strategy-runs/{id}\` hasta DONE: el total va del POST a DONE (presupuesto ≤ ${STRATEGIES_BUDGET.runSeconds} s);
el trabajo, de \`jobs.started_at\` a \`finished_at\`. Las que ya están en Judicial no cambian de etapa pero reciben la tarea (aplicadas igual).
Después la base se deja como estaba: cada deuda vuelve a su etapa (la auditoría de la corrida guarda la de antes), se borran sus
tareas, gestiones, filas de auditoría, la corrida y su trabajo, las estrategias, y se comparan las huellas de antes y después.

| base | deudas de la empresa | toma | aplicadas | sin cambios | bloqueadas | cambios de etapa | tareas | POST | trabajo | total |
|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|
${runTable.join('\n')}

${restores.join('\n\n')}
`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const argv = process.argv.slice(2);
  const started = new Date();
  const debts = Number(cliArg('debts', '1000000'));
  const kinds = cliArg('db', 'postgres').split(',').filter(Boolean) as DbKind[];
  const results = await benchStrategies(kinds, Number(cliArg('port', '3920')), {
    debts,
    databaseUrl: cliArg('database-url', 'postgres://postgres@127.0.0.1:5432/cobranzas_bench'),
  });
  if (!argv.includes('--no-write'))
    console.log(
      `\nEscrito en ${writeSection(
        STRATEGIES_SECTION_TITLE,
        strategiesMarkdown(
          results,
          started,
          `node --import tsx bench/strategies.ts --db ${kinds.join(',')} --debts ${debts}`,
        ),
      )}`,
    );
  for (const line of strategiesUnmet(results)) console.log(`❌ ${line}`);
}
