/**
 * Each read case against its floor (issue 20), per database:
 *
 *   node --import tsx bench/floor.ts [--db postgres,pglite] [--debts 1000000] [--seconds 10] [--no-write]
 *
 * The floor is the same work done by hand (bench/floorServer.ts): the statements our API runs for the
 * case, captured from the API itself in this process (a warm request, then two more with different
 * values to tell the request's own value and earlier results from constants), replayed by a bare
 * node:http server through the API's database clients (pg with named statements, the PGlite worker)
 * with JSON.stringify. Each case is loaded on the API, on the
 * JWT ceiling and on the floor, one server at a time (a PGlite directory has one owner), and reported
 * as % of its floor beside % of the ceiling. Budgets: DNI lookup and debt read ≥ 70 % of their floor
 * on PostgreSQL and ≥ 60 % on PGlite; list pages ≥ 60 %. The queue has no floor (see its case).
 * Run alone, it rewrites its own section of bench/RESULTS.md; run.ts puts the same section in its file.
 */
import { writeFileSync } from 'node:fs';
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

type DbKind = 'postgres' | 'pglite';
export type FloorParam =
  | { constant: unknown }
  | { variable: 'number' | 'string' }
  | { step: number; field: string; all: boolean };
export interface FloorCase {
  name: string;
  steps: { name?: string; text: string; params: FloorParam[] }[];
}

export const FLOOR_SECTION_TITLE = '## Cada caso contra su suelo (issue 20)';
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

/** The statements the API runs for each case, on this database, learned from the API in this process. */
async function capture(env: Record<string, string>, cases: ReadCase[]): Promise<FloorCase[]> {
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
    for (const spec of cases) {
      const [warm, valueA, valueB] = [spec.draw?.() ?? '', spec.draw?.() ?? '', spec.draw?.() ?? ''];
      await request(spec.path(warm));
      const a = await request(spec.path(valueA));
      const b = await request(spec.path(valueB));
      if (a.length !== b.length || a.some((s, i) => s.text !== b[i]?.text))
        throw new Error(`${spec.name}: dos pedidos corrieron sentencias distintas`);
      floors.push({
        name: spec.name,
        steps: a.map((s, step) => ({
          name: s.name,
          text: s.text,
          params: paramsOf(a, b, valueA, valueB, step),
        })),
      });
    }
    return floors;
  } finally {
    pg.Pool.prototype.query = pgQuery;
    PGliteWorkerClient.prototype.query = pgliteQuery;
    await app.close();
    await database.close();
  }
}

export interface FloorResult {
  kind: DbKind;
  rows: { name: string; connections: number; api: Measure; floor: Measure; ceiling: Measure }[];
}

