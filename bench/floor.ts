/**
 * Each read case against its two floors (issues 20 and 38), per database:
 *
 *   node --import tsx bench/floor.ts [--db postgres,pglite] [--debts 1000000] [--seconds 10] [--port 3980]
 *     [--database-url URL] [--minimal-modes json,rows] [--no-write]
 *
 * Both floors are served by a bare node:http server (bench/floorServer.ts) through the API's database
 * clients (pg with named statements, the PGlite worker):
 * - the replay floor (issue 20): the statements our API runs for the case, captured from the API itself
 *   in this process (a warm request, then two more with different values to tell the request's own
 *   value and earlier results from constants), replayed, the last one's rows through JSON.stringify.
 *   It says what our code costs on top of our statements.
 * - the minimal floor (issue 38, bench/minimalFloor.ts): the API's very body from the least SQL a
 *   PostgreSQL expert would write for it. It says whether our statements are more than the answer needs.
 *   Before measuring, its bodies must equal the API's for several drawn values, or the run fails.
 * Each case is loaded on the API, the replay floor and the minimal floor (on PostgreSQL all three up at
 * once, one after the other per case; on PGlite, whose directory has one owner, the API's run and then
 * the floors'), beside the JWT ceiling. Budgets: against the replay floor, DNI lookup and debt read
 * ≥ 70 % on PostgreSQL and ≥ 60 % on PGlite, list pages ≥ 60 %; against the minimal floor, every case
 * ≥ 60 % on PostgreSQL. The queue has no floor (see its case).
 * Run alone, it rewrites its own section of bench/RESULTS.md; run.ts puts the same section in its file.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { BENCH_ADMIN_PASSWORD, generate, openData, parseDataArgs } from '../apps/api/bench/data';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { createDatabase } from '../apps/api/src/db/client';
import { PGliteWorkerClient } from '../apps/api/src/db/pglite/client';
import { cliArg, load, login, type Measure, startApi, startCeiling, startFloor, writeSection } from './api';
import { MINIMAL_CASES, type MinimalMode } from './minimalFloor';

type DbKind = 'postgres' | 'pglite';
export type FloorParam =
  | { constant: unknown }
  | { variable: 'number' | 'string' }
  | { step: number; field: string; all: boolean };
export interface FloorCase {
  name: string;
  /** Its case in bench/minimalFloor.ts. */
  minimal: string;
  steps: { name?: string; text: string; params: FloorParam[] }[];
}

export const FLOOR_SECTION_TITLE = '## Cada caso contra su suelo (issue 20)';
/** Every case against its minimal floor, on PostgreSQL (issue 38); PGlite's is only reported. */
const minimalBudgetOf = (kind: DbKind) => (kind === 'postgres' ? 0.6 : null);
/** Drawn values per case whose bodies the minimal floor must answer as the API does. */
const CHECKED_VALUES = 5;
const budgetOf = (kind: DbKind, name: string) =>
  name.startsWith('GET /debts/')
    ? kind === 'postgres'
      ? 0.7
      : 0.6
    : name.startsWith('GET /debts página')
      ? 0.6
      : null;

interface ReadCase {
  name: string;
  /** Its case in bench/minimalFloor.ts. */
  minimal: string;
  connections: number;
  /** The request's own value (a DNI, an id, a collector), drawn per request; none for a fixed page. */
  draw?: () => string;
  path: (value: string) => string;
}

