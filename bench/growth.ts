/**
 * How each read's cost grows with the portfolio (issue 20):
 *
 *   node --import tsx bench/growth.ts [--postgres 100000,1000000,5000000] [--pglite 100000,1000000]
 *     [--seconds 10] [--no-write | --redraw]
 *
 * Per database and size: the generated portfolio (apps/api/bench/data.ts; PostgreSQL at 1M in the
 * bench's own database, other sizes in cobranzas_bench_N), made when missing; the real server; the
 * DNI lookup, the debt read, list pages 1 and 1000, general-kpi, the free text and the queue, each
 * loaded like `npm run bench` does. Results accumulate in bench/growth.json by (database, size), so a
 * size can be measured apart (5M takes half an hour to generate); the section of bench/RESULTS.md
 * and the charts bench/growth-postgres.svg and bench/growth-pglite.svg are drawn from all of them.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  BENCH_ADMIN_PASSWORD,
  BENCH_COLLECTORS,
  BENCH_LAST_NAMES,
  parseDataArgs,
} from '../apps/api/bench/data';
import {
  cliArg,
  type LoadCase,
  load,
  login,
  payableDebts,
  paymentCase,
  ROOT,
  startApi,
  writeSection,
} from './api';
import { growthChart } from './growthChart';
import { prewarm } from './prewarm';
import { prepareQueueData } from './queue';
import { freeTextShapes } from './searchShapes';

type DbKind = 'postgres' | 'pglite';
export const GROWTH_SECTION_TITLE = '## Cómo crece cada caso con la cartera (issue 20)';
const GROWTH_FILE = join(ROOT, 'bench/growth.json');
const PG_BASE = 'postgres://postgres@127.0.0.1:5432/cobranzas_bench';

/** The cases of the issue, in the order of the tables and the charts' legend. */
export const GROWTH_CASES = [
  'DNI',
  'deuda por id',
  'saldo',
  'página 1',
  'página 1000',
  'general-kpi',
  'texto libre',
  'texto {Apellido, Nombre}',
  'texto {nom ape}',
  'texto {dni con puntos}',
  'cola',
  'pago',
] as const;
export type GrowthCase = (typeof GROWTH_CASES)[number];

export interface GrowthMeasure {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  connections: number;
}

export interface GrowthPoint {
  kind: DbKind;
  debts: number;
  measured: string;
  /** A case added later (issue 38: saldo, pago, the search's shapes) is missing from older points. */
  cases: Partial<Record<GrowthCase, GrowthMeasure>>;
}

/** The 1M database is the bench's own (kept for `npm run bench`); other sizes get theirs. */
export const growthUrl = (debts: number) => (debts === 1_000_000 ? PG_BASE : `${PG_BASE}_${debts}`);

const random = (max: number) => 1 + Math.floor(Math.random() * max);

