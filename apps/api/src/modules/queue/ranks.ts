import { agencyToday } from '@cobranzas/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rowsOf } from '../../db/bulk';
import type { Db } from '../../db/client';

/** Debt ids per transaction of the day's refresh: writers wait for one range at most (≈ 0,3 s). */
export const QUEUE_RANKS_RANGE = 50_000;

/**
 * queue_ranks, the queue scored for one agency day (migrations 0045–0046), redone for `today` when its
 * day is older, by ranges of debt ids, each in its own transaction: only the rows whose rank changed
 * are written. Two processes may both do it (each range is the same either way); one stops when it
 * sees the other done. Returns how many rows it wrote or removed, or null when the day was done.
 */
export async function refreshQueueRanks(
  db: Db,
  today = agencyToday(),
  range = QUEUE_RANKS_RANGE,
): Promise<number | null> {
  const [begun] = rowsOf<{ begun: boolean }>(
    await db.execute(sql`SELECT queue_ranks_begin(${today}::date) AS begun`),
  );
  if (!begun?.begun) return null;
  const [last] = rowsOf<{ id: number }>(await db.execute(sql`SELECT coalesce(max(id), 0) AS id FROM debts`));
  let changed = 0;
  for (let first = 1; first <= Number(last?.id ?? 0); first += range) {
    if ((await queueRanksDay(db)) === today) return changed;
    const [done] = rowsOf<{ changed: number }>(
      await db.execute(
        sql`SELECT queue_ranks_refresh_range(${today}::date, ${first}, ${first + range}) AS changed`,
      ),
    );
    changed += Number(done?.changed ?? 0);
  }
  await db.execute(sql`SELECT queue_ranks_finish(${today}::date)`);
  // A page's totals are an index-only count only where the visibility map is set: after the day's
  // rewrites (80 000 rows at 5M, under autovacuum's threshold) they read the heap, 35 ms instead of 3.
  if (changed > 0) await db.execute(sql`VACUUM (ANALYZE) queue_ranks`);
  return changed;
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
    freshFor: async (today: string) => {
      if (seen === today) return true;
      seen = await queueRanksDay(db);
      return seen === today;
    },
  };
}
