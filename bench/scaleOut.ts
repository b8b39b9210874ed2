/**
 * Scale-out (issue 20): two API processes on one PostgreSQL behind a local round-robin balancer
 * (bench/balancer.ts), against one process, on the read cases at 50 connections:
 *
 *   node --import tsx bench/scaleOut.ts [--debts 1000000] [--seconds 10] [--no-write]
 *
 * Three setups, all up at once and measured one after the other per case (the VM drifts): one
 * process reached directly, the same process behind the balancer (what the balancer itself costs),
 * and two processes behind it. The ratio that answers the issue is two processes ÷ one process
 * behind the same balancer.
 */
import { pathToFileURL } from 'node:url';
import { BENCH_ADMIN_PASSWORD, generate, parseDataArgs } from '../apps/api/bench/data';
import { DEFAULT_DATABASE_POOL_SIZE } from '../apps/api/src/config';
import {
  cliArg,
  type LoadCase,
  load,
  login,
  type Measure,
  startApi,
  startBalancer,
  writeSection,
} from './api';
import { hasQueueData } from './queue';

export const SCALE_OUT_SECTION_TITLE = '## Dos procesos de la API (issue 20)';

export interface ScaleOutRow {
  name: string;
  direct: Measure;
  balancedOne: Measure;
  balancedTwo: Measure;
}

const random = (max: number) => 1 + Math.floor(Math.random() * max);

export async function benchScaleOut(
  port: number,
  { debts, databaseUrl, seconds }: { debts: number; databaseUrl: string; seconds: number },
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
  const env = { DATABASE_URL: databaseUrl, DATA_DIR: options.dir, ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD };
  const first = await startApi(port, env);
  const second = await startApi(port + 1, env);
  const one = await startBalancer(port + 2, [first.base]);
  const two = await startBalancer(port + 3, [first.base, second.base]);
  try {
    const token = await login(first.base, 'admin', BENCH_ADMIN_PASSWORD);
    const debtors = Math.ceil(debts / 3);
    const cases: LoadCase[] = [
      { name: 'DNI', connections: 50, path: () => `/api/debts/dni/${10_000_000 + random(debtors)}`, token },
      { name: 'deuda por id', connections: 50, path: () => `/api/debts/${random(debts)}`, token },
      { name: 'página 1', connections: 50, path: '/api/debts?page=1&limit=25', token },
    ];
    const rows: ScaleOutRow[] = [];
    for (const spec of cases) {
      const measure = async (base: string, label: string) => {
        await load(base, { ...spec, connections: 4 }, 2); // warm-up
        const m = await load(base, spec, seconds);
        console.log(
          `  ${spec.name.padEnd(14)} ${label.padEnd(22)} ${m.rps.toFixed(0).padStart(6)} req/s  p50 ${m.p50} ms  p99 ${m.p99} ms${m.errors ? `  (${m.errors} errores)` : ''}`,
        );
        return m;
      };
      rows.push({
        name: spec.name,
        direct: await measure(first.base, 'un proceso, directo'),
        balancedOne: await measure(one.base, 'un proceso, balanceador'),
        balancedTwo: await measure(two.base, 'dos procesos'),
      });
    }
    return rows;
  } finally {
    await two.stop();
    await one.stop();
    await second.stop();
    await first.stop();
  }
}

export function scaleOutMarkdown(rows: ScaleOutRow[], started: Date, debts: number): string {
  const cell = (m: Measure) => `${m.rps.toFixed(0)} · ${m.p99}${m.errors ? ` (${m.errors} errores)` : ''}`;
  const lines = rows.map(
    (r) =>
      `| ${r.name} | ${cell(r.direct)} | ${cell(r.balancedOne)} | ${cell(r.balancedTwo)} | ${(r.balancedTwo.rps / r.balancedOne.rps).toFixed(2)} |`,
  );
  return `${SCALE_OUT_SECTION_TITLE}

Corrido el ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC con \`node --import tsx bench/scaleOut.ts\`, ${debts.toLocaleString('es-AR')} deudas en
PostgreSQL, 50 conexiones, ${DEFAULT_DATABASE_POOL_SIZE} conexiones a la base por proceso. Un proceso directo, el mismo detrás del balanceador
(\`bench/balancer.ts\`: round robin con keep-alive, lo que hace el \`upstream\` de nginx) y dos procesos detrás del balanceador.
Todo en la misma máquina de 2 núcleos que PostgreSQL y autocannon: la razón dice cuánto rinde un segundo proceso cuando
la CPU ya está repartida, no cuánto rinde en otra máquina.

| caso | un proceso: req/s · p99 ms | un proceso tras el balanceador | dos procesos tras el balanceador | dos ÷ uno (tras el balanceador) |
|---|---:|---:|---:|---:|
${lines.join('\n')}
`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = new Date();
  const debts = Number(cliArg('debts', '1000000'));
  const rows = await benchScaleOut(3940, {
    debts,
    databaseUrl: cliArg('database-url', 'postgres://postgres@127.0.0.1:5432/cobranzas_bench'),
    seconds: Number(cliArg('seconds', '10')),
  });
  if (!process.argv.includes('--no-write'))
    console.log(
      `\nEscrito en ${writeSection(SCALE_OUT_SECTION_TITLE, scaleOutMarkdown(rows, started, debts))}`,
    );
}
