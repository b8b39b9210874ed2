// PGlite on its own thread: a slow query no longer stalls every request on Node's main thread.
// Plain JavaScript on purpose: a worker thread does not inherit tsx's loader (in tsx, vitest or
// `node --import tsx`), and this file needs nothing but PGlite. Its peer is ./client.ts.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, parse, protocol, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** As Drizzle's PGlite session asks: dates, instants and intervals (and their arrays) stay text. */
const raw = (value) => value;
const PARSERS = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((t) => [
    t,
    raw,
  ]),
);

/** What the main thread needs to rebuild a PostgreSQL error (errors.ts reads code, detail…). */
const ERROR_FIELDS = [
  'code',
  'detail',
  'hint',
  'constraint',
  'table',
  'column',
  'schema',
  'severity',
  'position',
];
const errorOf = (error) => {
  const out = { message: error instanceof Error ? error.message : String(error) };
  for (const field of ERROR_FIELDS) if (error?.[field] !== undefined) out[field] = error[field];
  return out;
};

// pg_trgm: the search indexes (migration 0005) need it loaded whenever the directory is opened.
const db = await PGlite.create(workerData.dataDir ?? undefined, { extensions: { pg_trgm } });
// Named statements (below) keep one generic plan instead of re-planning each call with its values.
// PostgreSQL's own choice re-planned the DNI lookup every time; measured at 1M debts, generic plans
// doubled DNI and reads and sped up the dashboard, with lists unchanged (docs/performance.md).
await db.exec('SET plan_cache_mode = force_generic_plan');
/** Open transactions: id → the transaction and how to end it. */
const open = new Map();
const ROLLBACK = Symbol('rollback');

const reply = (id, result) => parentPort.postMessage({ id, ok: true, result });
const fail = (id, error) => parentPort.postMessage({ id, ok: false, error: errorOf(error) });

async function query({ text, params, rowMode, tx }) {
  if (tx === undefined && named.has(text)) return namedQuery(text, params ?? [], rowMode);
  const perCall = RULE.plannedPerCall.test(text);
  if (tx === undefined && !perCall && named.size < RULE.max && RULE.reads.test(text)) {
    return namedQuery(text, params ?? [], rowMode);
  }
  // A text search is planned for its values: the session's generic plans read every debt for some.
  if (tx === undefined && perCall) {
    return db.transaction(async (t) => {
      await t.exec('SET LOCAL plan_cache_mode = force_custom_plan');
      return run(t, text, params, rowMode);
    });
  }
  const target = tx === undefined ? db : open.get(tx)?.tx;
  if (!target) throw new Error('La transacción ya terminó.');
  return run(target, text, params, rowMode);
}

async function run(target, text, params, rowMode) {
  const { rows, fields, affectedRows } = await target.query(text, params, { rowMode, parsers: PARSERS });
  return { rows, fields, affectedRows };
}

/**
 * Reads outside a transaction run as named statements, by the same rule as on PostgreSQL
 * (db/namedStatements.ts, passed in workerData): parsed and planned once, then only bound and
 * executed, in one call into PGlite instead of six. PGlite's query() parses and plans every time,
 * which cost more than most of our reads.
 */
const RULE = workerData.named;
/** SQL text → its statement's name and parameter types. */
const named = new Map();
const { serialize } = protocol;
const join = (...messages) => Buffer.concat(messages);

async function prepareNamed(text) {
  const name = `q${named.size + 1}`;
  const { messages } = await db.execProtocol(
    join(serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()),
    { syncToFs: false },
  );
  const statement = { name, types: parse.parseDescribeStatementResults(messages) };
  named.set(text, statement);
  return statement;
}

function namedQuery(text, params, rowMode) {
  // The same locks PGlite's own query() takes: no other query, nor a transaction, in between.
  return db._runExclusiveTransaction(() =>
    db._runExclusiveQuery(async () => {
      const statement = named.get(text) ?? (await prepareNamed(text));
      const values = params.map((value, index) => {
        if (value === null || value === undefined) return null;
        const serializer = db.serializers[statement.types[index]];
        return serializer ? serializer(value) : value.toString();
      });
      const { messages } = await db.execProtocol(
        join(
          serialize.bind({ statement: statement.name, values }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
        ),
      );
      const [result] = parse.parseResults(messages, db.parsers, { rowMode, parsers: PARSERS });
      return {
        rows: result?.rows ?? [],
        fields: result?.fields ?? [],
        affectedRows: result?.affectedRows ?? 0,
      };
    }),
  );
}

function begin(id) {
  let ended;
  const done = db.transaction(
    (tx) =>
      new Promise((resolve, reject) => {
        open.set(id, { tx, resolve, reject, done: () => ended });
        reply(id, id);
      }),
  );
  ended = done;
  // A failure to begin reaches the caller; a failure to end is answered by `end`.
  done.catch((error) => {
    if (!open.has(id)) fail(id, error);
  });
}

async function end({ tx, commit }) {
  const handle = open.get(tx);
  if (!handle) throw new Error('La transacción ya terminó.');
  if (commit) handle.resolve();
  else handle.reject(ROLLBACK);
  try {
    await handle.done();
  } catch (error) {
    if (error !== ROLLBACK) throw error;
  } finally {
    open.delete(tx);
  }
}

parentPort.on('message', (message) => {
  const { id, op } = message;
  if (op === 'begin') return begin(id);
  const work = op === 'query' ? query(message) : op === 'end' ? end(message) : db.close();
  work.then(
    (result) => reply(id, result ?? null),
    (error) => fail(id, error),
  );
});
parentPort.postMessage({ ready: true });
