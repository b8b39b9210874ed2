/**
 * Reads an import's file on a worker thread (worker.ts): the file's first rows and row count (the
 * upload's check), or its validated rows in batches, one batch ahead of the caller at most. What the
 * main thread keeps of the work is the database's part.
 */
import { Worker } from 'node:worker_threads';
import type { ImportMapping } from '@cobranzas/shared';
import type { BatchRow } from '../apply';
import { ImportFileError, type ImportFileErrorCode, type ReadLimits } from './errors';
import type { ImportKind, SheetRow } from './rows';

export type WorkerTask = { path: string; kind: ImportKind; limits?: Partial<ReadLimits> } & (
  | { type: 'scan'; sampleRows: number; all: boolean }
  | { type: 'batches'; mapping: ImportMapping; headers: string[]; skip: number; batchRows: number }
);

export type ToMain =
  | { type: 'scan'; headers: string[]; sample: SheetRow[]; totalRows: number | null }
  | { type: 'batch'; rows: BatchRow[]; processedRows: number }
  | { type: 'end' }
  | { type: 'error'; code?: ImportFileErrorCode; message: string };

/**
 * The worker's heap: a 100 000-row .xlsx keeps ≈ 50 MB of shared strings plus each batch; past the
 * cap the file is refused (OUT_OF_MEMORY) rather than the server's memory growing without bound.
 */
const RESOURCE_LIMITS = { maxOldGenerationSizeMb: 192, maxYoungGenerationSizeMb: 16 };

export const OUT_OF_MEMORY_MESSAGE =
  'El archivo es demasiado grande para leerlo de una vez (demasiados textos distintos). Divídalo en partes.';

function start(task: WorkerTask) {
  // worker.mjs loads worker.ts through tsx, as the server's own TypeScript is.
  return new Worker(new URL('./worker.mjs', import.meta.url), {
    workerData: task,
    resourceLimits: RESOURCE_LIMITS,
  });
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
export function scanFile(
  path: string,
  kind: ImportKind,
  options: { sampleRows: number; all: boolean; limits?: Partial<ReadLimits> },
): Promise<{ headers: string[]; sample: SheetRow[]; totalRows: number | null }> {
  return new Promise((resolve, reject) => {
    const worker = start({ type: 'scan', path, kind, ...options });
    worker.once('message', (message: ToMain) => {
      if (message.type === 'scan') resolve(message);
      else if (message.type === 'error') reject(failure(message));
      void worker.terminate();
    });
    worker.once('error', (error) => reject(crashed(error)));
    worker.once('exit', (code) =>
      reject(new Error(`La lectura del archivo terminó antes de tiempo (${code}).`)),
    );
  });
}

/** The file's rows after `skip`, read and validated, in batches of `batchRows`. */
export async function* batchesOf(
  path: string,
  kind: ImportKind,
  options: { mapping: ImportMapping; headers: string[]; skip: number; batchRows: number },
): AsyncGenerator<{ rows: BatchRow[]; processedRows: number }> {
  const worker = start({ type: 'batches', path, kind, ...options });
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
    worker.removeAllListeners();
    worker.on('error', () => {});
    await worker.terminate();
  }
}