/** One statement as the API sent it, with its answer as objects by field name. */
interface Seen {
  name?: string;
  text: string;
  values: unknown[];
  rows: Record<string, unknown>[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Where each parameter of the second capture came from, checked against the third. */
function paramsOf(a: Seen[], b: Seen[], valueA: string, valueB: string, step: number): FloorParam[] {
  const mine = a[step] as Seen;
  const theirs = b[step] as Seen;
  return mine.values.map((value, i) => {
    const other = theirs.values[i];
    if (String(value) === valueA && String(other) === valueB)
      return { variable: typeof value === 'number' ? 'number' : 'string' };
    for (let earlier = 0; earlier < step; earlier++) {
      const rowsA = (a[earlier] as Seen).rows;
      const rowsB = (b[earlier] as Seen).rows;
      for (const field of Object.keys(rowsA[0] ?? {})) {
        const column = (rows: Seen['rows']) => rows.map((row) => row[field]);
        if (Array.isArray(value) && same(value, column(rowsA)) && same(other, column(rowsB)))
          return { step: earlier, field, all: true };
        if (!Array.isArray(value) && same(value, rowsA[0]?.[field]) && same(other, rowsB[0]?.[field]))
          return { step: earlier, field, all: false };
      }
    }
    if (!same(value, other))
      throw new Error(`No se sabe de dónde sale el parámetro ${i + 1} de «${mine.text.slice(0, 80)}…»`);
    return { constant: value };
  });
}

/** An answer of the API for a drawn value, for the minimal floor to match. */
interface Sample {
  value: string;
  status: number;
  body: string;
}

/**
 * The statements the API runs for each case, on this database, learned from the API in this process,
 * and its bodies for CHECKED_VALUES drawn values.
 */
async function capture(
  env: Record<string, string>,
  cases: ReadCase[],
): Promise<{ floors: FloorCase[]; samples: Sample[][] }> {
  const config = loadConfig({
    ...process.env,
    ...env,
    JWT_SECRET: 'x'.repeat(64),
    ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
  });
  const database = await createDatabase(config);
  const app = await buildApp({ config, database, logger: false });
  let seen: Seen[] | null = null;
  const record = (text: string, name: string | undefined, values: unknown[], answer: Promise<unknown>) => {
    if (!seen) return;
    const entry: Seen = { name, text, values, rows: [] };
    seen.push(entry);
    void answer.then((result) => {
      const { rows, fields } = result as { rows: unknown[]; fields: { name: string }[] };
      entry.rows = rows.map((row) =>
        Array.isArray(row)
          ? Object.fromEntries(fields.map((f, i) => [f.name, row[i]]))
          : (row as Seen['rows'][number]),
      );
    });
  };
  const pgQuery = pg.Pool.prototype.query;
  const pgliteQuery = PGliteWorkerClient.prototype.query;
  pg.Pool.prototype.query = function (this: pg.Pool, ...args: unknown[]) {
    const answer = Reflect.apply(pgQuery, this, args);
    const config = args[0] as { text: string; name?: string; values?: unknown[] };
    record(config.text, config.name, config.values ?? (args[1] as unknown[]) ?? [], answer);
    return answer;
  } as typeof pgQuery;
  PGliteWorkerClient.prototype.query = function (this: PGliteWorkerClient, text, params = [], options = {}) {
    const answer = Reflect.apply(pgliteQuery, this, [text, params, options]);
    record(text, undefined, params, answer);
    return answer;
  };
  try {
    const logged = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { alias: 'admin', password: BENCH_ADMIN_PASSWORD },
    });
    const headers = { authorization: `Bearer ${(logged.json() as { access_token: string }).access_token}` };
    const request = async (path: string) => {
      seen = [];
      const answer = await app.inject({ url: path, headers });
      if (answer.statusCode !== 200) throw new Error(`${path} → ${answer.statusCode}`);
      await new Promise((resolve) => setImmediate(resolve));
      const statements = seen;
      seen = null;
      return statements;
    };
    const floors: FloorCase[] = [];
    const samples: Sample[][] = [];
    for (const spec of cases) {
      const drawn = Array.from({ length: spec.draw ? CHECKED_VALUES : 1 }, () => spec.draw?.() ?? '');
      const answers: Sample[] = [];
      for (const value of drawn) {
        const answer = await app.inject({ url: spec.path(value), headers });
        answers.push({ value, status: answer.statusCode, body: answer.body });
      }
      samples.push(answers);
      const [warm, valueA, valueB] = [spec.draw?.() ?? '', spec.draw?.() ?? '', spec.draw?.() ?? ''];
      await request(spec.path(warm));
      const a = await request(spec.path(valueA));
      const b = await request(spec.path(valueB));
      if (a.length !== b.length || a.some((s, i) => s.text !== b[i]?.text))
        throw new Error(`${spec.name}: dos pedidos corrieron sentencias distintas`);
      floors.push({
        name: spec.name,
        minimal: spec.minimal,
        steps: a.map((s, step) => ({
          name: s.name,
          text: s.text,
          params: paramsOf(a, b, valueA, valueB, step),
        })),
      });
    }
    return { floors, samples };
  } finally {
    pg.Pool.prototype.query = pgQuery;
    PGliteWorkerClient.prototype.query = pgliteQuery;
    await app.close();
    await database.close();
  }
}

/** One case on the API and on its floors; `minimal` is the faster of the ways measured. */
export interface FloorRow {
  name: string;
  connections: number;
  api: Measure;
  floor: Measure;
  minimal: Measure & { mode: MinimalMode };
  /** Each way of answering measured on the minimal floor. */
  modes: Partial<Record<MinimalMode, Measure>>;
  ceiling: Measure;
}
export interface FloorResult {
  kind: DbKind;
  rows: FloorRow[];
}

