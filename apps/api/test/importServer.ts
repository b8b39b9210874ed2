import { serve } from '../src/serve';
import { PROCESS_TEST_TIMING } from './jobTiming';

/**
 * The real server (src/serve.ts) for imports-process.test.ts: short job timings, so a lost import is
 * noticed in about a second, and batches of IMPORT_TEST_BATCH_ROWS rows (env, default 20) so a
 * file of a few thousand rows is still mid-way when the test kills the process.
 */
const batchRows = Number(process.env.IMPORT_TEST_BATCH_ROWS ?? 20);

await serve({ jobs: { timing: PROCESS_TEST_TIMING }, imports: { batchRows } });
