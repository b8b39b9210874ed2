/**
 * The import's file reading on its own thread (issue 16): parsing an .xlsx and validating its rows is
 * CPU work (≈ 5 s for 100 000 rows) that would otherwise share the thread answering every request,
 * and its garbage stays in this thread's heap, capped by the resourceLimits its parent sets.
 * Started by inWorker.ts (through worker.mjs); the messages are the ones declared there.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { ImportFileError } from './errors';
import type { ToMain, WorkerTask } from './inWorker';
import { readBatches, scanRows } from './read';

const port = parentPort;
if (!port) throw new Error('worker.ts corre como hilo de inWorker.ts.');
const task = workerData as WorkerTask;
const post = (message: ToMain) => port.postMessage(message);

// Each 'next' from the main thread lets one more batch go: at most one waits beyond the one in use.
let credit = 0;
let wanted: (() => void) | null = null;
port.on('message', () => {
  credit++;
  wanted?.();
});
async function nextWanted() {
  while (credit === 0)
    await new Promise<void>((resolve) => {
      wanted = resolve;
    });
  wanted = null;
  credit--;
}

async function run() {
  if (task.type === 'scan') {
    post({ type: 'scan', ...(await scanRows(task.path, task.kind, task)) });
    return;
  }
  for await (const batch of readBatches(task.path, task.kind, task)) {
    await nextWanted();
    post({ type: 'batch', ...batch });
  }
  await nextWanted();
  post({ type: 'end' });
}

run().catch((error: unknown) => {
  post(
    error instanceof ImportFileError
      ? { type: 'error', code: error.code, message: error.message }
      : { type: 'error', message: error instanceof Error ? error.message : String(error) },
  );
});
