import { z } from 'zod';
import { enqueue, getJob } from '../src/jobs';
import { serve } from '../src/serve';
import { PROCESS_TEST_TIMING } from './jobTiming';

/**
 * The real server (src/serve.ts, as `npm start` runs it) plus, for the process tests of the job
 * runner (jobs-process.test.ts), a test job kind and two unauthenticated routes to drive it. None
 * of this is in the product: only this entry file registers it.
 *
 * - kind `test.steps`, payload `{ steps, stepMs }`: sleeps stepMs per step and reports
 *   `progress({ step })`; a later attempt resumes after the last step reported. Its result says
 *   from which step each attempt started.
 * - `POST /test/jobs` `{ payload, maxAttempts }` → the job; `GET /test/jobs/:id` → the job.
 */
export const TEST_JOB_KIND = 'test.steps';

const stepsPayload = z.object({ steps: z.number().int().min(1), stepMs: z.number().int().min(0) });
const progressOf = z.object({ step: z.number().int() }).nullable().catch(null);
const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

await serve({
  jobs: { timing: PROCESS_TEST_TIMING, concurrency: 2 },
  setup(app, database) {
    app.jobs.handle(TEST_JOB_KIND, async (job, { progress, signal }) => {
      const { steps, stepMs } = stepsPayload.parse(job.payload);
      const from = (progressOf.parse(job.progress)?.step ?? 0) + 1;
      for (let step = from; step <= steps; step++) {
        await sleep(stepMs, signal);
        await progress({ step });
      }
      return { steps, resumedFrom: from, attempt: job.attempts };
    });
    app.post('/test/jobs', async (request, reply) => {
      const body = z
        .object({ payload: stepsPayload, maxAttempts: z.number().int().optional() })
        .parse(request.body);
      const job = await enqueue(database.db, TEST_JOB_KIND, body.payload, { maxAttempts: body.maxAttempts });
      return reply.code(201).send(job);
    });
    app.get('/test/jobs/:id', async (request) => {
      const job = await getJob(database.db, Number((request.params as { id: string }).id));
      return job ?? {};
    });
  },
});
