/**
 * The floors of `bench/floor.ts`: the least a server can do for one of our API's cases. node:http, the
 * JWT verified by hand (HS256, node:crypto), on `pg` or on the API's PGlite worker client. No framework,
 * no validation, no mapping: what is left of a case's cost here is PostgreSQL's and the driver's.
 *
 *   node --import tsx bench/floorServer.ts PORT SECRET postgres|pglite URL|DIR SPEC.json
 *
 * GET /floor/{case}?v={value} (issue 20, the replay floor): the *same statements* our API ran for that
 * case (captured from it), with `value` where the API's request had its variable (the DNI, the id) and
 * earlier results where the API used them; the rows of the last one through JSON.stringify.
 * GET /minimal/{case}?v={value}&mode=json|rows (issue 38, the minimal floor): the API's very body
 * from the least SQL for it (bench/minimalFloor.ts).
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import pg from 'pg';
import { DEFAULT_DATABASE_POOL_SIZE } from '../apps/api/src/config';
import { isNamedRead } from '../apps/api/src/db/namedStatements';
import { PGliteWorkerClient } from '../apps/api/src/db/pglite/client';
import type { FloorCase, FloorParam } from './floor';
import { MINIMAL_CASES, type MinimalMode, type MinimalRun } from './minimalFloor';

const [port = '0', secret = '', kind = 'postgres', target = '', specFile = ''] = process.argv.slice(2);
const cases = JSON.parse(readFileSync(specFile, 'utf8')) as FloorCase[];

type Row = Record<string, unknown>;

/** As the API's pool names a read Drizzle sent unnamed (db/client.ts): by its text. */
const nameOf = (text: string) =>
  isNamedRead(text) ? `s_${createHash('sha1').update(text).digest('base64url').slice(0, 24)}` : undefined;

async function runner(): Promise<MinimalRun> {
  if (kind === 'postgres') {
    // As the API's pool: as many connections (its default), no JIT, its reads named (parsed once per connection).
    const pool = new pg.Pool({
      connectionString: target,
      max: DEFAULT_DATABASE_POOL_SIZE,
      options: '-c jit=off',
    });
    // An empty name: unnamed (the minimal floor's EXPLAIN, run once per 30 s).
    return async (name, text, values) =>
      (await pool.query<Row>({ name: name || undefined, text, values })).rows;
  }
  // The API's own PGlite client, without the API: its worker thread and its named reads (parsed once).
  const db = await PGliteWorkerClient.create(target);
  return async (_name, text, values) => (await db.query(text, values)).rows as Row[];
}

const run = await runner();
const replay = (step: FloorCase['steps'][number], values: unknown[]) =>
  run(step.name ?? nameOf(step.text) ?? '', step.text, values);

/** HS256 by hand: the signature over header.payload, and an expiry still ahead. */
function verified(header: string | undefined): boolean {
  const token = header?.startsWith('Bearer ') ? header.slice(7) : '';
  const [head, body, signature] = token.split('.');
  if (!head || !body || !signature) return false;
  const expected = createHmac('sha256', secret).update(`${head}.${body}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as { exp?: number };
  return claims.exp === undefined || claims.exp * 1000 > Date.now();
}

function paramValue(param: FloorParam, variable: string, results: Row[][]): unknown {
  if ('constant' in param) return param.constant;
  if ('variable' in param) return param.variable === 'number' ? Number(variable) : variable;
  const rows = results[param.step] ?? [];
  return param.all ? rows.map((row) => row[param.field]) : rows[0]?.[param.field];
}

/** The replay floor's answer: the case's statements in order, the last one's rows as the data. */
async function replayed(spec: FloorCase, variable: string) {
  const results: Row[][] = [];
  for (const step of spec.steps)
    results.push(
      await replay(
        step,
        step.params.map((param) => paramValue(param, variable, results)),
      ),
    );
  return { status: 200, body: JSON.stringify({ data: results.at(-1) }) };
}

createServer(async (request, response) => {
  const url = new URL(request.url ?? '/', 'http://floor');
  const match = /^\/(floor|minimal)\/(\d+)$/.exec(url.pathname);
  const spec = match ? cases[Number(match[2])] : undefined;
  const minimal = spec && match?.[1] === 'minimal' ? MINIMAL_CASES[spec.minimal] : undefined;
  if (!spec || (match?.[1] === 'minimal' && !minimal)) {
    response.writeHead(404).end();
    return;
  }
  if (!verified(request.headers.authorization)) {
    response.writeHead(401).end();
    return;
  }
  try {
    const variable = url.searchParams.get('v') ?? '';
    const mode = (url.searchParams.get('mode') ?? minimal?.mode) as MinimalMode;
    const { status, body } = minimal
      ? await minimal.answer(run, mode, variable)
      : await replayed(spec, variable);
    response.writeHead(status, { 'content-type': 'application/json' }).end(body);
  } catch (error) {
    response.writeHead(500).end(String(error));
  }
}).listen(Number(port), '127.0.0.1', () => console.log(`floor ${kind} :${port}`));