export async function benchFloors(
  kinds: DbKind[],
  port: number,
  { debts, databaseUrl, seconds = 10 }: { debts: number; databaseUrl: string; seconds?: number },
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
      results.push(...(await benchFloors([kind], port, { debts, databaseUrl, seconds })));
      continue;
    }
    const random = (max: number) => 1 + Math.floor(Math.random() * max);
    const cases: ReadCase[] = [
      {
        name: 'GET /debts/dni/{dni} (DNI al azar)',
        connections: 50,
        draw: () => String(10_000_000 + random(Math.ceil(debts / 3))),
        path: (dni) => `/api/debts/dni/${dni}`,
      },
      {
        name: 'GET /debts/{id} (al azar)',
        connections: 50,
        draw: () => String(random(debts)),
        path: (id) => `/api/debts/${id}`,
      },
      { name: 'GET /debts página 1', connections: 10, path: () => '/api/debts?page=1&limit=25' },
      { name: 'GET /debts página 1000', connections: 10, path: () => '/api/debts?page=1000&limit=25' },
      // No queue: since issue 32 its statements follow its own page (the balances of the ids it
      // found, the rates only when a debt has them), so no replay of one collector's fits another.
      // bench/queue.ts measures it.
    ];
    const env: Record<string, string> =
      kind === 'postgres' ? { DATABASE_URL: databaseUrl, DATA_DIR: options.dir } : { DATA_DIR: options.dir };
    const floors = await capture(env, cases);
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
        `  ${kind.padEnd(8)} ${name.padEnd(48)} ${m.rps.toFixed(0).padStart(6)} req/s  p50 ${m.p50} ms  p99 ${m.p99} ms${m.errors ? `  (${m.errors} errores)` : ''}`,
      );
      return m;
    };
    const floorTarget = kind === 'postgres' ? databaseUrl : join(options.dir, 'pglite');
    const result: FloorResult = { kind, rows: [] };
    const onFloor = (base: string, token: string, i: number, c: ReadCase) =>
      measure(base, token, `suelo: ${c.name}`, c.connections, () => `/floor/${i}?v=${c.draw?.() ?? ''}`);
    const onApi = (base: string, token: string, c: ReadCase) =>
      measure(base, token, c.name, c.connections, () => c.path(c.draw?.() ?? ''));
    const row = (c: ReadCase, api: Measure, floor: Measure) =>
      result.rows.push({
        name: c.name,
        connections: c.connections,
        api,
        floor,
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
      // Both up at once, each case on the API and then on its floor: the shared machine drifts over
      // minutes, and a ratio of two runs far apart measured the drift (49 % and 63 % for the same code).
      const floor = await startFloor(port + 2, kind, floorTarget, specFile).catch(async (error: unknown) => {
        await api.stop();
        throw error;
      });
      try {
        for (const [i, c] of cases.entries())
          row(c, await onApi(api.base, token, c), await onFloor(floor.base, token, i, c));
      } finally {
        await Promise.all([api.stop(), floor.stop()]);
      }
    } else {
      // A PGlite directory has one owner: the API's run, then the floor's.
      const measured: Measure[] = [];
      try {
        for (const c of cases) measured.push(await onApi(api.base, token, c));
      } finally {
        await api.stop();
      }
      const floor = await startFloor(port + 2, kind, floorTarget, specFile);
      try {
        for (const [i, c] of cases.entries())
          row(c, measured[i] as Measure, await onFloor(floor.base, token, i, c));
      } finally {
        await floor.stop();
      }
    }
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
      const ratio = row.api.rps / row.floor.rps;
      return budget !== null && ratio < budget
        ? [`${name(r.kind)}: ${row.name}, ${pct(ratio)} de su suelo (≥ ${pct(budget)})`]
        : [];
    }),
  );
}

export function floorMarkdown(results: FloorResult[], started: Date): string {
  const rows = results.flatMap((r) =>
    r.rows.map((row) => {
      const budget = budgetOf(r.kind, row.name);
      const ratio = row.api.rps / row.floor.rps;
      const verdict = budget === null ? '—' : `${ratio >= budget ? '✅' : '❌'} ≥ ${pct(budget)}`;
      return `| ${name(r.kind)} | ${row.name} | ${row.connections} | ${row.api.rps.toFixed(0)} | ${row.api.p99} | ${row.floor.rps.toFixed(0)} | ${row.floor.p99} | **${pct(ratio)}** | ${pct(row.api.rps / row.ceiling.rps)} | ${verdict} |`;
    }),
  );
  return `${FLOOR_SECTION_TITLE}

Corrido el ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC con \`node --import tsx bench/floor.ts\`.
El suelo de cada caso es el mismo trabajo hecho a mano (\`bench/floorServer.ts\`): \`node:http\`, el JWT verificado con
\`node:crypto\`, **las mismas sentencias** que corrió la API para ese caso (capturadas de la API misma, con el valor del
pedido y los resultados anteriores donde la API los usó) con los mismos clientes de base que la API (un pool de \`pg\`
con sentencias con nombre; el worker de PGlite de la API, que nombra las lecturas), y \`JSON.stringify\`. Sin Fastify, sin
validación, sin armar objetos: lo que queda es el costo de la base y del driver. API, techo y suelo corren de a uno.

| base | caso | conexiones | API req/s | API p99 ms | suelo req/s | suelo p99 ms | % del suelo | % del techo | presupuesto |
|---|---|---:|---:|---:|---:|---:|---:|---:|---|
${rows.join('\n')}
`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const argv = process.argv.slice(2);
  const started = new Date();
  const results = await benchFloors(
    cliArg('db', 'postgres,pglite').split(',').filter(Boolean) as DbKind[],
    3980,
    {
      debts: Number(cliArg('debts', '1000000')),
      databaseUrl: cliArg('database-url', 'postgres://postgres@127.0.0.1:5432/cobranzas_bench'),
      seconds: Number(cliArg('seconds', '10')),
    },
  );
  if (!argv.includes('--no-write')) writeSection(FLOOR_SECTION_TITLE, floorMarkdown(results, started));
  const unmet = floorUnmet(results);
  for (const line of unmet) console.log(`❌ ${line}`);
  process.exit(0);
}
