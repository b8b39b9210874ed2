/**
 * A strategy's run (issue 36), done by the job runner: the debts its conditions take, in id order, a
 * batch at a time. Each batch commits in one transaction what its debts got — the rows saying so
 * (strategy_run_debts, keyed by run and debt), the stage changes, assignments, tasks, stops, one
 * timeline event per debt and their audit rows — with the run's counts and checkpoint. A process
 * killed mid-run resumes after the last committed batch, and a debt already recorded for the run is
 * never acted on again.
 */
import { CLOSED_DEBT_STATUSES, type StrategyAction, type StrategyConditions } from '@cobranzas/shared';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../crud';
import { arrayParam, rowsOf } from '../../db/bulk';
import type { Db } from '../../db/client';
import { strategyRuns } from '../../db/schema';
import { type JobContext, JobFailure, type JobHandler } from '../../jobs';
import { systemEventTypeId } from '../debts/timeline';
import { disputedOn, owedWithin, type RunScope, selection } from './conditions';
import { type AssignState, type DebtPlan, type Names, planDebt } from './plan';

export const STRATEGY_JOB = 'strategy-run';
export const STRATEGY_BATCH = 2000;

/** The Gestión type of what a strategy does to a debt; created on first use. */
export const STRATEGY_EVENT_TYPE = 'Estrategia';

export const RUN_MESSAGES = {
  missing: 'La ejecución ya no existe.',
  noCollectors: 'Ninguno de los cobradores de la estrategia está activo: elija otros y vuelva a ejecutarla.',
};

/** The strategy as a run keeps it. */
export interface RunDefinition {
  name: string;
  conditions: StrategyConditions;
  actions: StrategyAction[];
  createdBy: number | null;
}

type RunRow = typeof strategyRuns.$inferSelect;

/** The names a run's texts use: every stage and every user (both small catalogs). */
export async function loadNames(db: Executor | Db): Promise<Names> {
  const stages = rowsOf<{ id: number; name: string }>(await db.execute(sql`SELECT id, name FROM debt_types`));
  const users = rowsOf<{ id: number; name: string }>(await db.execute(sql`SELECT id, name FROM users`));
  return {
    stages: new Map(stages.map((s) => [s.id, s.name])),
    users: new Map(users.map((u) => [u.id, u.name])),
  };
}

/**
 * The assignment's starting state: the collectors still active (in the strategy's order) and their
 * open debts. Null when the strategy does not assign.
 */
export async function startingAssignment(
  db: Executor | Db,
  actions: readonly StrategyAction[],
): Promise<{ action: Extract<StrategyAction, { type: 'ASSIGN' }>; state: AssignState } | null> {
  const assign = actions.find((a) => a.type === 'ASSIGN');
  if (!assign) return null;
  const rows = rowsOf<{ id: number; load: number }>(
    await db.execute(sql`SELECT u.id, (SELECT count(*)::int FROM debts d WHERE d.assigned_user_id = u.id
        AND d.status::text <> ALL(${arrayParam(CLOSED_DEBT_STATUSES)}::text[])) AS load
      FROM users u JOIN user_types ut ON ut.id = u.user_type_id
      WHERE u.id = ANY(${arrayParam(assign.userIds)}::int[]) AND u.active AND ut.role <> 'CLIENTE'`),
  );
  const active = assign.userIds.filter((id) => rows.some((r) => r.id === id));
  const loads = Object.fromEntries(rows.map((r) => [String(r.id), r.load]));
  return { action: { ...assign, userIds: active }, state: { turn: 0, loads } };
}

/** The candidates after `afterId`: the next batch in id order, with what the planner needs. */
export async function nextCandidates(
  db: Executor | Db,
  strategyId: number,
  definition: RunDefinition,
  scope: RunScope,
  runDate: string,
  afterId: number,
  limit: number,
) {
  const { where, undecided } = selection(strategyId, definition.conditions, scope, runDate);
  const rows = rowsOf<{
    id: number;
    debt_type_id: number;
    assigned_user_id: number | null;
    disputed_on: string | null;
    undecided: boolean;
  }>(
    await db.execute(sql`SELECT d.id, d.debt_type_id, d.assigned_user_id, ${disputedOn}::text AS disputed_on,
        ${undecided ?? sql`FALSE`} AS undecided
      FROM debts d WHERE ${where} AND d.id > ${afterId} ORDER BY d.id LIMIT ${limit}`),
  );
  const last = rows.at(-1)?.id ?? null;
  const open = rows.filter((r) => r.undecided).map((r) => r.id);
  const within = open.length > 0 ? await owedWithin(db, open, definition.conditions, runDate) : null;
  const debts = rows
    .filter((r) => !r.undecided || within?.has(r.id))
    .map((r) => ({
      id: r.id,
      debtTypeId: r.debt_type_id,
      assignedUserId: r.assigned_user_id,
      disputedOn: r.disputed_on,
    }));
  return { debts, last, exhausted: rows.length < limit };
}

