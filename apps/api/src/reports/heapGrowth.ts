import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the old generation grow past what its last full collection kept, in percent, while
 * a long report is being written. V8's own factor (up to 4×) let a 100 000-row client-debt workbook
 * grow the process by 100–260 MB of short-lived garbage that outlives each batch's awaits; with 20 %,
 * by 16–146 MB on the first download (median 24 in five runs) and 4–6 MB on the next. Only while a
 * report runs: set for the whole process, the more frequent full collections lengthened the tail of
 * every other request (DNI p99 79 → 142 ms at 50 connections; issue 20).
 */
const REPORT_HEAP_GROWING_PERCENT = 20;
/** V8's default: its own factor, chosen by the speed of collection. */
const V8_DEFAULT = 0;

let running = 0;

/** Runs `work` with the report's heap growth; the last report to finish gives V8 its default back. */
export async function withReportHeapGrowth<T>(work: () => Promise<T>): Promise<T> {
  if (running++ === 0) setFlagsFromString(`--heap-growing-percent=${REPORT_HEAP_GROWING_PERCENT}`);
  try {
    return await work();
  } finally {
    if (--running === 0) setFlagsFromString(`--heap-growing-percent=${V8_DEFAULT}`);
  }
}

/** How many reports hold the setting now (for tests). */
export const reportsHoldingHeapGrowth = () => running;
