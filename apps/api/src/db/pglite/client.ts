import { Worker } from 'node:worker_threads';
import { NAMED_STATEMENTS } from '../namedStatements';

/** A query's answer as PGlite gives it (the part Drizzle reads). */
interface Results {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}
interface QueryOptions {
  rowMode?: 'array' | 'object';
}
/** What Drizzle's PGlite driver calls on a client or on a transaction. */
interface Queryable {
  query(text: string, params?: unknown[], options?: QueryOptions): Promise<Results>;
}

type Reply =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: Record<string, unknown> };

/** The worker's error as an Error with PostgreSQL's fields (code, detail, constraint…), as errors.ts reads them. */
function rebuild(fields: Record<string, unknown>): Error {
  return Object.assign(new Error(String(fields.message)), fields);
}

/**
 * PGlite running in a worker thread (./worker.mjs), with the surface Drizzle's PGlite driver uses:
 * `query` and `transaction`. Queries outside a transaction wait for it inside PGlite, as they would
 * on the main thread; what changes is that the main thread keeps serving while a query runs.
 */
export class PGliteWorkerClient implements Queryable {
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private next = 1;
  private failure: Error | undefined;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (message: Reply | { ready: true }) => {
      if (!('id' in message)) return;
      const call = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.ok) call?.resolve(message.result);
      else call?.reject(rebuild(message.error));
    });
    const stop = (error: Error) => {
      this.failure ??= error;
      for (const call of this.pending.values()) call.reject(this.failure);
      this.pending.clear();
    };
    worker.on('error', stop);
    worker.on('exit', () => stop(new Error('La base de datos embebida se detuvo.')));
  }

  /** Starts the worker on `dataDir` (in memory when undefined) and waits until PGlite is open. */
  static async create(dataDir: string | undefined): Promise<PGliteWorkerClient> {
    const worker = new Worker(new URL('./worker.mjs', import.meta.url), {
      workerData: { dataDir, named: NAMED_STATEMENTS },
    });
    await new Promise<void>((resolve, reject) => {
      worker.once('message', () => resolve());
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`PGlite no pudo abrir la base (salida ${code}).`)));
    });
    return new PGliteWorkerClient(worker);
  }

  private call<T>(message: Record<string, unknown>): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  query(text: string, params: unknown[] = [], options: QueryOptions = {}): Promise<Results> {
    return this.call({ op: 'query', text, params, rowMode: options.rowMode ?? 'object' });
  }

  /** BEGIN in the worker, `fn`'s queries inside it, then COMMIT — or ROLLBACK when `fn` throws. */
  async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const tx = await this.call<number>({ op: 'begin' });
    const inside: Queryable = {
      query: (text, params = [], options = {}) =>
        this.call({ op: 'query', text, params, rowMode: options.rowMode ?? 'object', tx }),
    };
    let result: T;
    try {
      result = await fn(inside);
    } catch (error) {
      await this.call({ op: 'end', tx, commit: false }).catch(() => {});
      throw error;
    }
    await this.call({ op: 'end', tx, commit: true });
    return result;
  }

  async close(): Promise<void> {
    if (!this.failure) await this.call({ op: 'close' });
    await this.worker.terminate();
  }
}
