import type { RunnerTiming } from '../src/jobs';

/**
 * The job runner's short timings for servers started as child processes (jobServer.ts,
 * importServer.ts) and for bench/jobs.ts: a lost job is noticed in about a second. Its own module,
 * since those servers start when imported.
 */
export const PROCESS_TEST_TIMING: Partial<RunnerTiming> = {
  pollMs: 200,
  heartbeatMs: 200,
  staleMs: 1500,
  progressMs: 0,
  backoffMs: 200,
  shutdownMs: 3000,
};