/** Where two parsed bodies first differ, as a path («data[3].debtor.cuit»), or null when equal (order included). */
function difference(a: unknown, b: unknown, path = ''): string | null {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null)
    return Object.is(a, b) ? null : path || '(raíz)';
  if (Array.isArray(a) !== Array.isArray(b)) return path || '(raíz)';
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.join() !== keysB.join()) return `${path || '(raíz)'} (claves: ${keysA.join()} ≠ ${keysB.join()})`;
  for (const key of keysA) {
    const inner = Array.isArray(a) ? `${path}[${key}]` : path ? `${path}.${key}` : key;
    const found = difference(Reflect.get(a, key), Reflect.get(b, key), inner);
    if (found) return found;
  }
  return null;
}

/** The minimal floor must answer the API's bodies, both ways: a floor that answers something else measures nothing. */
async function checkMinimal(base: string, token: string, cases: ReadCase[], samples: Sample[][]) {
  for (const [i, c] of cases.entries())
    for (const sample of samples[i] ?? [])
      for (const mode of ['json', 'rows'] as const) {
        const answer = await fetch(`${base}/minimal/${i}?v=${sample.value}&mode=${mode}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        const body = await answer.text();
        const where =
          answer.status !== sample.status
            ? `estado ${answer.status} ≠ ${sample.status}`
            : answer.status === 200
              ? difference(JSON.parse(sample.body), JSON.parse(body))
              : null;
        if (where)
          throw new Error(
            `El suelo mínimo (${mode}) de «${c.name}» con v=${sample.value} no responde lo mismo que la API: ` +
              `difiere en ${where}.\n  API:   ${sample.body.slice(0, 400)}\n  suelo: ${body.slice(0, 400)}`,
          );
      }
}

export async function benchFloors(
  kinds: DbKind[],
  port: number,
  {
    debts,
    databaseUrl,
    seconds = 10,
    minimalModes,
  }: { debts: number; databaseUrl: string; seconds?: number; minimalModes?: MinimalMode[] },
): Promise<FloorResult[]> {
  const results: FloorResult[] = [];
  for (const kind of kinds) {
    console.log(`\n== suelos ${kind} ==`);
    const options = parseDataArgs(['--debts', String(debts), '--db', kind, '--database-url', databaseUrl]);
    const data = await openData(options).catch(() => null);
    const count = data
      ? ((await data.db.execute(sql`SELECT count(*)::int AS n FROM debts`).catch(() => null)) as {
          rows: { n: number }[];
        } | null)
      : null;
    if (data && count?.rows[0]?.n === debts) {
      await data.close();
    } else {
      await data?.close();
      console.log(`Generando ${debts.toLocaleString('es-AR')} deudas en ${kind}…`);
      await generate(options);
      results.push(...(await benchFloors([kind], port, { debts, databaseUrl, seconds, minimalModes })));
      continue;
    }
    const random = (max: number) => 1 + Math.floor(Math.random() * max);
    const page = (name: string, minimal: string, query: string): ReadCase => ({
      name,
      minimal,
      connections: 10,
      path: () => `/api/debts?${query}&limit=25`,
    });
    const cases: ReadCase[] = [
      {
        name: 'GET /debts/dni/{dni} (DNI al azar)',
        minimal: 'dni',
        connections: 50,
        draw: () => String(10_000_000 + random(Math.ceil(debts / 3))),
        path: (dni) => `/api/debts/dni/${dni}`,
      },
      {
        name: 'GET /debts/{id} (al azar)',
        minimal: 'id',
        connections: 50,
        draw: () => String(random(debts)),
        path: (id) => `/api/debts/${id}`,
      },
      page('GET /debts página 1', 'page1', 'page=1'),
      page('GET /debts página 1000', 'page1000', 'page=1000'),
      page('GET /debts página 1 (debtTypeId=2)', 'stage2page1', 'page=1&debtTypeId=2'),
      page('GET /debts página 1000 (debtTypeId=2)', 'stage2page1000', 'page=1000&debtTypeId=2'),
      page('GET /debts página 1 (companyId=2)', 'company2page1', 'page=1&companyId=2'),
      page('GET /debts página 1000 (companyId=2)', 'company2page1000', 'page=1000&companyId=2'),
      // No queue: since issue 32 its statements follow its own page (the balances of the ids it
      // found, the rates only when a debt has them), so no replay of one collector's fits another.
      // bench/queue.ts measures it.
    ];
    const env: Record<string, string> =
      kind === 'postgres' ? { DATABASE_URL: databaseUrl, DATA_DIR: options.dir } : { DATA_DIR: options.dir };
    const { floors, samples } = await capture(env, cases);
    const specFile = join(tmpdir(), `cobranzas-floor-${kind}-${process.pid}.json`);
    writeFileSync(specFile, JSON.stringify(floors));
    const measure = async (
      base: string,
      token: string,
      name: string,
      connections: number,
      path: () => string,
    ) => {
      const spec = { name, connections, path, token };
      // A warm-up at full load: a server just started (the API first) paid its warm-up in the first case.
      await load(base, spec, 3);
      const m = await load(base, spec, seconds);
      console.log(
        `  ${kind.padEnd(8)} ${name.padEnd(56)} ${m.rps.toFixed(0).padStart(6)} req/s  p50 ${m.p50} ms  p99 ${m.p99} ms${m.errors ? `  (${m.errors} errores)` : ''}`,
      );
      return m;
    };
    const floorTarget = kind === 'postgres' ? databaseUrl : join(options.dir, 'pglite');
    const result: FloorResult = { kind, rows: [] };
    const onApi = (base: string, token: string, c: ReadCase) =>
      measure(base, token, c.name, c.connections, () => c.path(c.draw?.() ?? ''));
    /** The replay floor, then the minimal floor in each way asked (by default the case's own). */
    const onFloors = async (base: string, token: string, i: number, c: ReadCase) => {
      const floor = await measure(
        base,
        token,
        `suelo: ${c.name}`,
        c.connections,
        () => `/floor/${i}?v=${c.draw?.() ?? ''}`,
      );
      const modes: FloorRow['modes'] = {};
      for (const mode of minimalModes ?? [MINIMAL_CASES[c.minimal]?.mode ?? 'json'])
        modes[mode] = await measure(
          base,
          token,
          `mínimo (${mode}): ${c.name}`,
          c.connections,
          () => `/minimal/${i}?v=${c.draw?.() ?? ''}&mode=${mode}`,
        );
      const [mode, minimal] = (Object.entries(modes) as [MinimalMode, Measure][]).reduce((best, next) =>
        next[1].rps > best[1].rps ? next : best,
      );
      return { floor, minimal: { ...minimal, mode }, modes };
    };
    const row = (c: ReadCase, api: Measure, floors: Awaited<ReturnType<typeof onFloors>>) =>
      result.rows.push({
        name: c.name,
        connections: c.connections,
        api,
        ...floors,
        ceiling: onCeiling[c.connections] as Measure,
      });
    const api = await startApi(port, { ...env, ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD });
    const token = await login(api.base, 'admin', BENCH_ADMIN_PASSWORD);
    const ceiling = await startCeiling(port + 1);
    const onCeiling: Record<number, Measure> = {};
    try {
      for (const connections of [50, 10])
        onCeiling[connections] = await measure(
          ceiling.base,
          token,
          `techo (JWT) ×${connections}`,
          connections,
          () => '/api/ceiling',
        );
    } finally {
      await ceiling.stop();
    }
    if (kind === 'postgres') {
      // All up at once, each case on the API and then on its floors: the shared machine drifts over
      // minutes, and a ratio of two runs far apart measured the drift (49 % and 63 % for the same code).
      const floor = await startFloor(port + 2, kind, floorTarget, specFile).catch(async (error: unknown) => {
        await api.stop();
        throw error;
      });
      try {
        await checkMinimal(floor.base, token, cases, samples);
        for (const [i, c] of cases.entries())
          row(c, await onApi(api.base, token, c), await onFloors(floor.base, token, i, c));
      } finally {
        await Promise.all([api.stop(), floor.stop()]);
      }
    } else {
      // A PGlite directory has one owner: the API's run, then the floors'.
      const measured: Measure[] = [];
      try {
        for (const c of cases) measured.push(await onApi(api.base, token, c));
      } finally {
        await api.stop();
      }
      const floor = await startFloor(port + 2, kind, floorTarget, specFile);
      try {
        await checkMinimal(floor.base, token, cases, samples);
        for (const [i, c] of cases.entries())
          row(c, measured[i] as Measure, await onFloors(floor.base, token, i, c));
      } finally {
        await floor.stop();
      }
    }
    rmSync(specFile, { force: true });
    results.push(result);
  }
  return results;
}

const name = (kind: DbKind) => (kind === 'postgres' ? 'PostgreSQL' : 'PGlite');
const pct = (value: number) => `${Math.round(value * 100)} %`;

export function floorUnmet(results: FloorResult[]): string[] {
  return results.flatMap((r) =>
    r.rows.flatMap((row) => {
      const budget = budgetOf(r.kind, row.name);
      const minimalBudget = minimalBudgetOf(r.kind);
      const ratio = row.api.rps / row.floor.rps;
      const toMinimal = row.api.rps / row.minimal.rps;
      return [
        ...(budget !== null && ratio < budget
          ? [`${name(r.kind)}: ${row.name}, ${pct(ratio)} de su suelo (≥ ${pct(budget)})`]
          : []),
        ...(minimalBudget !== null && toMinimal < minimalBudget
          ? [`${name(r.kind)}: ${row.name}, ${pct(toMinimal)} de su suelo mínimo (≥ ${pct(minimalBudget)})`]
          : []),
      ];
    }),
  );
}

const verdictOf = (ratio: number, budget: number | null) =>
  budget === null ? '—' : `${ratio >= budget ? '✅' : '❌'} ≥ ${pct(budget)}`;

export function floorMarkdown(results: FloorResult[], started: Date): string {
  const rows = results.flatMap((r) =>
    r.rows.map((row) => {
      const ratio = row.api.rps / row.floor.rps;
      const toMinimal = row.api.rps / row.minimal.rps;
      return `| ${name(r.kind)} | ${row.name} | ${row.connections} | ${row.api.rps.toFixed(0)} | ${row.api.p99} | ${row.floor.rps.toFixed(0)} | ${row.floor.p99} | ${row.minimal.rps.toFixed(0)} (${row.minimal.mode}) | ${row.minimal.p99} | **${pct(ratio)}** | ${verdictOf(ratio, budgetOf(r.kind, row.name))} | **${pct(toMinimal)}** | ${verdictOf(toMinimal, minimalBudgetOf(r.kind))} | ${pct(row.api.rps / row.ceiling.rps)} |`;
    }),
  );
  return `${FLOOR_SECTION_TITLE}

Corrido el ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC con \`node --import tsx bench/floor.ts\`.
Dos suelos por caso, servidos por \`bench/floorServer.ts\` (\`node:http\`, el JWT verificado con \`node:crypto\`, los mismos
clientes de base que la API: un pool de \`pg\` con sentencias con nombre; el worker de PGlite de la API, que nombra las
lecturas). Sin Fastify, sin validación: lo que queda es el costo de la base y del driver.

- **Suelo de repetición** (issue 20): **las mismas sentencias** que corrió la API para ese caso (capturadas de la API
  misma, con el valor del pedido y los resultados anteriores donde la API los usó) y \`JSON.stringify\` de las filas de la
  última. Dice cuánto cuesta lo nuestro (Fastify, zod, Drizzle, armar los objetos) encima de nuestras sentencias.
- **Suelo mínimo** (issue 38, \`bench/minimalFloor.ts\`): **el mismo cuerpo** que responde la API (comparado campo por
  campo antes de medir, para varios valores al azar por caso) con lo mínimo que escribiría alguien que conoce
  PostgreSQL: una sentencia por pedido, las columnas que el cuerpo lleva, el JSON armado por PostgreSQL (\`json\`) o las
  filas por \`JSON.stringify\` (\`rows\`), la más rápida de las medidas. Dice si nuestras sentencias son más de lo que la
  respuesta necesita.

En PostgreSQL API y suelos están arriba a la vez y cada caso se mide en uno y enseguida en los otros; en PGlite un
directorio tiene un solo dueño: primero la API, después los suelos. Presupuestos: contra el suelo de repetición, DNI y
lectura por id ≥ 70 % en PostgreSQL y ≥ 60 % en PGlite, páginas ≥ 60 %; contra el suelo mínimo, todo caso ≥ 60 % en
PostgreSQL.

| base | caso | conexiones | API req/s | API p99 ms | repetición req/s | repetición p99 ms | mínimo req/s | mínimo p99 ms | % de la repetición | presupuesto | % del mínimo | presupuesto | % del techo |
|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---|---:|
${rows.join('\n')}
`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const argv = process.argv.slice(2);
  const started = new Date();
  const modes = cliArg('minimal-modes', '').split(',').filter(Boolean) as MinimalMode[];
  const results = await benchFloors(
    cliArg('db', 'postgres,pglite').split(',').filter(Boolean) as DbKind[],
    Number(cliArg('port', '3980')),
    {
      debts: Number(cliArg('debts', '1000000')),
      databaseUrl: cliArg('database-url', 'postgres://postgres@127.0.0.1:5432/cobranzas_bench'),
      seconds: Number(cliArg('seconds', '10')),
      ...(modes.length > 0 ? { minimalModes: modes } : {}),
    },
  );
  if (!argv.includes('--no-write')) writeSection(FLOOR_SECTION_TITLE, floorMarkdown(results, started));
  const unmet = floorUnmet(results);
  for (const line of unmet) console.log(`❌ ${line}`);
  process.exit(0);
}
