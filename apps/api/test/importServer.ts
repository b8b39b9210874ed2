import type { RunnerTiming } from '../src/jobs';
import { serve } from '../src/serve';

/**
 * The real server (src/serve.ts) for imports-process.test.ts: short job timings, so a lost import is
 * noticed in about a second, and batches of IMPORT_TEST_BATCH_ROWS rows (env, default 20) so a
 * file of a few thousand rows is still mid-way when the test kills the process.
 */
const batchRows = Number(process.env.IMPORT_TEST_BATCH_ROWS ?? 20);

/** jobServer.ts's timings (that file starts its own server when imported). */
const PROCESS_TEST_TIMING: Partial<RunnerTiming> = {
  pollMs: 200,
  heartbeatMs: 200,
  staleMs: 1500,
  progressMs: 0,
  backoffMs: 200,
  shutdownMs: 3000,
};

await serve({ jobs: { timing: PROCESS_TEST_TIMING }, imports: { batchRows } });
