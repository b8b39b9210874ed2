/**
 * The collector's day at scale (issue 18), per database:
 *
 *   node --import tsx bench/queue.ts [--db postgres,pglite] [--debts 1000000] [--seconds 10] [--no-write]
 *
 * (also a case of `npm run bench`). On the generated portfolio (apps/api/bench/data.ts: 200
 * collectors, 5 000 debts each at 1M, a promise on one debt in twenty), made if it is not there:
 * - GET /api/queue?userId= of a random collector at 10 connections: p99 ≤ 100 ms on PostgreSQL,
 *   ≤ 300 ms on PGlite;
 * - POST /api/debts/assign of one company's debts (a tenth of the portfolio: 100 000 at 1M) to one
 *   collector, timed once: ≤ 10 s. The spread of the generator is put back afterwards.
 * Run alone, it rewrites its own section of bench/RESULTS.md; run.ts puts the same section in the file it writes.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import {
  BENCH_ADMIN_PASSWORD,
  BENCH_COLLECTORS,
  type DataOptions,
  generate,
  openData,
  parseDataArgs,
} from '../apps/api/bench/data';
import { cliArg, load, login, type Measure, startApi, writeSection } from './api';

type DbKind = 'postgres' | 'pglite';
export const QUEUE_BUDGET = {
  p99Ms: { postgres: 100, pglite: 300 } as Record<DbKind, number>,
  assignSeconds: 10,
};
export const QUEUE_SECTION_TITLE = '## La cola del cobrador (issue 18)';

export interface QueueBenchResult {
  kind: DbKind;
  debts: number;
  queue: Measure;
  /** Debts one queue answer counts as left for today (a sample collector's). */
  queueTotal: number;
  assigned: number;
  assignSeconds: number;
}

/** The generated data is there, with this many debts and the 200 collectors (older data had 10). */
export async function hasQueueData(options: DataOptions): Promise<boolean> {
  if (options.db === 'pglite') {
    if (!existsSync(join(options.dir, 'pglite'))) return false;
  }
  const database = await openData(options).catch(() => null);
  if (!database) return false;
  try {
    const [row] = (
      (await database.db.execute(sql`SELECT (SELECT count(*) FROM debts)::int AS debts,
        (SELECT count(*) FROM users WHERE alias LIKE 'gestor%')::int AS collectors,
        (SELECT count(*) FROM information_schema.tables WHERE table_name = 'promises')::int AS promises`)) as unknown as {
        rows: { debts: number; collectors: number; promises: number }[];
      }
    ).rows;
    return row?.debts === options.debts && row.collectors === BENCH_COLLECTORS && row.promises === 1;
  } catch {
    return false;
  } finally {
    await database.close();
  }
}

/**
 * The generated portfolio with the collectors, made when missing, with contact hours all week and
 * all day: a run at night or on a Sunday would otherwise time an empty queue.
 */
export async function prepareQueueData(options: DataOptions) {
  if (!(await hasQueueData(options))) {
    console.log(`Generando ${options.debts.toLocaleString('es-AR')} deudas en ${options.db}…`);
    await generate(options);
  }
  const setup = await openData(options);
  try {
    await setup.db.execute(sql`UPDATE agency_settings SET contact_days = '{1,2,3,4,5,6,7}',
      contact_from = '00:00', contact_to = '24:00'`);
  } finally {
    await setup.close();
  }
}

async function api<T>(base: string, token: string, path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path} → ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

