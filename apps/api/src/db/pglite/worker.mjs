// @ts-check
// PGlite on its own thread: a slow query no longer stalls every request on Node's main thread.
// Plain JavaScript on purpose: a worker thread does not inherit tsx's loader (in tsx, vitest or
// `node --import tsx`), and this file needs nothing but PGlite. Its peer is ./client.ts; the
// messages between them are typed in ./protocol.ts, and tsc checks this file (apps/api/tsconfig.json).
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, parse, protocol, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * @import { Transaction, ParserOptions } from '@electric-sql/pglite'
 * @import { Answer, EndCall, ErrorField, FromWorker, QueryCall, Request, Results, RowMode, WorkerData, WorkerError } from './protocol'
 */

/**
 * Where a statement runs: PGlite itself, or an open transaction.
 * @typedef {PGlite | Transaction} Target
 */
/**
 * An open transaction: PGlite's handle, and how to end it (`resolve` commits, `reject` rolls back).
 * @typedef {object} OpenTransaction
 * @property {Transaction} tx
 * @property {() => void} resolve
 * @property {(reason: unknown) => void} reject
 * @property {() => Promise<void>} done PGlite's transaction(): settles once COMMIT or ROLLBACK ran.
 */
/**
 * A named (prepared) statement: its name and its parameters' type oids.
 * @typedef {object} NamedStatement
 * @property {string} name
 * @property {number[]} types
 */

if (!parentPort) throw new Error('worker.mjs runs as a worker thread: pglite/client.ts starts it.');
const port = parentPort;
/** @type {WorkerData} */
const data = workerData;

/**
 * As Drizzle's PGlite session asks: dates, instants and intervals (and their arrays) stay text.
 * @param {string} value
 */
const raw = (value) => value;
/** @type {ParserOptions} */
const PARSERS = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((t) => [
    t,
    raw,
  ]),
);

/** @type {readonly ErrorField[]} What the main thread needs to rebuild a PostgreSQL error (errors.ts reads code, detail…). */
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
/**
 * @param {unknown} error
 * @returns {WorkerError}
 */
const errorOf = (error) => {
  /** @type {WorkerError} */
  const out = { message: error instanceof Error ? error.message : String(error) };
  if (typeof error !== 'object' || error === null) return out;
  /** @type {Partial<Record<ErrorField, unknown>>} */
  const fields = error;
  for (const field of ERROR_FIELDS) if (fields[field] !== undefined) out[field] = fields[field];
  return out;
};

// pg_trgm: the search indexes (migration 0005) need it loaded whenever the directory is opened.
const db = await PGlite.create(data.dataDir ?? undefined, { extensions: { pg_trgm } });
// Named statements (below) keep one generic plan instead of re-planning each call with its values.
// PostgreSQL's own choice re-planned the DNI lookup every time; measured at 1M debts, generic plans
// doubled DNI and reads and sped up the dashboard, with lists unchanged (docs/performance.md).
await db.exec('SET plan_cache_mode = force_generic_plan');
/** @type {Map<number, OpenTransaction>} Open transactions: id → the transaction and how to end it. */
const open = new Map();
const ROLLBACK = Symbol('rollback');

/**
 * Every message to the main thread goes through here, so tsc checks its shape.
 * @param {FromWorker} message
 */
const send = (message) => port.postMessage(message);
/**
 * @param {number} id
 * @param {Answer} result
 */
const reply = (id, result) => send({ id, ok: true, result });
/**
 * @param {number} id
 * @param {unknown} error
 */
const fail = (id, error) => send({ id, ok: false, error: errorOf(error) });

/**
 * @param {QueryCall} call
 * @returns {Promise<Results>}
 */
