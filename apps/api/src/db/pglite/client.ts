import { Worker } from 'node:worker_threads';
import { NAMED_STATEMENTS } from '../namedStatements';
import type {
  Answer,
  Answers,
  Call,
  FromWorker,
  Op,
  Request,
  Results,
  RowMode,
  WorkerData,
} from './protocol';

interface QueryOptions {
  rowMode?: RowMode;
}
/** What Drizzle's PGlite driver calls on a client or on a transaction. */
interface Queryable {
  query(text: string, params?: unknown[], options?: QueryOptions): Promise<Results>;
}

/** The worker's error as an Error with PostgreSQL's fields (code, detail, constraint…), as errors.ts reads them. */
function rebuild(fields: { message: string }): Error {
  return Object.assign(new Error(fields.message), fields);
}

/**
 * PGlite running in a worker thread (./worker.mjs), with the surface Drizzle's PGlite driver uses:
 * `query` and `transaction`. Queries outside a transaction wait for it inside PGlite, as they would
 * on the main thread; what changes is that the main thread keeps serving while a query runs.
 * The messages both ways are typed in ./protocol.ts.
 */
export class PGliteWorkerClient implements Queryable {
  private readonly pending = new Map<number, { resolve(result: Answer): void; reject(error: Error): void }>();
  private next = 1;
  private failure: Error | undefined;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (message: FromWorker) => {
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
    const workerData: WorkerData = { dataDir, named: NAMED_STATEMENTS };
    const worker = new Worker(new URL('./worker.mjs', import.meta.url), { workerData });
    await new Promise<void>((resolve, reject) => {
      worker.once('message', () => resolve());
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`PGlite no pudo abrir la base (salida ${code}).`)));
    });
    return new PGliteWorkerClient(worker);
  }

  private call<O extends Op>(message: Extract<Call, { op: O }>): Promise<Answers[O]> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.next++;
    const request: Request = { ...message, id };
    return new Promise<Answers[O]>((resolve, reject) => {
      // The worker answers each op with its own entry of Answers (worker.mjs, checked against protocol.ts).
      this.pending.set(id, { resolve: (result) => resolve(result as Answers[O]), reject });
      this.worker.postMessage(request);
    });
  }

  query(text: string, params: unknown[] = [], options: QueryOptions = {}): Promise<Results> {
    return this.call({ op: 'query', text, params, rowMode: options.rowMode ?? 'object' });
  }

  /** BEGIN in the worker, `fn`'s queries inside it, then COMMIT — or ROLLBACK when `fn` throws. */
  async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const tx = await this.call({ op: 'begin' });
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
