import { agencyToday } from '@cobranzas/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rowsOf } from '../../db/bulk';
import type { Db } from '../../db/client';

/**
 * queue_ranks, the queue scored for one agency day (migration 0045), redone for `today` when its day
 * is older: once a day across processes (the counter queue_ranks_day, held for the transaction), only
 * the rows whose rank changed. Returns how many rows it wrote or removed, or null when already done.
 */
export async function refreshQueueRanks(db: Db, today = agencyToday()): Promise<number | null> {
  const [row] = rowsOf<{ changed: number }>(
    await db.execute(sql`SELECT queue_ranks_refresh(${today}::date) AS changed`),
  );
  const changed = Number(row?.changed ?? -1);
  return changed < 0 ? null : changed;
}

/** The agency day queue_ranks holds (YYYY-MM-DD), or null before its first refresh. */
export async function queueRanksDay(db: Db): Promise<string | null> {
  const [row] = rowsOf<{ day: string | null }>(
    await db.execute(sql`SELECT CASE WHEN value > 0 THEN to_char(to_date(value::text, 'YYYYMMDD'), 'YYYY-MM-DD') END AS day
      FROM counters WHERE name = 'queue_ranks_day'`),
  );
  return row?.day ?? null;
}

/** How often the server looks whether the agency day changed (a look is a string comparison). */
export const QUEUE_RANKS_EVERY_MS = 60_000;

/**
 * Keeps queue_ranks on today: a refresh at start and at the first look of each new day, in the
 * background (at 1M debts the first one takes seconds; until it ends the queue scores each call, as
 * before). A failure is logged and tried at the next look. `freshFor(today)` says whether a page may
 * read the table: it asks the database only until it has seen today once.
 */
export function scheduleQueueRanks(app: FastifyInstance, db: Db, everyMs = QUEUE_RANKS_EVERY_MS) {
  let doneFor: string | null = null;
  let running: Promise<void> | null = null;
  const run = () => {
    const today = agencyToday();
    if (doneFor === today || running) return running;
    running = refreshQueueRanks(db, today)
      .then(() => {
        doneFor = today;
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'cola del día'))
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(run, everyMs);
  timer.unref();
  app.addHook('onReady', async () => {
    void run();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
  let seen: string | null = null;
  return {
    /** Waits for the refresh under way, if any (tests, and a process that must answer from the table). */
    settled: async () => {
      await running;
    },
    freshFor: async (today: string) => {
      if (seen === today) return true;
      seen = await queueRanksDay(db);
      return seen === today;
    },
  };
}
