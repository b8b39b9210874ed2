import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { JobRunner, type RunnerOptions } from './runner';

export { JOB_STATUSES, type Job, type JobStatus } from '../db/schema';
export { announce, cancel, type EnqueueOptions, enqueue, getJob, JOBS_CHANNEL } from './queue';
export {
  INTERNAL_JOB_MESSAGE,
  JOB_TIMING,
  type JobContext,
  JobFailure,
  type JobHandler,
  JobRunner,
  JobStopped,
  LOST_JOB_MESSAGE,
  type RunnerOptions,
  type RunnerTiming,
} from './runner';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's job runner: modules register their kinds with `app.jobs.handle(kind, …)`. */
    jobs: JobRunner;
  }
}

/**
 * The server's job runner (issue 16): `app.jobs`, started when the app is ready (after every module
 * registered its handlers), closed with it. Only buildApp calls this, so the command-line tools
 * (backup, restore, demo), which open the database without an app, never run jobs.
 */
export function registerJobs(app: FastifyInstance, database: Database, options: RunnerOptions = {}) {
  const runner = new JobRunner(database, { log: app.log, ...options });
  app.decorate('jobs', runner);
  app.addHook('onReady', async () => {
    await runner.start();
  });
  app.addHook('onClose', async () => {
    await runner.close();
  });
  return runner;
}
