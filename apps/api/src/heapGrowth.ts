import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * How far V8 lets the old generation grow past what its last full collection kept, in percent, while
 * long work runs: a big report being written, an import being applied. Both make short-lived garbage
 * that outlives their batches' awaits, and V8's own factor (up to 4×) left it in the heap: a
 * 100 000-row client-debt workbook grew the process by 100–260 MB (with 20 %, by 16–146 MB on the
 * first download, median 24 in five runs, and 4–6 MB on the next); a 100 000-row import's heap held
 * ≈ 85 MB alive and ≈ 300 MB in all (issue 38). Only while such work runs: set for the whole process,
 * the more frequent full collections lengthened the tail of every other request (DNI p99 79 → 142 ms
 * at 50 connections; issue 20).
 */
const LONG_WORK_HEAP_GROWING_PERCENT = 20;
/** V8's default: its own factor, chosen by the speed of collection. */
const V8_DEFAULT = 0;

let running = 0;

/**
 * A full collection, now. V8 sets the old generation's next limit when a full collection ends: the
 * lower growth only counts from the next one, and the limit left by the last (V8's factor over what
 * lived then) let a 100 000-row import's heap reach ≈ 390 MB before any came. One collection as such
 * work starts (tens of milliseconds) makes the lower growth hold from there. V8's `gc` is exposed
 * once per process, the first time it is wanted, and the flag is left as it is from then on.
 */
let gc: (() => void) | undefined;
function collectNow() {
  if (!gc) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as (() => void) | undefined;
  }
  gc?.();
}

export interface LongWorkOptions {
  /** A full collection first: for work big enough to grow the heap by many MB (an import of thousands of rows). */
  collectFirst?: boolean;
}

/** Runs `work` with the lower heap growth; the last one to finish gives V8 its default back. */
export async function withLongWorkHeapGrowth<T>(
  work: () => Promise<T>,
  { collectFirst = false }: LongWorkOptions = {},
): Promise<T> {
  if (running++ === 0) setFlagsFromString(`--heap-growing-percent=${LONG_WORK_HEAP_GROWING_PERCENT}`);
  if (collectFirst) collectNow();
  try {
    return await work();
  } finally {
    if (--running === 0) setFlagsFromString(`--heap-growing-percent=${V8_DEFAULT}`);
  }
}

/** How many long works hold the setting now (for tests). */
export const longWorksHoldingHeapGrowth = () => running;