async function measureSize(kind: DbKind, debts: number, port: number, seconds: number): Promise<GrowthPoint> {
  const databaseUrl = growthUrl(debts);
  const options = parseDataArgs(['--debts', String(debts), '--db', kind, '--database-url', databaseUrl]);
  await prepareQueueData(options);
  console.log(
    `  ${kind} ${debts}: ${await prewarm(kind === 'postgres' ? { kind, url: databaseUrl } : { kind, dir: join(options.dir, 'pglite') })}`,
  );
  const env: Record<string, string> =
    kind === 'postgres' ? { DATABASE_URL: databaseUrl, DATA_DIR: options.dir } : { DATA_DIR: options.dir };
  const server = await startApi(port, { ...env, ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD });
  try {
    const token = await login(server.base, 'admin', BENCH_ADMIN_PASSWORD);
    const users = (await (
      await fetch(`${server.base}/api/users?limit=500&q=gestor`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { data: { id: number; alias: string }[] };
    const collectors = users.data.filter((u) => u.alias.startsWith('gestor')).map((u) => u.id);
    if (collectors.length !== BENCH_COLLECTORS)
      throw new Error(`Se esperaban ${BENCH_COLLECTORS} cobradores.`);
    const debtors = Math.ceil(debts / 3);
    const payable = await payableDebts(server.base, token, debts);
    const searchShapes = Object.fromEntries(
      freeTextShapes(debtors)
        .filter(([shape]) => shape !== '{apellido}')
        .map(([shape, text]) => [
          `texto ${shape}`,
          {
            name: `texto ${shape}`,
            connections: 10,
            path: () => `/api/debts?q=${encodeURIComponent(text())}`,
            token,
          },
        ]),
    ) as Record<Extract<GrowthCase, `texto {${string}}`>, LoadCase>;

    const specs: Record<GrowthCase, LoadCase> = {
      DNI: {
        name: 'DNI',
        connections: 50,
        path: () => `/api/debts/dni/${10_000_000 + random(debtors)}`,
        token,
      },
      'deuda por id': {
        name: 'deuda por id',
        connections: 50,
        path: () => `/api/debts/${random(debts)}`,
        token,
      },
      saldo: {
        name: 'saldo',
        connections: 10,
        path: () => `/api/debts/${random(debts)}/balance`,
        token,
      },
      'página 1': { name: 'página 1', connections: 10, path: '/api/debts?page=1&limit=25', token },
      'página 1000': { name: 'página 1000', connections: 10, path: '/api/debts?page=1000&limit=25', token },
      'general-kpi': { name: 'general-kpi', connections: 10, path: '/api/report/general-kpi', token },
      'texto libre': {
        name: 'texto libre',
        connections: 10,
        path: () =>
          `/api/debts?q=${encodeURIComponent(BENCH_LAST_NAMES[random(BENCH_LAST_NAMES.length) - 1] ?? '')}`,
        token,
      },
      ...searchShapes,
      cola: {
        name: 'cola',
        connections: 10,
        path: () => `/api/queue?userId=${collectors[random(collectors.length) - 1]}`,
        token,
      },
      pago: paymentCase(payable, token, 4),
    };
    const cases = {} as GrowthPoint['cases'];
    for (const name of GROWTH_CASES) {
      const spec = specs[name];
      await load(server.base, { ...spec, connections: Math.min(spec.connections, 4) }, 2); // warm-up
      const m = await load(server.base, spec, seconds);
      cases[name] = { rps: m.rps, p50: m.p50, p99: m.p99, errors: m.errors, connections: spec.connections };
      console.log(
        `  ${kind.padEnd(8)} ${String(debts).padStart(8)} ${name.padEnd(14)} ${m.rps.toFixed(0).padStart(6)} req/s  p99 ${m.p99} ms${m.errors ? `  (${m.errors} errores)` : ''}`,
      );
    }
    return { kind, debts, measured: new Date().toISOString(), cases };
  } finally {
    await server.stop();
  }
}

export function readGrowth(): GrowthPoint[] {
  return existsSync(GROWTH_FILE) ? (JSON.parse(readFileSync(GROWTH_FILE, 'utf8')) as GrowthPoint[]) : [];
}

/** Replaces the points of the same database and size, keeps the others. */
function saveGrowth(points: GrowthPoint[]) {
  const kept = readGrowth().filter(
    (old) => !points.some((p) => p.kind === old.kind && p.debts === old.debts),
  );
  const all = [...kept, ...points].sort((a, b) => a.kind.localeCompare(b.kind) || a.debts - b.debts);
  writeFileSync(GROWTH_FILE, `${JSON.stringify(all, null, 2)}\n`);
  return all;
}

/**
 * How p99 grows against size, as the exponent b of p99 ∝ nᵇ between the smallest and largest size:
 * a B-tree lookup (∝ log n) gives b ≈ 0.08 from 100k to 1M (log 1M / log 100k = 1.2 = 10^0.08);
 * work proportional to the rows gives b ≈ 1.
 */
export function growthExponent(small: number, large: number, nSmall: number, nLarge: number): number {
  return Math.log(large / small) / Math.log(nLarge / nSmall);
}

/** Faster than log(n): above twice a B-tree's exponent, so noise on a flat case does not count. */
const LOG_EXPONENT_LIMIT = 0.16;

const decimal = (value: number) =>
  value.toLocaleString('es-AR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const dbName = (kind: DbKind) => (kind === 'postgres' ? 'PostgreSQL' : 'PGlite');
const sizeLabel = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000}M` : `${n / 1000}k`);

export function growthMarkdown(points: GrowthPoint[]): string {
  const sections = (['postgres', 'pglite'] as DbKind[]).flatMap((kind) => {
    const mine = points.filter((p) => p.kind === kind).sort((a, b) => a.debts - b.debts);
    if (mine.length === 0) return [];
    const header = `| caso (conexiones) | ${mine.map((p) => `${sizeLabel(p.debts)}: req/s · p99 ms`).join(' | ')} | p99 ∝ nᵇ | ¿más que log n? |`;
    const rows = GROWTH_CASES.map((name) => {
      // Between the smallest and the largest size that measured this case.
      const measured = mine.filter((p) => p.cases[name]);
      const low = measured[0];
      const high = measured[measured.length - 1];
      const b =
        low && high && low !== high
          ? growthExponent(
              (low.cases[name] as GrowthMeasure).p99,
              (high.cases[name] as GrowthMeasure).p99,
              low.debts,
              high.debts,
            )
          : Number.NaN;
      const cells = mine.map((p) => {
        const c = p.cases[name];
        return c ? `${c.rps.toFixed(0)} · ${c.p99}${c.errors ? ` (${c.errors} errores)` : ''}` : '—';
      });
      const verdict = Number.isNaN(b) ? '—' : b > LOG_EXPONENT_LIMIT ? '**sí**' : 'no';
      return `| ${name} (${low?.cases[name]?.connections ?? '—'}) | ${cells.join(' | ')} | ${Number.isNaN(b) ? '—' : decimal(b)} | ${verdict} |`;
    });
    return [
      `### ${dbName(kind)}`,
      '',
      `![p99 y req/s contra el tamaño de la cartera, ${dbName(kind)}](growth-${kind}.svg)`,
      '',
      `Medido: ${mine.map((p) => `${sizeLabel(p.debts)} el ${p.measured.slice(0, 16).replace('T', ' ')} UTC`).join('; ')}.`,
      '',
      header,
      `|---|${mine.map(() => '---:|').join('')}---:|---|`,
      ...rows,
      '',
    ];
  });
  return `${GROWTH_SECTION_TITLE}

Con \`node --import tsx bench/growth.ts\`: cada caso de lectura a cada tamaño de la cartera generada, con la misma carga
que \`npm run bench\` (10 s tras 2 s de calentamiento). b es el exponente de p99 ∝ nᵇ entre el tamaño menor y el mayor:
una búsqueda en un árbol B (∝ log n) da b ≈ 0,08 de 100k a 1M; un trabajo proporcional a las filas, b ≈ 1. Se marca
«más que log n» por encima de ${decimal(LOG_EXPONENT_LIMIT)} (el doble, para que el ruido de un caso plano no cuente). Por qué crece cada
uno: docs/performance.md «Cómo crece».

${sections.join('\n')}`;
}

