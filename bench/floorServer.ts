/**
 * The floor of `bench/floor.ts` (issue 20): the least a server can do for one of our API's cases.
 * node:http, the JWT verified by hand (HS256, node:crypto), the *same statements* our API ran for that
 * case (captured from it, bench/floor.ts), on `pg` or on PGlite in this thread, and the rows of the
 * last one through JSON.stringify. No framework, no validation, no mapping: what is left of a case's
 * cost here is PostgreSQL's and the driver's.
 *
 *   node --import tsx bench/floorServer.ts PORT SECRET postgres|pglite URL|DIR SPEC.json
 *
 * GET /floor/{case}?v={value}: the case's statements with `value` where the API's request had its
 * variable (the DNI, the id, the collector), and earlier results where the API used them.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import pg from 'pg';
import { DEFAULT_DATABASE_POOL_SIZE } from '../apps/api/src/config';
import { PGliteWorkerClient } from '../apps/api/src/db/pglite/client';
import type { FloorCase, FloorParam } from './floor';

const [port = '0', secret = '', kind = 'postgres', target = '', specFile = ''] = process.argv.slice(2);
const cases = JSON.parse(readFileSync(specFile, 'utf8')) as FloorCase[];

type Row = Record<string, unknown>;
type Run = (step: FloorCase['steps'][number], values: unknown[]) => Promise<Row[]>;

async function runner(): Promise<Run> {
  if (kind === 'postgres') {
    // As the API's pool: as many connections (its default), no JIT, every statement named (parsed once per connection).
    const pool = new pg.Pool({
      connectionString: target,
      max: DEFAULT_DATABASE_POOL_SIZE,
      options: '-c jit=off',
    });
    return async (step, values) =>
      (await pool.query<Row>({ name: step.name, text: step.text, values: values as unknown[] })).rows;
  }
  // The API's own PGlite client, without the API: its worker thread and its named reads (parsed once).
  const db = await PGliteWorkerClient.create(target);
  return async (step, values) => (await db.query(step.text, values)).rows as Row[];
}

const run = await runner();

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

createServer(async (request, response) => {
  const url = new URL(request.url ?? '/', 'http://floor');
  const match = /^\/floor\/(\d+)$/.exec(url.pathname);
  const spec = match ? cases[Number(match[1])] : undefined;
  if (!spec) {
    response.writeHead(404).end();
    return;
  }
  if (!verified(request.headers.authorization)) {
    response.writeHead(401).end();
    return;
  }
  try {
    const variable = url.searchParams.get('v') ?? '';
    const results: Row[][] = [];
    for (const step of spec.steps)
      results.push(
        await run(
          step,
          step.params.map((param) => paramValue(param, variable, results)),
        ),
      );
    const body = JSON.stringify({ data: results.at(-1) });
    response.writeHead(200, { 'content-type': 'application/json' }).end(body);
  } catch (error) {
    response.writeHead(500).end(String(error));
  }
}).listen(Number(port), '127.0.0.1', () => console.log(`floor ${kind} :${port}`));
