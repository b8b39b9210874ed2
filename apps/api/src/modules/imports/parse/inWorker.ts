/**
 * Reads an import's file (read.ts) on a worker thread (worker.ts) unless it is small: the file's
 * first rows and row count (the upload's check), or its validated rows in batches, one batch ahead
 * of the caller at most. What the main thread keeps of the work is the database's part. A worker's
 * heap is capped, so a file that inflates without bound (issue 30: 500 KB of .xlsx whose texts are
 * 460 MB) ends that worker, not the server. A small file is read here, since a worker's start
 * (≈ 0,3 s to load its TypeScript) costs more than reading it: small means a file of at most
 * IN_THREAD_MAX_BYTES that declares it inflates to at most IN_THREAD_MAX_INFLATED (a zip that lies
 * about its sizes is stopped at the size it declares: parse/zip.ts).
 */
import { stat } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import { DEFAULT_READ_LIMITS, FILE_ERRORS, ImportFileError, type ImportFileErrorCode } from './errors';
import {
  type Batch,
  type BatchOptions,
  readBatches,
  type ScanOptions,
  type ScanResult,
  scanRows,
} from './read';
import type { ImportKind } from './rows';
import { declaredXlsxSize } from './xlsx';

/** Files up to this size may be read on the calling thread (a few thousand rows, tens of milliseconds). */
export const IN_THREAD_MAX_BYTES = 512 * 1024;
/** What an .xlsx read on the calling thread may inflate to (its XML, every part together). */
export const IN_THREAD_MAX_INFLATED = 8 * 1024 * 1024;
/** The longest a worker may take to scan a file (the upload's check reads every row of 50 MB). */
export const SCAN_TIME_LIMIT_MS = 120_000;

export type WorkerTask = { path: string; kind: ImportKind } & (
  | ({ type: 'scan' } & ScanOptions)
  | ({ type: 'batches' } & BatchOptions)
);

export type ToMain =
  | ({ type: 'scan' } & ScanResult)
  | ({ type: 'batch' } & Batch)
  | { type: 'end' }
  | { type: 'error'; code?: ImportFileErrorCode; message: string };

/** Whether the file is read on this thread, and with which limits. */
async function inThread<T extends { limits?: ScanOptions['limits'] }>(
  path: string,
  kind: ImportKind,
  options: T,
): Promise<T | null> {
  if ((await stat(path)).size > IN_THREAD_MAX_BYTES) return null;
  if (kind === 'xlsx' && (await declaredXlsxSize(path)) > IN_THREAD_MAX_INFLATED) return null;
  const cap = Math.min(
    options.limits?.maxUncompressedBytes ?? DEFAULT_READ_LIMITS.maxUncompressedBytes,
    IN_THREAD_MAX_INFLATED,
  );
  return { ...options, limits: { ...options.limits, maxUncompressedBytes: cap } };
}

/**
 * The worker's heap: a 100 000-row .xlsx keeps ≈ 50 MB of shared strings plus each batch; past the
 * cap the file is refused (OUT_OF_MEMORY) rather than the server's memory growing without bound.
 */
const RESOURCE_LIMITS = { maxOldGenerationSizeMb: 192, maxYoungGenerationSizeMb: 16 };

export const OUT_OF_MEMORY_MESSAGE =
  'El archivo es demasiado grande para leerlo de una vez (demasiados textos distintos). Divídalo en partes.';

/** Readers at once in this process (each may take its heap cap): the others wait their turn. */
const MAX_READERS = 3;
let readers = 0;
const waiting: (() => void)[] = [];

async function start(task: WorkerTask) {
  while (readers >= MAX_READERS) await new Promise<void>((resolve) => waiting.push(resolve));
  readers++;
  // worker.mjs loads worker.ts through tsx, as the server's own TypeScript is.
  const worker = new Worker(new URL('./worker.mjs', import.meta.url), {
    workerData: task,
    resourceLimits: RESOURCE_LIMITS,
  });
  worker.once('exit', () => {
    readers--;
    waiting.shift()?.();
  });
  return worker;
}

function failure(message: Extract<ToMain, { type: 'error' }>): Error {
  return message.code ? new ImportFileError(message.code, message.message) : new Error(message.message);
}

function crashed(error: Error & { code?: string }): Error {
  return error.code === 'ERR_WORKER_OUT_OF_MEMORY'
    ? new ImportFileError('TOO_LARGE', OUT_OF_MEMORY_MESSAGE, { cause: error })
    : error;
}

/** Headers, the first `sampleRows` rows and (with `all`) the number of data rows. */
export async function scanFile(
  path: string,
  kind: ImportKind,
  options: ScanOptions,
  timeLimitMs = SCAN_TIME_LIMIT_MS,
): Promise<ScanResult> {
  const here = await inThread(path, kind, options);
  if (here) return scanRows(path, kind, here);
  return start({ type: 'scan', path, kind, ...options }).then(
    (worker) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          reject(FILE_ERRORS.tooSlow(Math.round(timeLimitMs / 1000)));
          void worker.terminate();
        }, timeLimitMs);
        worker.once('exit', () => clearTimeout(timer));
        worker.once('message', (message: ToMain) => {
          if (message.type === 'scan') resolve(message);
          else if (message.type === 'error') reject(failure(message));
          void worker.terminate();
        });
        worker.once('error', (error) => reject(crashed(error)));
        worker.once('exit', (code) =>
          reject(new Error(`La lectura del archivo terminó antes de tiempo (${code}).`)),
        );
      }),
  );
}

/** The file's rows after `skip`, read and validated, in batches of `batchRows`. */
export async function* batchesOf(
  path: string,
  kind: ImportKind,
  options: BatchOptions,
): AsyncGenerator<Batch> {
  const here = await inThread(path, kind, options);
  if (here) {
    yield* readBatches(path, kind, here);
    return;
  }
  const worker = await start({ type: 'batches', path, kind, ...options });
  const queue: ToMain[] = [];
  let waiting: (() => void) | null = null;
  let broken: Error | null = null;
  const wake = () => {
    waiting?.();
    waiting = null;
  };
  worker.on('message', (message: ToMain) => {
    queue.push(message);
    wake();
  });
  worker.once('error', (error) => {
    broken = crashed(error);
    wake();
  });
  worker.once('exit', (code) => {
    broken ??= new Error(`La lectura del archivo terminó antes de tiempo (${code}).`);
    wake();
  });
  try {
    // The next batch is read while the caller writes this one.
    worker.postMessage('next');
    for (;;) {
      while (queue.length === 0) {
        if (broken) throw broken;
        await new Promise<void>((resolve) => {
          waiting = resolve;
        });
      }
      const message = queue.shift() as ToMain;
      if (message.type === 'end') return;
      if (message.type === 'error') throw failure(message);
      if (message.type !== 'batch') continue;
      worker.postMessage('next');
      yield message;
    }
  } finally {
    worker.removeAllListeners('message');
    worker.removeAllListeners('error');
    worker.on('error', () => {});
    await worker.terminate();
  }
}
