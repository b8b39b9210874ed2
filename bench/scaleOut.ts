/**
 * Scale-out (issues 20 and 38): one, two and four API processes on one PostgreSQL behind a local
 * round-robin balancer (bench/balancer.ts), on the read cases, with what each request costs every part
 * of the system in CPU (bench/cpu.ts):
 *
 *   node --import tsx bench/scaleOut.ts [--debts 1000000] [--seconds 10] [--processes 1,2,4] [--no-write]
 *
 * Every setup is up at once and measured one after the other per case (the VM drifts): one process
 * reached directly, then 1, 2 and 4 behind the balancer. On this 2-core machine more processes cannot
 * add CPU, so the answer for N cores is a model built from the measured CPU per request: the API's
 * processes need api ms of CPU per request and PostgreSQL pg ms, so C cores of API and P of PostgreSQL
 * answer at most min(C / api, P / pg) requests a second, and PostgreSQL is the limit once the API has
 * more than P × api / pg cores.
 */
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { BENCH_ADMIN_PASSWORD, BENCH_COLLECTORS, generate, parseDataArgs } from '../apps/api/bench/data';
import { DEFAULT_DATABASE_POOL_SIZE } from '../apps/api/src/config';
import {
  cliArg,
  type LoadCase,
  load,
  login,
  type Measure,
  payableDebts,
  paymentCase,
  type Server,
  startApi,
  startBalancer,
  writeSection,
} from './api';
import { type CpuPerRequest, cpuPerRequest, cpuSnapshot } from './cpu';
import { hasQueueData } from './queue';
import { freeTextShapes } from './searchShapes';

export const SCALE_OUT_SECTION_TITLE = '## Varios procesos de la API (issues 20 y 38)';

export interface SetupMeasure extends Measure {
  cpu: CpuPerRequest;
}

export interface ScaleOutRow {
  name: string;
  connections: number;
  direct: SetupMeasure;
  /** By number of processes behind the balancer. */
  balanced: Record<number, SetupMeasure>;
}

const random = (max: number) => 1 + Math.floor(Math.random() * max);

export async function benchScaleOut(
  port: number,
  {
    debts,
    databaseUrl,
    seconds,
    processes = [1, 2, 4],
  }: { debts: number; databaseUrl: string; seconds: number; processes?: number[] },
): Promise<ScaleOutRow[]> {
  const options = parseDataArgs([
    '--debts',
    String(debts),
    '--db',
    'postgres',
    '--database-url',
    databaseUrl,
  ]);
  if (!(await hasQueueData(options))) {
    console.log(`Generando ${debts.toLocaleString('es-AR')} deudas en postgres…`);
    await generate(options);
  }
  const database = new URL(databaseUrl).pathname.slice(1);
  const env = { DATABASE_URL: databaseUrl, DATA_DIR: options.dir, ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD };
  const most = Math.max(...processes);
  const apis: Server[] = [];
  const balancers = new Map<number, Server>();
  try {
    for (let i = 0; i < most; i++) apis.push(await startApi(port + i, env));
    for (const [i, n] of processes.entries())
      balancers.set(
        n,
        await startBalancer(
          port + most + i,
          apis.slice(0, n).map((api) => api.base),
        ),
      );
    const first = apis[0] as Server;
    const token = await login(first.base, 'admin', BENCH_ADMIN_PASSWORD);
    const collectors = await collectorIds(first.base, token);
    const debtors = Math.ceil(debts / 3);
    const payable = await payableDebts(first.base, token, debts);
    const nameAndSurname =
      freeTextShapes(debtors).find(([shape]) => shape === '{Apellido, Nombre}')?.[1] ?? (() => '');
    const cases: LoadCase[] = [
      { name: 'DNI', connections: 50, path: () => `/api/debts/dni/${10_000_000 + random(debtors)}`, token },
      { name: 'deuda por id', connections: 50, path: () => `/api/debts/${random(debts)}`, token },
      { name: 'página 1', connections: 50, path: '/api/debts?page=1&limit=25', token },
      {
        name: 'cola',
        connections: 20,
        path: () => `/api/queue?userId=${collectors[random(collectors.length) - 1]}`,
        token,
      },
      { name: 'general-kpi', connections: 20, path: '/api/report/general-kpi', token },
      {
        name: 'texto libre',
        connections: 20,
        path: () => `/api/debts?q=${encodeURIComponent(nameAndSurname())}`,
        token,
      },
      paymentCase(payable, token, 20),
    ];
    const rows: ScaleOutRow[] = [];
    for (const spec of cases) {
      const measure = async (base: string, pids: number[], balancer: Server | null, label: string) => {
        await load(base, { ...spec, connections: 4 }, 2); // warm-up
        const before = cpuSnapshot(pids, balancer?.pid ?? null, database);
        const m = await load(base, spec, seconds);
        const cpu = cpuPerRequest(
          before,
          cpuSnapshot(pids, balancer?.pid ?? null, database),
          m.requests ?? 0,
        );
        console.log(
          `  ${spec.name.padEnd(13)} ${label.padEnd(24)} ${m.rps.toFixed(0).padStart(6)} req/s  p99 ${String(m.p99).padStart(4)} ms  CPU por pedido: API ${cpu.api.toFixed(2)} ms, PostgreSQL ${cpu.postgres.toFixed(2)} ms, balanceador ${cpu.balancer.toFixed(2)} ms; máquina ${(cpu.busy * 100).toFixed(0)} % ocupada${m.errors ? `  (${m.errors} errores)` : ''}`,
        );
        return { ...m, cpu };
      };
      const direct = await measure(first.base, [first.pid], null, 'un proceso, directo');
      const balanced: Record<number, SetupMeasure> = {};
      for (const n of processes) {
        const balancer = balancers.get(n) as Server;
        const pids = apis.slice(0, n).map((api) => api.pid);
        balanced[n] = await measure(
          balancer.base,
          pids,
          balancer,
          `${n} ${n === 1 ? 'proceso' : 'procesos'}, balanceador`,
        );
      }
      rows.push({ name: spec.name, connections: spec.connections, direct, balanced });
    }
    return rows;
  } finally {
    for (const balancer of balancers.values()) await balancer.stop();
    for (const api of apis) await api.stop();
  }
}