/** Writes one batch's plans (inside the batch's transaction). Returns the counts it adds. */
async function writePlans(tx: Executor, run: RunRow, definition: RunDefinition, plans: DebtPlan[]) {
  const counts = { matched: 0, applied: 0, unchanged: 0, blocked: 0 };
  if (plans.length === 0) return counts;
  const auditor = sql`${run.createdBy}::int, ${`Estrategia «${definition.name}»`.slice(0, 120)}::text`;
  // The rows first: a debt this run already recorded (a retried batch) is left out of every write.
  const fresh = new Set(
    rowsOf<{ debt_id: number }>(
      await tx.execute(sql`INSERT INTO strategy_run_debts (run_id, debt_id, outcome, detail)
        SELECT ${run.id}::int, x.debt_id, x.outcome, x.detail
        FROM unnest(${arrayParam(plans.map((p) => p.debtId))}::int[], ${arrayParam(plans.map((p) => p.outcome))}::text[],
          ${arrayParam(plans.map((p) => p.lines.join('\n')))}::text[]) AS x(debt_id, outcome, detail)
        ON CONFLICT (run_id, debt_id) DO NOTHING RETURNING debt_id`),
    ).map((r) => r.debt_id),
  );
  const mine = plans.filter((p) => fresh.has(p.debtId));
  for (const p of mine) {
    counts.matched++;
    if (p.outcome === 'APPLIED') counts.applied++;
    else if (p.outcome === 'BLOCKED') counts.blocked++;
    else counts.unchanged++;
  }
  const applied = mine.filter((p) => p.outcome === 'APPLIED');
  if (applied.length === 0) return counts;

  const moved = applied.filter((p) => p.stage !== null || p.assignTo !== null);
  if (moved.length > 0) {
    const stageTo = (p: DebtPlan) => p.stage?.to ?? null;
    await tx.execute(sql`WITH x AS (
        SELECT * FROM unnest(${arrayParam(moved.map((p) => p.debtId))}::int[], ${arrayParam(moved.map(stageTo))}::int[],
          ${arrayParam(moved.map((p) => p.assignTo))}::int[]) AS x(id, stage, assignee)),
      -- The statement's own snapshot of the rows it changes (locking them here too would hide them from the UPDATE).
      before AS (SELECT d.id, d.debt_type_id, d.assigned_user_id FROM debts d JOIN x ON x.id = d.id),
      changed AS (
        UPDATE debts d SET debt_type_id = coalesce(x.stage, d.debt_type_id),
          assigned_user_id = coalesce(x.assignee, d.assigned_user_id), updated_at = now()
        FROM x WHERE d.id = x.id RETURNING d.id, d.debt_type_id, d.assigned_user_id)
      INSERT INTO audit_log (user_id, user_name, action, resource, record_id, before, after)
      SELECT ${auditor}, 'update', 'debts', c.id,
        jsonb_build_object('debtTypeId', b.debt_type_id, 'assignedUserId', b.assigned_user_id),
        jsonb_build_object('debtTypeId', c.debt_type_id, 'assignedUserId', c.assigned_user_id, 'strategyRunId', ${run.id}::int)
      FROM changed c JOIN before b ON b.id = c.id`);
  }

  const tasks = applied.flatMap((p) => (p.task ? [{ ...p.task, debtId: p.debtId }] : []));
  if (tasks.length > 0) {
    const of = (pick: (t: (typeof tasks)[number]) => string | number | null) => arrayParam(tasks.map(pick));
    await tx.execute(sql`WITH created AS (
        INSERT INTO tasks (title, description, start, user_id, debt_id)
        SELECT * FROM unnest(${of((t) => t.title)}::text[], ${of((t) => t.description)}::text[],
          ${of((t) => t.start)}::timestamptz[], ${of((t) => t.userId)}::int[], ${of((t) => t.debtId)}::int[])
        RETURNING *)
      INSERT INTO audit_log (user_id, user_name, action, resource, record_id, before, after)
      SELECT ${auditor}, 'create', 'tasks', c.id, NULL, to_jsonb(c) || jsonb_build_object('strategyRunId', ${run.id}::int)
      FROM created c`);
  }

  const stops = applied.filter((p) => p.stop);
  if (stops.length > 0)
    await tx.execute(sql`INSERT INTO strategy_stops (strategy_id, debt_id, run_id)
      SELECT ${run.strategyId}::int, unnest(${arrayParam(stops.map((p) => p.debtId))}::int[]), ${run.id}::int
      ON CONFLICT DO NOTHING`);

  const eventType = await systemEventTypeId(
    tx,
    { sub: run.createdBy, name: `Estrategia «${definition.name}»` },
    STRATEGY_EVENT_TYPE,
    'Registrado por el sistema cuando una estrategia actúa sobre una deuda.',
  );
  // One Gestión per debt: what the strategy did, by the strategy (no author: it is not a contact).
  await tx.execute(sql`WITH created AS (
      INSERT INTO events (debt_id, event_type_id, description, strategy_id)
      SELECT x.id, ${eventType}::int, x.text, ${run.strategyId}::int
      FROM unnest(${arrayParam(applied.map((p) => p.debtId))}::int[],
        ${arrayParam(applied.map((p) => `Estrategia «${definition.name}»: ${p.lines.join('; ')}.`))}::text[]) AS x(id, text)
      RETURNING *)
    INSERT INTO audit_log (user_id, user_name, action, resource, record_id, before, after)
    SELECT ${auditor}, 'create', 'events', c.id, NULL, to_jsonb(c) FROM created c`);
  return counts;
}