export async function benchQueue(
  kinds: DbKind[],
  port: number,
  { debts, databaseUrl, seconds = 10 }: { debts: number; databaseUrl: string; seconds?: number },
): Promise<QueueBenchResult[]> {
  const results: QueueBenchResult[] = [];
  for (const kind of kinds) {
    console.log(`\n== cola del cobrador ${kind} ==`);
    const options = parseDataArgs(['--debts', String(debts), '--db', kind, '--database-url', databaseUrl]);
    await prepareQueueData(options);
    const env: Record<string, string> =
      kind === 'postgres' ? { DATABASE_URL: databaseUrl, DATA_DIR: options.dir } : { DATA_DIR: options.dir };
    const server = await startApi(port, { ...env, ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD });
    let result: QueueBenchResult;
    try {
      const token = await login(server.base, 'admin', BENCH_ADMIN_PASSWORD);
      const users = await api<{ data: { id: number; alias: string }[] }>(
        server.base,
        token,
        '/api/users?limit=500&q=gestor',
      );
      const collectors = users.data.filter((u) => u.alias.startsWith('gestor')).map((u) => u.id);
      if (collectors.length === 0) throw new Error('No hay cobradores en los datos generados.');
      const pick = () => collectors[Math.floor(Math.random() * collectors.length)] as number;
      const sample = await api<{ total: number }>(server.base, token, `/api/queue?userId=${collectors[0]}`);
      const spec = {
        name: 'GET /api/queue',
        connections: 10,
        path: () => `/api/queue?userId=${pick()}`,
        token,
      };
      await load(server.base, { ...spec, connections: 4 }, 2);
      const queue = await load(server.base, spec, seconds);
      console.log(
        `  ${kind.padEnd(8)} GET /api/queue ${queue.rps.toFixed(0)} req/s  p50 ${queue.p50} ms  p99 ${queue.p99} ms${queue.errors ? `  (${queue.errors} errores)` : ''}`,
      );
      const companies = await api<{ data: { id: number }[] }>(
        server.base,
        token,
        '/api/companies?limit=1&sort=id&order=asc',
      );
      const started = performance.now();
      const { assigned } = await api<{ assigned: number }>(server.base, token, '/api/debts/assign', {
        method: 'POST',
        body: JSON.stringify({ userId: collectors[0], filter: { companyId: companies.data[0]?.id } }),
      });
      const assignSeconds = (performance.now() - started) / 1000;
      console.log(`  ${kind.padEnd(8)} asignación de ${assigned} deudas: ${assignSeconds.toFixed(1)} s`);
      result = { kind, debts, queue, queueTotal: sample.total, assigned, assignSeconds };
    } finally {
      await server.stop();
    }
    // The generator's spread again (debt g → collector g mod 200), for the next runs and cases.
    const database = await openData(options);
    try {
      await database.db.execute(sql`UPDATE debts d SET assigned_user_id = u.first + d.id % ${BENCH_COLLECTORS}
        FROM (SELECT min(id) AS first FROM users WHERE alias LIKE 'gestor%') u
        WHERE d.assigned_user_id IS DISTINCT FROM u.first + d.id % ${BENCH_COLLECTORS}`);
      // What autovacuum does within a minute after a bulk change on PostgreSQL (migration 0021 lowers
      // its threshold on debts) and PGlite never does: the next run reads the queue index, not the heap.
      await database.db.execute(sql`VACUUM ANALYZE debts`);
    } finally {
      await database.close();
    }
    results.push(result);
    port += 10;
  }
  return results;
}

const name = (kind: DbKind) => (kind === 'postgres' ? 'PostgreSQL' : 'PGlite');
const queuePasses = (r: QueueBenchResult) =>
  r.queue.errors === 0 && r.queue.p99 <= QUEUE_BUDGET.p99Ms[r.kind];
const assignPasses = (r: QueueBenchResult) => r.assignSeconds <= QUEUE_BUDGET.assignSeconds;

export function queueUnmet(results: QueueBenchResult[]): string[] {
  return results.flatMap((r) => [
    ...(queuePasses(r)
      ? []
      : [`${name(r.kind)}: cola, p99 ${r.queue.p99} ms (p99 ≤ ${QUEUE_BUDGET.p99Ms[r.kind]} ms)`]),
    ...(assignPasses(r)
      ? []
      : [
          `${name(r.kind)}: asignar ${r.assigned} deudas, ${r.assignSeconds.toFixed(1)} s (≤ ${QUEUE_BUDGET.assignSeconds} s)`,
        ]),
  ]);
}

export function queueMarkdown(results: QueueBenchResult[], started: Date): string {
  const mark = (ok: boolean) => (ok ? '✅' : '❌');
  const rows = results.map(
    (r) =>
      `| ${name(r.kind)} | ${r.debts.toLocaleString('es-AR')} | ${r.queue.rps.toFixed(0)} | ${r.queue.p50} | ${r.queue.p99} | ${r.queue.errors} | ${mark(queuePasses(r))} p99 ≤ ${QUEUE_BUDGET.p99Ms[r.kind]} ms | ${r.assigned.toLocaleString('es-AR')} en ${r.assignSeconds.toFixed(1)} s ${mark(assignPasses(r))} |`,
  );
  return `${QUEUE_SECTION_TITLE}

Corrido el ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC con \`node --import tsx bench/queue.ts\`.
Datos generados (\`apps/api/bench/data.ts\`): ${BENCH_COLLECTORS} cobradores con la cartera repartida en partes iguales y una
promesa en una deuda de cada veinte. \`GET /api/queue?userId=\` de un cobrador al azar a 10 conexiones (la primera
página, 25 deudas, con su total); después \`POST /api/debts/assign\` de las deudas de una compañía (la décima parte de la
cartera) a un cobrador, una vez, y luego se devuelve el reparto original.

| base | deudas | req/s | p50 ms | p99 ms | errores | presupuesto de la cola | asignación masiva (≤ ${QUEUE_BUDGET.assignSeconds} s) |
|---|---:|---:|---:|---:|---:|---|---|
${rows.join('\n')}
`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const argv = process.argv.slice(2);
  const started = new Date();
  const results = await benchQueue(
    cliArg('db', 'postgres,pglite').split(',').filter(Boolean) as DbKind[],
    3960,
    {
      debts: Number(cliArg('debts', '1000000')),
      databaseUrl: cliArg('database-url', 'postgres://postgres@127.0.0.1:5432/cobranzas_bench'),
      seconds: Number(cliArg('seconds', '10')),
    },
  );
  if (!argv.includes('--no-write'))
    console.log(`\nEscrito en ${writeSection(QUEUE_SECTION_TITLE, queueMarkdown(results, started))}`);
  for (const line of queueUnmet(results)) console.log(`❌ ${line}`);
}
