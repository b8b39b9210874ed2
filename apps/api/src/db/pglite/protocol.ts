/**
 * The messages between the main thread (./client.ts) and PGlite's worker thread (./worker.mjs),
 * typed once for both ends: the worker imports these through JSDoc (`@import`), so tsc checks it
 * too (apps/api/tsconfig.json: allowJs, checkJs). Types only: nothing here exists at run time.
 */
import type { NAMED_STATEMENTS } from '../namedStatements';

/** What the worker is started with (`workerData`). */
export interface WorkerData {
  /** PGlite's directory; in memory when undefined. */
  dataDir: string | undefined;
  /** Which statements run as named statements (db/namedStatements.ts; RegExps survive the copy). */
  named: typeof NAMED_STATEMENTS;
}

export type RowMode = 'array' | 'object';

/** A query's answer as PGlite gives it (the part Drizzle reads). */
export interface Results {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

/** One statement, outside any transaction or inside transaction `tx` (the id `begin` answered). */
export interface QueryCall {
  op: 'query';
  text: string;
  params: unknown[];
  rowMode: RowMode;
  tx?: number;
}
/** BEGIN: answered once the transaction is open, with its id. */
export interface BeginCall {
  op: 'begin';
}
/** COMMIT (`commit`) or ROLLBACK of transaction `tx`. */
export interface EndCall {
  op: 'end';
  tx: number;
  commit: boolean;
}
/** Closes PGlite (the client then ends the thread). */
export interface CloseCall {
  op: 'close';
}

/** What the main thread asks, before it is given its id. */
export type Call = QueryCall | BeginCall | EndCall | CloseCall;
export type Op = Call['op'];
/** A call as posted to the worker: `id` comes back in its reply. */
export type Request = Call & { id: number };

/** What each call is answered with. */
export interface Answers {
  query: Results;
  begin: number;
  end: null;
  close: null;
}
export type Answer = Answers[Op];

/** The PostgreSQL fields of an error that the main thread rebuilds (errors.ts reads code, detail…). */
export type ErrorField =
  | 'code'
  | 'detail'
  | 'hint'
  | 'constraint'
  | 'table'
  | 'column'
  | 'schema'
  | 'severity'
  | 'position';
/** An error as it crosses threads: its message and whichever of those fields it had. */
export type WorkerError = { message: string } & Partial<Record<ErrorField, unknown>>;

export type Reply = { id: number; ok: true; result: Answer } | { id: number; ok: false; error: WorkerError };
/** Posted once, when PGlite is open. */
export interface Ready {
  ready: true;
}
/** Whatever the worker posts. */
export type FromWorker = Reply | Ready;