async function query({ text, params, rowMode, tx }) {
  if (named.has(text))
    return tx === undefined ? namedQuery(text, params, rowMode) : namedQueryIn(tx, text, params, rowMode);
  // isPlannedPerCall of db/namedStatements.ts, which this file cannot import (only its RegExps come).
  const perCall = RULE.idsFound.test(text) || (RULE.textSearch.test(text) && !RULE.planOnce.test(text));
  if (!perCall && named.size < RULE.max && RULE.reads.test(text)) {
    return tx === undefined ? namedQuery(text, params, rowMode) : namedQueryIn(tx, text, params, rowMode);
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

/**
 * @param {Target} target
 * @param {string} text
 * @param {unknown[]} params
 * @param {RowMode} rowMode
 * @returns {Promise<Results>}
 */
async function run(target, text, params, rowMode) {
  const { rows, fields, affectedRows } = await target.query(text, params, { rowMode, parsers: PARSERS });
  if (TYPE_DDL.test(text)) typesChanged = true;
  if (target === db) await refreshTypesIfChanged();
  return { rows, fields, affectedRows };
}

/**
 * PGlite learns the array types (their OIDs, to send a JS array as a parameter) when it opens: an
 * enum made later by a migration (debt_status[]) would go as "a,b". After such DDL commits, it asks
 * again through its public refreshArrayTypes() (not inside the transaction: it would wait for it).
 */
const TYPE_DDL = /\b(CREATE|ALTER|DROP)\s+(TYPE|DOMAIN)\b/i;
let typesChanged = false;
async function refreshTypesIfChanged() {
  if (!typesChanged || open.size > 0) return;
  typesChanged = false;
  // Not the caller's failure (its statement went through): try again after the next one.
  await db.refreshArrayTypes().catch(() => {
    typesChanged = true;
  });
}

/**
 * Reads run as named statements, by the same rule as on PostgreSQL (db/namedStatements.ts, passed in
 * workerData), outside a transaction and inside one: parsed and planned once, then only bound and
 * executed, in one call into PGlite instead of six. PGlite's query() parses and plans every time,
 * which cost more than most of our reads.
 */
const RULE = data.named;
/** @type {Map<string, NamedStatement>} SQL text → its statement's name and parameter types. */
const named = new Map();
const { serialize } = protocol;
/** @param {...Uint8Array} messages */
const join = (...messages) => Buffer.concat(messages);

/**
 * The locks PGlite's own query() takes, in its order: the transaction lock (held by an open
 * transaction from BEGIN to COMMIT), then the query lock. PGlite's only public lock, runExclusive(),
 * takes the query lock alone, which would let a named read run inside another caller's open
 * transaction. These two methods are PGlite's internals (declared in its types, not documented):
 * test/pgliteVersion.test.ts pins the version and checks they are still there.
 * @template T
 * @param {() => Promise<T>} fn
 * @returns {Promise<T>}
 */
const exclusively = (fn) => db._runExclusiveTransaction(() => db._runExclusiveQuery(fn));

/**
 * @param {string} text
 * @returns {Promise<NamedStatement>}
 */
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

/**
 * @param {string} text
 * @param {unknown[]} params
 * @param {RowMode} rowMode
 * @returns {Promise<Results>}
 */
function namedQuery(text, params, rowMode) {
  // The same locks PGlite's own query() takes: no other query, nor a transaction, in between.
  return exclusively(() => runNamed(text, params, rowMode, true));
}

/**
 * The same inside open transaction `tx` (issue 31: a payment's write reads its debt, locks it and
 * reads its ledger inside its transaction, each read parsed and planned anew): the transaction holds
 * PGlite's transaction lock from BEGIN to COMMIT, so only the query lock, as the transaction's own
 * query() takes it; nothing written to disk before COMMIT, as there. A statement prepared inside a
 * transaction outlives it (prepared statements are not transactional), as one prepared outside.
 * @param {number} tx
 * @param {string} text
 * @param {unknown[]} params
 * @param {RowMode} rowMode
 * @returns {Promise<Results>}
 */
function namedQueryIn(tx, text, params, rowMode) {
  if (!open.has(tx)) return Promise.reject(new Error('La transacción ya terminó.'));
  return db._runExclusiveQuery(() => runNamed(text, params, rowMode, false));
}

/**
 * Bind/Describe/Execute/Sync of the statement named for `text` (prepared on first use), in one call.
 * @param {string} text
 * @param {unknown[]} params
 * @param {RowMode} rowMode
 * @param {boolean} syncToFs
 * @returns {Promise<Results>}
 */
async function runNamed(text, params, rowMode, syncToFs) {
  const statement = named.get(text) ?? (await prepareNamed(text));
  const values = params.map((value, index) => {
    if (value === null || value === undefined) return null;
    const type = statement.types[index];
    const serializer = type === undefined ? undefined : db.serializers[type];
    if (serializer) return serializer(value);
    return Array.isArray(value) ? types.arraySerializer(value, undefined, type ?? 0) : String(value);
  });
  const { messages } = await db.execProtocol(
    join(
      serialize.bind({ statement: statement.name, values }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    ),
    { syncToFs },
  );
  const [result] = parse.parseResults(messages, db.parsers, { rowMode, parsers: PARSERS });
  return {
    rows: result?.rows ?? [],
    fields: result?.fields ?? [],
    affectedRows: result?.affectedRows ?? 0,
  };
}

/**
 * Opens a transaction and answers its id once BEGIN ran; it stays open until `end`.
 * @param {number} id
 */
function begin(id) {
  /** @type {Promise<void>} */
  let ended;
  const done = db.transaction((tx) => {
    /** @type {Promise<void>} Settled by `end`: until then the transaction stays open. */
    const held = new Promise((resolve, reject) => {
      open.set(id, { tx, resolve, reject, done: () => ended });
      reply(id, id);
    });
    return held;
  });
  ended = done;
  // A failure to begin reaches the caller; a failure to end is answered by `end`.
  done.catch((error) => {
    if (!open.has(id)) fail(id, error);
  });
}

/**
 * @param {EndCall} call
 * @returns {Promise<void>}
 */
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
  await refreshTypesIfChanged();
}

port.on('message', (/** @type {Request} */ message) => {
  if (message.op === 'begin') return begin(message.id);
  const work = message.op === 'query' ? query(message) : message.op === 'end' ? end(message) : db.close();
  work.then(
    (result) => reply(message.id, result ?? null),
    (error) => fail(message.id, error),
  );
});
send({ ready: true });
