/**
 * When strategies run by themselves (issue 36): a tick each minute in every API process looks for the
 * occasions of each active strategy's trigger — the day's time reached, an import done, payments
 * recorded, promises broken — and starts a run for each. A run's key is unique per strategy, so two
 * processes that see one occasion start one run; a process down for a while catches up on its
 * next tick (imports, payments and broken promises since the strategy's last run).
 */
import { addDays, agencyClock, agencyDayStart, type StrategyTrigger } from '@cobranzas/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../crud';
import { rowsOf } from '../../db/bulk';
import type { Db } from '../../db/client';
import { strategies, strategyRuns } from '../../db/schema';
import { announce, enqueue } from '../../jobs';
import type { RunScope } from './conditions';
import { type RunDefinition, STRATEGY_JOB } from './run';

export const STRATEGY_TICK_MS = 60_000;
/** A payment recorded within the last minute waits for the next tick: its transaction may still be open. */
const PAYMENT_SETTLE_MS = 60_000;

type StrategyRow = typeof strategies.$inferSelect;

class DuplicateRun extends Error {}

/**
 * Starts a run of `strategy` (a job and its row, in one transaction), or returns null when a run with
 * this key already exists. `createdBy`: who asked (null: its trigger).
 */
export async function startRun(
  db: Executor,
  strategy: StrategyRow,
  source: StrategyTrigger | 'MANUAL',
  runKey: string,
  scope: RunScope,
  createdBy: number | null,
  now: Date = new Date(),
): Promise<number | null> {
  const definition: RunDefinition = {
    name: strategy.name,
    conditions: strategy.conditions as RunDefinition['conditions'],
    actions: strategy.actions as RunDefinition['actions'],
    createdBy: strategy.createdBy,
  };
  try {
    const id = await db.transaction(async (tx) => {
      const job = await enqueue(tx, STRATEGY_JOB, { strategyId: strategy.id }, { createdBy });
      const [run] = await tx
        .insert(strategyRuns)
        .values({
          strategyId: strategy.id,
          jobId: job.id,
          source,
          runKey,
          scope,
          definition,
          runDate: agencyClock(now).date,
          createdBy,
        })
        .onConflictDoNothing()
        .returning({ id: strategyRuns.id });
      if (!run) throw new DuplicateRun();
      return run.id;
    });
    // Inside a caller's transaction the job is visible only at its commit: the caller announces it then.
    if (!('rollback' in db)) announce(STRATEGY_JOB);
    return id;
  } catch (error) {
    if (error instanceof DuplicateRun) return null;
    throw error;
  }
}

const hhmm = (time: string | null) => (time ?? '00:00').slice(0, 5);

