import { eq, sql } from 'drizzle-orm';
import { jobs } from '../db/schema';

/**
 * What a record whose work is a job (an import, a reconciliation) shows of it in its list and read:
 * the status word in capitals, the Spanish reason of a failure, when it ended. The record's list
 * joins `jobs` on its job id.
 */
export const jobColumns = {
  status: sql<string>`upper(${jobs.status}::text)`,
  error: sql<string | null>`CASE WHEN ${jobs.status} = 'failed' THEN ${jobs.lastError} END`,
  startedAt: jobs.startedAt,
  finishedAt:
    sql<Date | null>`CASE WHEN ${jobs.status} IN ('done', 'failed', 'cancelled') THEN ${jobs.finishedAt} END`.mapWith(
      jobs.finishedAt,
    ),
};

/** The list filter on that status word (QUEUED, RUNNING, DONE, FAILED, CANCELLED). */
export const jobStatusIs = (value: string) =>
  eq(jobs.status, value.toLowerCase() as (typeof jobs.status.enumValues)[number]);
