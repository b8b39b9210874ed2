/**
 * What the day's refresh of the stored queue costs (issue 38, migrations 0045–0046), on generated data:
 *
 *   node --import tsx apps/api/bench/queueRefresh.ts [--debts 5000000] [--database-url URL]
 *
 * - the first fill (an empty queue_ranks, as after the migration or a restore of an older day);
 * - the next day's refresh (only the rows whose rank the date changes are written), then today's
 *   again, so the data is left as it was found: today's table;
 * - how long one range of QUEUE_RANKS_RANGE debt ids holds the lock a COMMIT waits for (the
 *   longest), which is how long a collector's contact can wait during a refresh.
 * Wall-clock times on whatever else the machine runs: run it alone.
 */
import { agencyToday, nextDay } from '@cobranzas/shared';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../src/db/bulk';
import type { Db } from '../src/db/client';
import { QUEUE_RANKS_RANGE, refreshQueueRanks } from '../src/modules/queue/ranks';
import { openData, parseDataArgs } from './data';

const argv = process.argv.slice(2);
const debts = argv.includes('--debts') ? argv[argv.indexOf('--debts') + 1] : '1000000';
const options = parseDataArgs(['--db', 'postgres', '--debts', debts ?? '1000000', ...argv]);

const seconds = (from: number) => ((performance.now() - from) / 1000).toFixed(1);

/** The longest single range, timed apart on the day the table holds (it writes nothing new). */
async function longestRange(db: Db, day: string) {
  const [last] = rowsOf<{ id: number }>(await db.execute(sql`SELECT max(id) AS id FROM debts`));
  let longest = 0;
  for (let first = 1; first <= Number(last?.id ?? 0); first += QUEUE_RANKS_RANGE) {
    const started = performance.now();
    await db.execute(
      sql`SELECT queue_ranks_refresh_range(${day}::date, ${first}, ${first + QUEUE_RANKS_RANGE})`,
    );
    longest = Math.max(longest, performance.now() - started);
  }
  return longest;
}

const database = await openData(options);
try {
  const { db } = database;
  const today = agencyToday();
  await db.execute(sql`TRUNCATE queue_ranks`);
  await db.execute(
    sql`UPDATE counters SET value = 0 WHERE name IN ('queue_ranks_day', 'queue_ranks_target')`,
  );
  let started = performance.now();
  const filled = await refreshQueueRanks(db, today);
  console.log(`primera carga: ${seconds(started)} s, ${filled} filas`);
  await db.execute(sql`VACUUM ANALYZE queue_ranks`);
  started = performance.now();
  const tomorrow = await refreshQueueRanks(db, nextDay(today));
  console.log(`el día siguiente: ${seconds(started)} s, ${tomorrow} filas cambiadas`);
  // Back to today: the counters only move forward, so they are set back by hand.
  await db.execute(
    sql`UPDATE counters SET value = 0 WHERE name IN ('queue_ranks_day', 'queue_ranks_target')`,
  );
  started = performance.now();
  const back = await refreshQueueRanks(db, today);
  console.log(`de vuelta a hoy: ${seconds(started)} s, ${back} filas cambiadas`);
  const longest = await longestRange(db, today);
  console.log(`el tramo más largo (${QUEUE_RANKS_RANGE} ids, sin cambios): ${longest.toFixed(0)} ms`);
} finally {
  await database.close();
}
