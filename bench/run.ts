/**
 * `npm run bench [-- --debts 1000000 --db pglite,postgres --seconds 10]`
 *
 * Per database: generated data (made once, reused while it exists), the real server and the
 * ceiling side by side, every case of issue 7 loaded with autocannon, then bench/RESULTS.md.
 * Ratios to the ceiling are what counts: the machine is shared and noisy, absolute numbers drift.
 * Then the portfolio import of issue 16 (bench/import.ts; runnable alone) on a fresh database each,
 * the balance to date and the PDF receipts of issue 17 (bench/money.ts, bench/receipt.ts; runnable alone),
 * the collector's queue and bulk assignment of issue 18 (bench/queue.ts; runnable alone), and a month's
 * settlement with its xlsx and PDF of issue 19 (bench/settlements.ts; runnable alone), a bank statement of
 * 10 000 lines matched against the portfolio of issue 35 (bench/reconciliation.ts; runnable alone), a strategy's
 * dry run over the portfolio and its run over 100 000 debts of issue 36 (bench/strategies.ts; runnable alone,
 * PostgreSQL only), and each read
 * case against its floor, the same statements by hand, of issue 20 (bench/floor.ts; runnable alone),
 * and two API processes against one (bench/scaleOut.ts). How each case grows with the portfolio
 * (bench/growth.ts) is measured apart and carried over from bench/growth.json.
 */
import { existsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { addDays, agencyToday } from '@cobranzas/shared';
import pg from 'pg';
import {
  BENCH_ADMIN_PASSWORD,
  BENCH_FIRST_NAMES,
  BENCH_LAST_NAMES,
  generate,
  parseDataArgs,
} from '../apps/api/bench/data';
import {
  CLIENT_DEBT_PATH,
  cliArg,
  type LoadCase,
  load,
  loadExcelJs,
  login,
  type Measure,
  measureDownload,
  memoryOf,
  type ReportMeasure,
  ROOT,
  startApi,
  startCeiling,
} from './api';
import { benchFloors, floorMarkdown, floorUnmet } from './floor';
import { growthMarkdown, readGrowth } from './growth';
import { benchImports, importMarkdown, importUnmet } from './import';
import {
  type LighthouseScores,
  lighthouseMarkdown,
  lighthouseScores,
  lighthouseUnmet,
  type PagarScores,
  pagarMarkdown,
  pagarScores,
  pagarUnmet,
} from './lighthouse';
import { benchMoney, moneyMarkdown, moneyUnmet } from './money';
import { prewarm } from './prewarm';
import { benchQueue, queueMarkdown, queueUnmet } from './queue';
import { benchReceipts, receiptMarkdown, receiptUnmet } from './receipt';
import { benchReconciliation, reconciliationMarkdown, reconciliationUnmet } from './reconciliation';
import { benchScaleOut, scaleOutMarkdown } from './scaleOut';
import { freeTextShapes } from './searchShapes';
import { benchSettlements, settlementMarkdown, settlementUnmet } from './settlements';
import { benchStrategies, strategiesMarkdown, strategiesUnmet } from './strategies';
import { measureUserState, USER_STATE_BUDGET, type UserStateCost } from './userState';
import { measureWeb, webMarkdown, webUnmet } from './web';

type DbKind = 'pglite' | 'postgres';
const DEBTS = Number(cliArg('debts', '1000000'));
const SECONDS = Number(cliArg('seconds', '10'));
const KINDS = cliArg('db', 'postgres,pglite').split(',').filter(Boolean) as DbKind[];
const PG_URL = cliArg('database-url', 'postgres://postgres@127.0.0.1:5432/cobranzas_bench');

/** Data of this size is there already (the generator takes minutes: reuse it). */
async function hasData(kind: DbKind, dir: string): Promise<boolean> {
  if (kind === 'pglite') return existsSync(join(dir, 'pglite'));
  const client = new pg.Client({ connectionString: PG_URL });
  try {
    await client.connect();
    const { rows } = await client.query<{ n: string }>('SELECT count(*) AS n FROM debts');
    return Number(rows[0]?.n) === DEBTS;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const random = (max: number) => 1 + Math.floor(Math.random() * max);
const any = (list: readonly string[]) => list[random(list.length) - 1] ?? '';

interface DbResult {
  kind: DbKind;
  measures: Measure[];
  report: ReportMeasure;
  idleRssMb: number;
  userState: UserStateCost;
  lighthouse?: LighthouseScores[];
  /** The debtor's portal, Lighthouse's mobile preset (issue 34). */
  pagar?: PagarScores[];
}

async function benchDb(kind: DbKind, port: number, withLighthouse: boolean): Promise<DbResult> {
  const options = parseDataArgs(['--debts', String(DEBTS), '--db', kind, '--database-url', PG_URL]);
  if (!(await hasData(kind, options.dir))) {
    console.log(`Generando ${DEBTS.toLocaleString('es-AR')} deudas en ${kind}…`);
    await generate(options);
  }
  const warmed = await prewarm(
    kind === 'postgres' ? { kind, url: PG_URL } : { kind, dir: join(options.dir, 'pglite') },
  );
  console.log(`  ${kind.padEnd(8)} ${warmed}`);
  const env: Record<string, string> =
    kind === 'postgres' ? { DATABASE_URL: PG_URL, DATA_DIR: options.dir } : { DATA_DIR: options.dir };
  // Before the server: a PGlite directory has one owner.
  const userState = await measureUserState(env);
  console.log(
    `  ${kind.padEnd(8)} usuario actual: ${userState.hitMicros.toFixed(2)} µs en caché, ${userState.missMicros.toFixed(0)} µs leído de la base`,
  );
  const api = await startApi(port, { ...env, ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD });
  const ceiling = await startCeiling(port + 1);
  const measures: Measure[] = [];
  try {
    const token = await login(api.base, 'admin', BENCH_ADMIN_PASSWORD);
    const debtors = Math.ceil(DEBTS / 3);
    const run = async (base: string, spec: LoadCase) => {
      await load(base, { ...spec, connections: Math.min(spec.connections, 4) }, 2); // warm-up
      const measure = await load(base, spec, SECONDS);
      console.log(
        `  ${kind.padEnd(8)} ${spec.name.padEnd(42)} ${measure.rps.toFixed(0).padStart(6)} req/s  p50 ${measure.p50} ms  p99 ${measure.p99} ms${measure.errors ? `  (${measure.errors} errores)` : ''}`,
      );
      return measure;
    };
    const ceilingAt: Record<number, number> = {};
    for (const connections of [50, 10]) {
      const m = await run(ceiling.base, {
        name: `techo (JWT) ×${connections}`,
        connections,
        path: '/api/ceiling',
        token,
      });
      ceilingAt[connections] = m.rps;
      measures.push(m);
    }
    // The download first, on a rested machine: after minutes of load this shared VM runs slower
    // (the same download took 6.5 s alone and 17 s after the load cases).
    await loadExcelJs(api.base, token, api.pid);
    const idleRssMb = memoryOf(api.pid).rss;
    const report = await measureDownload(api.base, CLIENT_DEBT_PATH, token, api.pid);
    console.log(
      `  ${kind.padEnd(8)} clientDebt (${Math.round(DEBTS / 10).toLocaleString('es-AR')} filas): primer byte ${report.ttfbMs.toFixed(0)} ms, total ${(report.totalMs / 1000).toFixed(1)} s, RSS +${report.rssGrowthMb.toFixed(0)} MB`,
    );
    const cases: LoadCase[] = [
      {
        name: 'login',
        connections: 10,
        method: 'POST',
        path: '/api/login',
        body: JSON.stringify({ alias: 'admin', password: BENCH_ADMIN_PASSWORD }),
      },
      {
        name: 'GET /debts/dni/{dni} (DNI al azar)',
        connections: 50,
        path: () => `/api/debts/dni/${10_000_000 + random(debtors)}`,
        token,
      },
      {
        name: 'GET /debts/{id} (al azar)',
        connections: 50,
        path: () => `/api/debts/${random(DEBTS)}`,
        token,
      },
      {
        // The one amount owed of a debt at random (issue 31: p99 ≤ 20 ms on PostgreSQL at 1M debts).
        name: 'GET /debts/{id}/balance (al azar)',
        connections: 10,
        path: () => `/api/debts/${random(DEBTS)}/balance`,
        token,
      },
      { name: 'GET /debts página 1', connections: 10, path: '/api/debts?page=1&limit=25', token },
      { name: 'GET /debts página 1000', connections: 10, path: '/api/debts?page=1000&limit=25', token },
      {
        name: 'GET /debts?debtTypeId=2 página 1',
        connections: 10,
        path: '/api/debts?debtTypeId=2&page=1&limit=25',
        token,
      },
      {
        name: 'GET /debts?debtTypeId=2 página 1000',
        connections: 10,
        path: '/api/debts?debtTypeId=2&page=1000&limit=25',
        token,
      },
      {
        name: 'GET /debts?companyId=2 página 1',
        connections: 10,
        path: '/api/debts?companyId=2&page=1&limit=25',
        token,
      },
      {
        name: 'GET /debts?companyId=2 página 1000',
        connections: 10,
        path: '/api/debts?companyId=2&page=1000&limit=25',
        token,
      },
      { name: 'GET /report/general-kpi', connections: 10, path: '/api/report/general-kpi', token },
      // With a period the rate is the cohort's (issue 32): last month's debts and their money since.
      { name: 'GET /report/general-kpi (mes anterior)', connections: 10, path: lastMonthKpi(), token },
      // A debt's change history and a debtor's file (issue 32): what a collector opens all day.
      {
        name: 'GET /debts/{id}/history (al azar)',
        connections: 10,
        path: () => `/api/debts/${random(DEBTS)}/history`,
        token,
      },
      {
        name: 'GET /debtors/{id}/history (al azar)',
        connections: 10,
        path: () => `/api/debtors/${random(debtors)}/history`,
        token,
      },
      // The Buscador's «Exportar a Excel» of what a name finds (issue 32): a workbook per request.
      {
        name: 'GET /debts/export?q={Apellido, Nombre}',
        connections: 2,
        path: () =>
          `/api/debts/export?q=${encodeURIComponent(`${any(BENCH_LAST_NAMES)}, ${any(BENCH_FIRST_NAMES)}`)}`,
        token,
      },
      // The list's free text, on the trigram indexes (issues 20 and 32: p99 ≤ 150 ms, PGlite ≤ 400 ms),
      // one case per way people type it (DESIGN.md §11.2).
      ...freeTextShapes(debtors).map(([shape, text]) => ({
        name: `GET /debts?q=${shape} (texto libre)`,
        connections: 10,
        path: () => `/api/debts?q=${encodeURIComponent(text())}`,
        token,
      })),
    ];
    for (const spec of cases) {
      const measure = await run(api.base, spec);
      // A ratio needs the ceiling at the same connections (measured at 50 and 10).
      const ceilingRps = ceilingAt[spec.connections];
      if (ceilingRps !== undefined) measure.ratio = measure.rps / ceilingRps;
      measures.push(measure);
    }
    // On a quiet server, after the load: Lighthouse measures the page, not the queue.
    const lighthouse = withLighthouse ? await lighthouseScores(api.base, token) : undefined;
    const pagar = withLighthouse ? await pagarScores(api.base) : undefined;
    return {
      kind,
      measures,
      report,
      idleRssMb,
      userState,
      ...(lighthouse ? { lighthouse } : {}),
      ...(pagar ? { pagar } : {}),
    };
  } finally {
    await api.stop();
    await ceiling.stop();
  }
}

/** general-kpi for last month (agency time): its cohort, and the money that came after it. */
function lastMonthKpi(): string {
  const end = addDays(`${agencyToday().slice(0, 7)}-01`, -1);
  return `/api/report/general-kpi?start=${end.slice(0, 7)}-01&end=${end}`;
}

function budgetFor(kind: DbKind, m: Measure): string {
  const pgl = kind === 'pglite';
  // Before the prefixes below: «GET /debts/{id}/history» starts like «GET /debts/{id}».
  if (m.name.startsWith('GET /debts/export')) return latencyBudget(m, pgl ? 3000 : 1000);
  if (m.name.includes('/history')) return latencyBudget(m, pgl ? 250 : 50);
  if (m.name.startsWith('GET /debts/dni')) return ratioBudget(m, pgl ? 0.12 : 0.35);
  if (m.name.startsWith('GET /debts/{id}/balance')) return pgl ? '—' : latencyBudget(m, 20);
  if (m.name.startsWith('GET /debts/{id}')) return ratioBudget(m, pgl ? 0.1 : 0.3);
  if (m.name.includes('?q=')) return latencyBudget(m, pgl ? 400 : 150);
  if (m.name.startsWith('GET /debts')) return latencyBudget(m, pgl ? 250 : 50);
  if (m.name.startsWith('GET /report/general-kpi')) return latencyBudget(m, pgl ? 1500 : 300);
  return '—';
}
const ok = (pass: boolean) => (pass ? '✅' : '❌');
const ratioBudget = (m: Measure, min: number) =>
  `${ok((m.ratio ?? 0) >= min && m.errors === 0)} ≥ ${(min * 100).toFixed(0)} %`;
const latencyBudget = (m: Measure, max: number) => `${ok(m.p99 <= max && m.errors === 0)} p99 ≤ ${max} ms`;

/** The API budgets this run missed, one line each (the table marks them ❌). */
function apiUnmet(results: DbResult[]): string[] {
  const lines: string[] = [];
  for (const result of results) {
    const db = result.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
    for (const m of result.measures) {
      const budget = budgetFor(result.kind, m);
      if (!budget.startsWith('❌')) continue;
      const got = budget.includes('%')
        ? `${((m.ratio ?? 0) * 100).toFixed(1)} % del techo`
        : `p99 ${m.p99} ms`;
      lines.push(`${db}: ${m.name}, ${got} (${budget.slice(2)})`);
    }
    if (result.report.status !== 200) lines.push(`${db}: clientDebt respondió HTTP ${result.report.status}`);
    for (const check of userStateChecks(result.userState))
      if (!check.pass) lines.push(`${db}: usuario actual, ${check.got} (${check.budget})`);
    for (const check of reportChecks(result.report))
      if (!check.pass) lines.push(`${db}: clientDebt, ${check.got} (${check.budget})`);
  }
  return lines;
}

/** The current user's cost per request (issue 14 §2), each with what this run got. */
function userStateChecks(cost: UserStateCost) {
  return [
    {
      budget: `en caché ≤ ${USER_STATE_BUDGET.hitMicros} µs`,
      got: `en caché ${cost.hitMicros.toFixed(2)} µs`,
      pass: cost.hitMicros <= USER_STATE_BUDGET.hitMicros,
    },
    {
      budget: `leído de la base ≤ ${USER_STATE_BUDGET.missMicros} µs`,
      got: `leído de la base ${cost.missMicros.toFixed(0)} µs`,
      pass: cost.missMicros <= USER_STATE_BUDGET.missMicros,
    },
  ];
}

/** clientDebt's budgets (issue 7), each with what this run got. */
function reportChecks(r: ReportMeasure) {
  const served = r.status === 200;
  return [
    {
      budget: 'primer byte ≤ 1 s',
      got: `primer byte ${r.ttfbMs.toFixed(0)} ms`,
      pass: served && r.ttfbMs <= 1000,
    },
    {
      budget: 'total ≤ 15 s',
      got: `total ${(r.totalMs / 1000).toFixed(1)} s`,
      pass: served && r.totalMs <= 15_000,
    },
    {
      budget: 'RSS ≤ +150 MB',
      got: `RSS +${r.rssGrowthMb.toFixed(0)} MB`,
      pass: served && r.rssGrowthMb <= 150,
    },
  ];
}

/** Which budgets this run missed, first in the file; why each is missed is docs/performance.md's. */
function unmetMarkdown(unmet: string[]): string[] {
  if (unmet.length === 0) return ['Todos los casos quedaron dentro de su presupuesto en esta corrida.', ''];
  return [
    '## Fuera del presupuesto en esta corrida',
    '',
    ...unmet.map((line) => `- ${line}`),
    '',
    'Por qué, caso por caso: [docs/performance.md](../docs/performance.md#fuera-del-presupuesto-y-por-qué).',
    '',
  ];
}

function markdown(results: DbResult[], started: Date, unmet: string[]): string {
  const cpu = os.cpus()[0]?.model ?? 'desconocida';
  const lines = [
    '# Resultados de `npm run bench`',
    '',
    `Medido el ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC con \`npm run bench -- --debts ${DEBTS} --seconds ${SECONDS}\`,`,
    `en ${os.cpus().length} × ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}, ${os.type()} ${os.release()}.`,
    `Datos: ${DEBTS.toLocaleString('es-AR')} deudas, ${Math.ceil(DEBTS / 3).toLocaleString('es-AR')} deudores (\`npm run bench:data\`).`,
    'Cada caso corre contra el servidor real por loopback con autocannon; el techo es una ruta Fastify que solo',
    'verifica el JWT, medida en la misma corrida. La máquina es compartida: valen las proporciones, no los absolutos.',
    'Antes de medir, cada base se lee una vez para que esté en la caché del sistema (`bench/prewarm.ts`).',
    'Este archivo lo escribe la corrida; la lectura de los números, lo que se cambió por ellos y lo que falta',
    'está en [docs/performance.md](../docs/performance.md).',
    '',
    ...unmetMarkdown(unmet),
  ];
  for (const result of results) {
    lines.push(`## ${result.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}`, '');
    lines.push('| caso | conexiones | req/s | p50 ms | p99 ms | % del techo | errores | presupuesto |');
    lines.push('|---|---:|---:|---:|---:|---:|---:|---|');
    for (const m of result.measures) {
      const ratio = m.ratio === undefined ? '—' : `${(m.ratio * 100).toFixed(1)} %`;
      lines.push(
        `| ${m.name} | ${m.connections} | ${m.rps.toFixed(0)} | ${m.p50} | ${m.p99} | ${ratio} | ${m.errors} | ${budgetFor(result.kind, m)} |`,
      );
    }
    const r = result.report;
    const verdicts = reportChecks(r)
      .map((check) => `${ok(check.pass)} ${check.budget}`)
      .join(', ');
    lines.push(
      '',
      `Usuario actual de cada pedido (issue 14): ${result.userState.hitMicros.toFixed(2)} µs cuando está en caché (todo pedido salvo el primero de un usuario tras un cambio de usuarios o compañías), ${result.userState.missMicros.toFixed(0)} µs cuando se lee de la base — ${userStateChecks(
        result.userState,
      )
        .map((check) => `${ok(check.pass)} ${check.budget}`)
        .join(', ')}.`,
      '',
      `clientDebt de la compañía con ${Math.round(DEBTS / 10).toLocaleString('es-AR')} deudas: HTTP ${r.status}, primer byte ${r.ttfbMs.toFixed(0)} ms, total ${(r.totalMs / 1000).toFixed(1)} s, ${(r.bytes / 2 ** 20).toFixed(1)} MiB, RSS del servidor +${r.rssGrowthMb.toFixed(0)} MB (en reposo ${result.idleRssMb.toFixed(0)} MB) — ${verdicts}.`,
      '',
    );
  }
  return `${lines.join('\n')}\n`;
}

const started = new Date();
// The web first: it builds apps/web/dist, which the server under test serves to Lighthouse.
console.log('\n== web ==');
const web = await measureWeb();
const results: DbResult[] = [];
let port = 3700;
for (const kind of KINDS) {
  console.log(`\n== ${kind} ==`);
  results.push(await benchDb(kind, port, results.length === 0));
  port += 10;
}
// The import on its own fresh database (not the generated million debts): issue 16's case.
const importUrl = new URL(PG_URL);
importUrl.pathname = `${importUrl.pathname}_import`;
const imports = await benchImports(KINDS, port, { databaseUrl: importUrl.toString() });
// Receipts in PDF (issue 17; bench/receipt.ts, runnable alone), each on a fresh database.
const receiptResults = await benchReceipts(KINDS, { databaseUrl: PG_URL });
// The balance to date of a debt with 100 payments on a 100-entry rate table (issue 17).
const moneyUrl = new URL(PG_URL);
moneyUrl.pathname = `${moneyUrl.pathname}_money`;
const moneyResults = await benchMoney(KINDS, port + 40, { databaseUrl: moneyUrl.toString() });
// The collector's queue and a bulk assignment on the same generated portfolio (issue 18).
const queueResults = await benchQueue(KINDS, port + 60, {
  debts: DEBTS,
  databaseUrl: PG_URL,
  seconds: SECONDS,
});
// A month's settlement of the largest company, its xlsx and PDF, on the same portfolio (issue 19).
const settlementResults = await benchSettlements(KINDS, port + 80, { debts: DEBTS, databaseUrl: PG_URL });
// A statement of 10 000 lines matched against the same portfolio (issue 35; bench/reconciliation.ts, runnable alone).
const reconciliationResults = await benchReconciliation(KINDS, port + 140, {
  debts: DEBTS,
  databaseUrl: PG_URL,
});
// A strategy's dry run over the portfolio and its run over the first company's debts, the database put
// back as it was afterwards (issue 36; bench/strategies.ts, runnable alone; PostgreSQL only).
const strategyResults = await benchStrategies(KINDS, port + 160, { debts: DEBTS, databaseUrl: PG_URL });
// Each read case against the same statements run by hand (issue 20; bench/floor.ts, runnable alone).
const floorResults = await benchFloors(KINDS, port + 100, {
  debts: DEBTS,
  databaseUrl: PG_URL,
  seconds: SECONDS,
});
// Two API processes behind a balancer against one (issue 20; bench/scaleOut.ts, runnable alone).
const scaleOut = KINDS.includes('postgres')
  ? await benchScaleOut(port + 120, { debts: DEBTS, databaseUrl: PG_URL, seconds: SECONDS })
  : null;
// Growth with the portfolio takes an hour of generated data: bench/growth.ts measures it apart and
// keeps its points in bench/growth.json; this run carries them over with their dates.
const growth = readGrowth();
const scores = results.find((result) => result.lighthouse)?.lighthouse;
const portalScores = results.find((result) => result.pagar)?.pagar;
const out = join(ROOT, 'bench/RESULTS.md');
const unmet = [
  ...apiUnmet(results),
  ...importUnmet(imports),
  ...receiptUnmet(receiptResults),
  ...moneyUnmet(moneyResults),
  ...queueUnmet(queueResults),
  ...settlementUnmet(settlementResults),
  ...reconciliationUnmet(reconciliationResults),
  ...strategiesUnmet(strategyResults),
  ...floorUnmet(floorResults),
  ...webUnmet(web),
  ...(scores ? lighthouseUnmet(scores) : []),
  ...(portalScores ? pagarUnmet(portalScores) : []),
];
writeFileSync(
  out,
  markdown(results, started, unmet) +
    floorMarkdown(floorResults, started) +
    (scaleOut ? scaleOutMarkdown(scaleOut, started, DEBTS) : '') +
    (growth.length > 0 ? `${growthMarkdown(growth)}\n` : '') +
    importMarkdown(imports, started) +
    moneyMarkdown(moneyResults, started) +
    queueMarkdown(queueResults, started) +
    settlementMarkdown(settlementResults, started) +
    reconciliationMarkdown(reconciliationResults, started) +
    (strategyResults.length > 0
      ? strategiesMarkdown(strategyResults, started, `npm run bench -- --debts ${DEBTS} --seconds ${SECONDS}`)
      : '') +
    receiptMarkdown(receiptResults) +
    webMarkdown(web) +
    (scores ? lighthouseMarkdown(scores) : '') +
    (portalScores ? pagarMarkdown(portalScores) : ''),
);
console.log(`\nResultados en ${out}`);