async function collectorIds(base: string, token: string): Promise<number[]> {
  const users = (await (
    await fetch(`${base}/api/users?limit=500&q=gestor`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { data: { id: number; alias: string }[] };
  const ids = users.data.filter((u) => u.alias.startsWith('gestor')).map((u) => u.id);
  if (ids.length !== BENCH_COLLECTORS) throw new Error(`Se esperaban ${BENCH_COLLECTORS} cobradores.`);
  return ids;
}

const fixed = (value: number, digits = 2) => value.toFixed(digits).replace('.', ',');
const thousands = (value: number) => Math.round(value).toLocaleString('es-AR');

/** Requests a second that `cores` cores give a part that needs `ms` of CPU per request. */
export const perCores = (cores: number, ms: number) =>
  ms > 0 ? (cores * 1000) / ms : Number.POSITIVE_INFINITY;

export function scaleOutMarkdown(
  rows: ScaleOutRow[],
  started: Date,
  debts: number,
  load = os.loadavg()[0] ?? 0,
): string {
  const counts = Object.keys(rows[0]?.balanced ?? {}).map(Number);
  const cell = (m: Measure) => `${m.rps.toFixed(0)} · ${m.p99}${m.errors ? ` (${m.errors} errores)` : ''}`;
  const ratio = (r: ScaleOutRow, n: number) =>
    fixed((r.balanced[n]?.rps ?? 0) / (r.balanced[1]?.rps ?? Number.NaN));
  const throughput = rows.map(
    (r) =>
      `| ${r.name} (${r.connections}) | ${cell(r.direct)} | ${counts.map((n) => cell(r.balanced[n] as Measure)).join(' | ')} | ${counts
        .filter((n) => n > 1)
        .map((n) => ratio(r, n))
        .join(' | ')} |`,
  );
  const model = rows.map((r) => {
    const { api, postgres, balancer, generator, busy } = r.direct.cpu;
    return `| ${r.name} | ${fixed(api)} | ${fixed(postgres)} | ${fixed(r.balanced[1]?.cpu.balancer ?? balancer)} | ${fixed(generator)} | ${(busy * 100).toFixed(0)} % | ${thousands(perCores(1, api))} | ${thousands(perCores(1, postgres))} | ${fixed(api / postgres, 1)} | ${thousands(Math.min(perCores(8, api), perCores(8, postgres)))} |`;
  });
  const many = counts.filter((n) => n > 1);
  return `${SCALE_OUT_SECTION_TITLE}

Corrido el ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC con \`node --import tsx bench/scaleOut.ts\`, ${debts.toLocaleString('es-AR')} deudas en
PostgreSQL, ${DEFAULT_DATABASE_POOL_SIZE} conexiones a la base por proceso. Un proceso directo, y ${counts.join(', ')} procesos detrás del
balanceador (\`bench/balancer.ts\`: round robin con keep-alive, lo que hace el \`upstream\` de nginx). Todo en la misma
máquina de 2 núcleos que PostgreSQL, el balanceador y autocannon: más procesos no suman CPU aquí, así que la tabla de
rendimiento dice que reparten bien la que hay, y el modelo de abajo dice cuánto darían con más núcleos. Carga media de
la máquina al terminar: ${fixed(load, 1)}.

| caso (conexiones) | un proceso directo: req/s · p99 ms | ${counts.map((n) => `${n} tras el balanceador`).join(' | ')} | ${many.map((n) => `${n} ÷ 1`).join(' | ')} |
|---|---:|${counts.map(() => '---:').join('|')}|${many.map(() => '---:').join('|')}|
${throughput.join('\n')}

**Modelo para N núcleos**, de la CPU que gastó cada parte por pedido con un proceso directo (tics de
\`/proc/PID/stat\` antes y después de la carga, \`bench/cpu.ts\`: el proceso de la API, los procesos \`postgres\` de esa base, el balanceador
con un proceso detrás, y el generador de carga): C núcleos de API y P de PostgreSQL responden a lo sumo
min(C × 1000 / API, P × 1000 / PostgreSQL) pedidos por segundo, y la base pasa a ser el límite cuando la API tiene más
de P × API / PostgreSQL núcleos (un proceso de Node usa un núcleo).

| caso | API ms/pedido | PostgreSQL ms/pedido | balanceador | generador | máquina ocupada | req/s por núcleo de API | req/s por núcleo de PostgreSQL | núcleos de API por núcleo de la base | 8 + 8 núcleos: req/s |
|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|
${model.join('\n')}
`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = new Date();
  const debts = Number(cliArg('debts', '1000000'));
  const rows = await benchScaleOut(3940, {
    debts,
    databaseUrl: cliArg('database-url', 'postgres://postgres@127.0.0.1:5432/cobranzas_bench'),
    seconds: Number(cliArg('seconds', '10')),
    processes: cliArg('processes', '1,2,4').split(',').map(Number),
  });
  if (!process.argv.includes('--no-write'))
    console.log(
      `\nEscrito en ${writeSection(SCALE_OUT_SECTION_TITLE, scaleOutMarkdown(rows, started, debts))}`,
    );
}