export function strategyRunHandler(batchSize = STRATEGY_BATCH): JobHandler {
  return async (job, context: JobContext) => {
    const { db } = context;
    const [run] = await db.select().from(strategyRuns).where(eq(strategyRuns.jobId, job.id));
    if (!run) throw new JobFailure(RUN_MESSAGES.missing);
    const definition = run.definition as RunDefinition;
    const scope = run.scope as RunScope;
    const names = await loadNames(db);
    const start = await startingAssignment(db, definition.actions);
    if (start && start.action.userIds.length === 0) throw new JobFailure(RUN_MESSAGES.noCollectors);
    // The assignment's turn and loads as the last committed batch left them (a resumed run).
    const saved = run.state as Partial<AssignState>;
    const state: AssignState = !start
      ? { turn: 0, loads: {} }
      : run.checkpoint > 0 && saved.loads
        ? { turn: saved.turn ?? 0, loads: saved.loads }
        : start.state;
    const actions = definition.actions.map((a) => (a.type === 'ASSIGN' && start ? start.action : a));
    const planContext = { actions, runDate: run.runDate, names, fallbackUserId: definition.createdBy };
    let checkpoint = run.checkpoint;
    for (;;) {
      if (context.signal.aborted) throw context.signal.reason;
      const batch = await nextCandidates(
        db,
        run.strategyId,
        definition,
        scope,
        run.runDate,
        checkpoint,
        batchSize,
      );
      if (batch.last === null) break;
      const plans = batch.debts.map((debt) => planDebt(debt, planContext, state));
      checkpoint = batch.last;
      await db.transaction(async (tx) => {
        await context.hold(tx);
        const counts = await writePlans(tx, run, definition, plans);
        await tx
          .update(strategyRuns)
          .set({
            matched: sql`${strategyRuns.matched} + ${counts.matched}`,
            applied: sql`${strategyRuns.applied} + ${counts.applied}`,
            unchanged: sql`${strategyRuns.unchanged} + ${counts.unchanged}`,
            blocked: sql`${strategyRuns.blocked} + ${counts.blocked}`,
            checkpoint,
            state,
            updatedAt: new Date(),
          })
          .where(eq(strategyRuns.id, run.id));
      });
      await context.progress({ checkpoint });
      if (batch.exhausted) break;
    }
    const [done] = await db.select().from(strategyRuns).where(eq(strategyRuns.id, run.id));
    return { matched: done?.matched ?? 0, applied: done?.applied ?? 0, blocked: done?.blocked ?? 0 };
  };
}