export function writeGrowthCharts(points: GrowthPoint[]) {
  for (const kind of ['postgres', 'pglite'] as DbKind[]) {
    const mine = points.filter((p) => p.kind === kind).sort((a, b) => a.debts - b.debts);
    if (mine.length === 0) continue;
    const svg = growthChart(
      `${dbName(kind)}: cómo crece cada caso con la cartera`,
      mine.map((p) => p.debts),
      GROWTH_CASES.map((name) => ({
        name,
        p99: mine.map((p) => p.cases[name]?.p99 ?? null),
        rps: mine.map((p) => p.cases[name]?.rps ?? null),
      })),
    );
    writeFileSync(join(ROOT, `bench/growth-${kind}.svg`), svg);
  }
}

export async function benchGrowth(sizes: Record<DbKind, number[]>, port: number, seconds: number) {
  const points: GrowthPoint[] = [];
  for (const kind of ['postgres', 'pglite'] as DbKind[])
    for (const debts of sizes[kind]) {
      console.log(`\n== crecimiento ${kind} ${debts.toLocaleString('es-AR')} ==`);
      points.push(await measureSize(kind, debts, port, seconds));
      port += 5;
    }
  return points;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const sizes = (name: string, fallback: string) =>
    cliArg(name, fallback)
      .split(',')
      .filter(Boolean)
      .map((n) => Number(n));
  // --redraw: the section and the charts again from bench/growth.json, measuring nothing.
  const points = process.argv.includes('--redraw')
    ? []
    : await benchGrowth(
        { postgres: sizes('postgres', '100000,1000000,5000000'), pglite: sizes('pglite', '100000,1000000') },
        3900,
        Number(cliArg('seconds', '10')),
      );
  if (!process.argv.includes('--no-write')) {
    const all = saveGrowth(points);
    writeGrowthCharts(all);
    console.log(`\nEscrito en ${writeSection(GROWTH_SECTION_TITLE, growthMarkdown(all))}`);
  }
}