/** The occasions a strategy's trigger has now: each a run key and its scope. */
async function occasions(
  db: Db,
  strategy: StrategyRow,
  now: Date,
): Promise<{ key: string; scope: RunScope }[]> {
  const { date: today, time } = agencyClock(now);
  switch (strategy.trigger) {
    case 'DAILY': {
      const at = hhmm(strategy.runAt);
      // Today once its time came, and yesterday when a late tick missed it (a restart, a busy minute);
      // a strategy saved (created, edited, activated) after a day's time runs from the next day.
      const days = [addDays(today, -1), ...(time >= at ? [today] : [])];
      return days
        .filter((day) => strategy.updatedAt.getTime() <= Date.parse(`${day}T${at}:00-03:00`))
        .map((day) => ({ key: `daily:${day}`, scope: { kind: 'ALL' } as RunScope }));
    }
    case 'AFTER_IMPORT': {
      const done = rowsOf<{ id: number }>(
        await db.execute(sql`SELECT i.id FROM imports i JOIN jobs j ON j.id = i.job_id
          WHERE j.status = 'done' AND j.finished_at >= ${strategy.createdAt.toISOString()}::timestamptz
            AND NOT EXISTS (SELECT 1 FROM strategy_runs r WHERE r.strategy_id = ${strategy.id}
              AND r.run_key = 'import:' || i.id)
          ORDER BY i.id LIMIT 20`),
      );
      return done.map((i) => ({ key: `import:${i.id}`, scope: { kind: 'IMPORT', importId: i.id } }));
    }
    case 'AFTER_PAYMENT': {
      const [last] = rowsOf<{ up_to: number | null }>(
        await db.execute(sql`SELECT max((scope->>'upToId')::int) AS up_to FROM strategy_runs
          WHERE strategy_id = ${strategy.id} AND source = 'AFTER_PAYMENT'`),
      );
      // The first time: the payments recorded since the strategy exists.
      const [baseline] =
        last?.up_to != null
          ? [{ id: last.up_to }]
          : rowsOf<{ id: number }>(
              await db.execute(sql`SELECT coalesce((SELECT id FROM ledger
                WHERE created_at < ${strategy.createdAt.toISOString()}::timestamptz ORDER BY id DESC LIMIT 1), 0) AS id`),
            );
      const afterId = baseline?.id ?? 0;
      const [next] = rowsOf<{ up_to: number | null }>(
        await db.execute(sql`SELECT max(id) AS up_to FROM ledger WHERE id > ${afterId}
          AND kind IN ('PAYMENT', 'DEPOSIT')
          AND created_at < ${new Date(now.getTime() - PAYMENT_SETTLE_MS).toISOString()}::timestamptz`),
      );
      if (next?.up_to == null) return [];
      return [
        {
          key: `payments:${afterId}-${next.up_to}`,
          scope: { kind: 'PAYMENTS', afterId, upToId: next.up_to },
        },
      ];
    }
    case 'PROMISE_BROKEN': {
      // A promise is broken the day after its last day to be kept: today's are those of yesterday.
      const yesterday = addDays(today, -1);
      const [last] = rowsOf<{ to: string | null }>(
        await db.execute(sql`SELECT max(scope->>'to') AS to FROM strategy_runs
          WHERE strategy_id = ${strategy.id} AND source = 'PROMISE_BROKEN'`),
      );
      const from = last?.to ? addDays(last.to, 1) : yesterday;
      if (from > yesterday || strategy.createdAt.getTime() > Date.parse(agencyDayStart(today))) return [];
      return [{ key: `promises:${today}`, scope: { kind: 'BROKEN_PROMISES', from, to: yesterday } }];
    }
  }
}

/**
 * One tick: starts the runs whose occasion came. Returns the runs started. Each strategy's occasions
 * are worked out and started under a lock of its own (held to the commit): two processes ticking at
 * once see each other's runs, so their keys (a payments range) cannot overlap.
 */
export async function scheduleStrategies(db: Db, now: Date = new Date()): Promise<number[]> {
  const started: number[] = [];
  for (const { id } of await db
    .select({ id: strategies.id })
    .from(strategies)
    .where(eq(strategies.active, true))) {
    const ids = await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${STRATEGY_LOCK}, ${id})`);
      const [strategy] = await tx.select().from(strategies).where(eq(strategies.id, id));
      if (!strategy?.active) return [];
      const mine: number[] = [];
      for (const { key, scope } of await occasions(tx, strategy, now)) {
        const run = await startRun(tx, strategy, strategy.trigger, key, scope, null, now);
        if (run !== null) mine.push(run);
      }
      return mine;
    });
    if (ids.length > 0) announce(STRATEGY_JOB);
    started.push(...ids);
  }
  return started;
}

/** The advisory locks' first key: the strategies' (the second is the strategy's id). */
const STRATEGY_LOCK = 36;

/** The tick, in this process, from the app's start to its close. */
export function scheduleStrategyTicks(app: FastifyInstance, db: Db, everyMs = STRATEGY_TICK_MS) {
  const tick = () =>
    scheduleStrategies(db).catch((error: unknown) => app.log.warn({ err: error }, 'estrategias programadas'));
  const timer = setInterval(tick, everyMs);
  timer.unref();
  app.addHook('onClose', (_instance, done) => {
    clearInterval(timer);
    done();
  });
}
