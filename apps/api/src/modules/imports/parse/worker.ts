/**
 * The import's file reading on its own thread (issue 16): parsing an .xlsx and validating its rows is
 * CPU work (≈ 5 s for 100 000 rows) that would otherwise share the thread answering every request,
 * and its garbage stays in this thread's heap, capped by the resourceLimits its parent sets.
 * Started by inWorker.ts; the messages are the ones declared there.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { cellText, toImportRow } from '@cobranzas/shared/imports';
import { ImportFileError } from './errors';
import type { ToMain, WorkerTask } from './inWorker';
import { readRows, type SheetRow } from './rows';

const port = parentPort;
if (!port) throw new Error('worker.ts corre como hilo de inWorker.ts.');
const task = workerData as WorkerTask;
const post = (message: ToMain) => port.postMessage(message);

/** Resolves when the main thread asks for the next batch. */
let wanted: (() => void) | null = null;
let credit = 0;
port.on('message', () => {
  credit++;
  wanted?.();
});
const nextWanted = () =>
  credit > 0
    ? Promise.resolve(void credit--)
    : new Promise<void>((resolve) => {
        wanted = () => {
          wanted = null;
          credit--;
          resolve();
        };
      });

async function run() {
  const source = await readRows({ path: task.path }, task.kind, task.limits);
  try {
    if (task.type === 'scan') {
      const sample: SheetRow[] = [];
      let totalRows = 0;
      for await (const row of source) {
        totalRows++;
        if (sample.length < task.sampleRows) sample.push(row);
        else if (!task.all) break;
      }
      post({ type: 'scan', headers: source.headers, sample, totalRows: task.all ? totalRows : null });
      return;
    }
    let index = 0;
    let batch: ToMainBatch['rows'] = [];
    for await (const row of source) {
      index++;
      if (index <= task.skip) continue;
      batch.push({
        rowNumber: row.rowNumber,
        cells: task.headers.map((h) => cellText(row.cells[h])),
        read: toImportRow(row.cells, task.mapping),
      });
      if (batch.length >= task.batchRows) {
        await nextWanted();
        post({ type: 'batch', rows: batch, processedRows: index });
        batch = [];
      }
    }
    await nextWanted();
    if (batch.length > 0) post({ type: 'batch', rows: batch, processedRows: index });
    post({ type: 'end' });
  } finally {
    await source.close();
  }
}

type ToMainBatch = Extract<ToMain, { type: 'batch' }>;

run().catch((error: unknown) => {
  post(
    error instanceof ImportFileError
      ? { type: 'error', code: error.code, message: error.message }
      : { type: 'error', message: error instanceof Error ? error.message : String(error) },
  );
});
