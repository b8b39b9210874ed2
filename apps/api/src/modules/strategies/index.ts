import { randomUUID } from 'node:crypto';
import {
  agencyToday,
  STRATEGY_MESSAGES as M,
  type StrategyConditions,
  strategiesResource,
  strategyDryRunCall,
  strategyReferences,
  strategyRunCancelCall,
  strategyRunDebtsCall,
  strategyRunNowCall,
  strategyRunsResource,
} from '@cobranzas/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { crudModule, type Executor, equals, routeCall } from '../../crud';
import { arrayParam, rowsOf } from '../../db/bulk';
import type { Db } from '../../db/client';
import { jobs, strategies, strategyRuns, users } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import { cancel } from '../../jobs';
import { jobColumns, jobStatusIs } from '../../jobs/columns';
import type { PortalLinkMaker } from '../portal/links';
import { abandonPending, type DeliveryConfig } from './deliver';
import { debtsAsShown, dryRun } from './dryRun';
import { type RunDefinition, STRATEGY_JOB, strategyRunHandler } from './run';
import { scheduleStrategyTicks, startRun } from './schedule';

export interface StrategiesOptions {
  batchSize?: number;
  /** The clock the contact rules read (tests set it); default: now. */
  now?: () => Date;
  /** The trigger tick's period; 0: no tick (tests call scheduleStrategies themselves). */
  tickMs?: number;
}

/**
 * Every company, stage, collector and letter template the strategy names exists (collectors: active
 * staff; no libre deuda template: a strategy never issues one). A missing one is said at its field.
 */
async function checkReferences(
  db: Executor,
  value: { conditions?: StrategyConditions; actions?: RunDefinition['actions'] },
) {
  const { companies, stages, users: people, templates } = strategyReferences(value);
  const found = async (table: string, ids: readonly (number | string)[], key = 'id', extra = sql``) => {
    if (ids.length === 0) return new Set<number | string>();
    const type = key === 'id' ? sql`int` : sql`text`;
    return new Set(
      rowsOf<{ key: number | string }>(
        await db.execute(sql`SELECT ${sql.raw(key)} AS key FROM ${sql.raw(table)}
          WHERE ${sql.raw(key)} = ANY(${arrayParam(ids)}::${type}[]) ${extra}`),
      ).map((r) => r.key),
    );
  };
  const knownCompanies = await found('companies', companies);
  const company = companies.find((id) => !knownCompanies.has(id));
  if (company !== undefined) throw badRequest('conditions.companyIds', M.companyNotFound(company));
  const knownStages = await found('debt_types', stages);
  const knownUsers = await found(
    'users',
    people,
    'id',
    sql`AND active AND user_type_id IN (SELECT id FROM user_types WHERE role <> 'CLIENTE')`,
  );
  const knownTemplates = await found('letter_templates', templates, 'code', sql`AND kind <> 'LIBRE_DEUDA'`);
  if (value.conditions?.debtTypeIds.some((id) => !knownStages.has(id)))
    throw badRequest('conditions.debtTypeIds', M.stageNotFound);
  for (const [index, action] of (value.actions ?? []).entries()) {
    if (action.type === 'CHANGE_STAGE' && !knownStages.has(action.debtTypeId))
      throw badRequest(`actions.${index}.debtTypeId`, M.stageNotFound);
    const user = action.type === 'ASSIGN' ? action.userIds.find((id) => !knownUsers.has(id)) : undefined;
    if (user !== undefined) throw badRequest(`actions.${index}.userIds`, M.collectorNotFound(user));
    if (
      (action.type === 'QUEUE_LETTER' || action.type === 'SEND_EMAIL') &&
      !knownTemplates.has(action.templateCode)
    )
      throw badRequest(`actions.${index}.templateCode`, M.templateNotFound(action.templateCode));
  }
}

/** What the trigger handed the run, in words. */
const scopeText = sql<string>`CASE ${strategyRuns.scope}->>'kind'
  WHEN 'IMPORT' THEN 'Deudas de la importación N.º ' || (${strategyRuns.scope}->>'importId')
  WHEN 'PAYMENTS' THEN 'Deudas con pagos o depósitos nuevos'
  WHEN 'BROKEN_PROMISES' THEN 'Promesas incumplidas (último día para cumplirlas del '
    || to_char((${strategyRuns.scope}->>'from')::date, 'DD/MM/YYYY') || ' al '
    || to_char((${strategyRuns.scope}->>'to')::date, 'DD/MM/YYYY') || ')'
  ELSE 'Todas las deudas que cumplen las condiciones' END`;

const runStatus = sql<
  string | null
>`(SELECT upper(j.status::text) FROM strategy_runs r JOIN jobs j ON j.id = r.job_id
  WHERE r.strategy_id = ${strategies.id} ORDER BY r.id DESC LIMIT 1)`;
const runAt = sql<
  string | null
>`(SELECT max(r.created_at) FROM strategy_runs r WHERE r.strategy_id = ${strategies.id})`;

/**
 * Strategies (DESIGN.md §11.5; issue 36): the rules (generic CRUD, ADMIN writes, GENERAL reads), their
 * runs (a job each: `strategy-run`), the dry run, a run started by hand, cancelling one, and the debts
 * of a run with what each got.
 */
export function strategiesModule(
  app: FastifyInstance,
  db: Db,
  deps: { config: DeliveryConfig; portalLink: PortalLinkMaker },
  options: StrategiesOptions = {},
) {
  app.jobs.handle(
    STRATEGY_JOB,
    strategyRunHandler({ ...deps, batchSize: options.batchSize, now: options.now }),
  );
  if ((options.tickMs ?? 60_000) > 0) scheduleStrategyTicks(app, db, options.tickMs);

  crudModule(app, db, {
    definition: strategiesResource,
    table: strategies,
    columns: {
      id: strategies.id,
      name: strategies.name,
      description: strategies.description,
      active: strategies.active,
      trigger: strategies.trigger,
      runAt: sql<string | null>`left(${strategies.runAt}::text, 5)`,
      conditions: strategies.conditions,
      actions: strategies.actions,
      createdBy: strategies.createdBy,
      createdByName: users.name,
      lastRunAt: sql<Date | null>`${runAt}`.mapWith(strategies.createdAt),
      lastRunStatus: runStatus,
      createdAt: strategies.createdAt,
      updatedAt: strategies.updatedAt,
    },
    joins: [{ table: users, on: eq(users.id, strategies.createdBy) }],
    sortable: { name: strategies.name, id: strategies.id, createdAt: [strategies.createdAt, strategies.id] },
    defaultSort: { column: strategies.name, order: 'asc' },
    search: [strategies.name],
    filters: { trigger: equals(strategies.trigger), active: equals(strategies.active) },
    unique: {
      strategies_name_unique: { field: 'name', message: 'Ya existe una estrategia con ese nombre.' },
    },
    hooks: {
      async beforeCreate(input, { db, user }) {
        await checkReferences(db, input);
        return { ...input, runAt: input.trigger === 'DAILY' ? input.runAt : null, createdBy: user.sub };
      },
      async beforeUpdate(input, current, { db }) {
        const trigger = input.trigger ?? current.trigger;
        const time = input.runAt !== undefined ? input.runAt : current.runAt;
        if (trigger === 'DAILY' && !time) throw badRequest('runAt', M.timeRequired);
        await checkReferences(db, input);
        return { ...input, ...(trigger === 'DAILY' ? {} : { runAt: null }), updatedAt: new Date() };
      },
      async beforeDelete(current, { db }) {
        const [run] = await db
          .select({ id: strategyRuns.id })
          .from(strategyRuns)
          .where(eq(strategyRuns.strategyId, current.id))
          .limit(1);
        if (run) throw conflict(M.hasRuns);
      },
    },
  });

  const runs = crudModule(app, db, {
    definition: strategyRunsResource,
    table: strategyRuns,
    columns: {
      id: strategyRuns.id,
      strategyId: strategyRuns.strategyId,
      strategyName: strategies.name,
      source: strategyRuns.source,
      scope: scopeText,
      runDate: strategyRuns.runDate,
      status: jobColumns.status,
      expected: strategyRuns.expected,
      counts: {
        matched: strategyRuns.matched,
        applied: strategyRuns.applied,
        unchanged: strategyRuns.unchanged,
        blocked: strategyRuns.blocked,
      },
      error: jobColumns.error,
      createdBy: strategyRuns.createdBy,
      createdByName: users.name,
      createdAt: strategyRuns.createdAt,
      finishedAt: jobColumns.finishedAt,
    },
    joins: [
      { table: jobs, on: eq(jobs.id, strategyRuns.jobId) },
      { table: strategies, on: eq(strategies.id, strategyRuns.strategyId) },
      { table: users, on: eq(users.id, strategyRuns.createdBy) },
    ],
    sortable: { createdAt: [strategyRuns.createdAt, strategyRuns.id], id: strategyRuns.id },
    defaultSort: { column: [strategyRuns.createdAt, strategyRuns.id], order: 'desc' },
    filters: { strategyId: equals(strategyRuns.strategyId), status: jobStatusIs },
  });

  async function strategyOf(id: number) {
    const [strategy] = await db.select().from(strategies).where(eq(strategies.id, id));
    if (!strategy) throw notFound();
    return strategy;
  }
  const definitionOf = (strategy: typeof strategies.$inferSelect): RunDefinition => ({
    name: strategy.name,
    conditions: strategy.conditions as StrategyConditions,
    actions: strategy.actions as RunDefinition['actions'],
    createdBy: strategy.createdBy,
  });

  routeCall(app, strategyDryRunCall, {}, async (request) => {
    const strategy = await strategyOf(request.params.id);
    const { page, pageSize } = request.query;
    const now = options.now?.() ?? new Date();
    return dryRun(
      db,
      deps.config,
      strategy.id,
      definitionOf(strategy),
      page,
      pageSize,
      agencyToday(now),
      now,
    );
  });

  routeCall(app, strategyRunNowCall, {}, async (request) => {
    const strategy = await strategyOf(request.params.id);
    if (!strategy.active) throw conflict(M.inactive);
    const id = await startRun(
      db,
      strategy,
      'MANUAL',
      `manual:${randomUUID()}`,
      { kind: 'ALL' },
      request.user.sub,
    );
    if (id === null) throw new Error('a manual run key repeated');
    return runs.read(id, request.user);
  });

  routeCall(app, strategyRunCancelCall, {}, async (request) => {
    const [run] = await db.select().from(strategyRuns).where(eq(strategyRuns.id, request.params.id));
    if (!run) throw notFound();
    if (!(await cancel(db, run.jobId))) throw conflict(M.runEnded);
    await abandonPending(db, run.id, run.strategyId);
    return runs.read(run.id, request.user);
  });

  routeCall(app, strategyRunDebtsCall, {}, async (request) => {
    const [run] = await db.select().from(strategyRuns).where(eq(strategyRuns.id, request.params.id));
    if (!run) throw notFound();
    const { outcome, page, pageSize } = request.query;
    const filter = outcome ? sql`AND x.outcome = ${outcome}` : sql``;
    const [count] = rowsOf<{ total: number }>(
      await db.execute(
        sql`SELECT count(*)::int AS total FROM strategy_run_debts x WHERE x.run_id = ${run.id} ${filter}`,
      ),
    );
    const rows = rowsOf<{
      debt_id: number;
      outcome: 'APPLIED' | 'UNCHANGED' | 'BLOCKED';
      detail: string | null;
    }>(
      await db.execute(sql`SELECT x.debt_id, x.outcome, x.detail FROM strategy_run_debts x
        WHERE x.run_id = ${run.id} ${filter} ORDER BY x.debt_id LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`),
    );
    const plans = rows.map((r) => {
      const detail = r.detail ? (JSON.parse(r.detail) as { lines: string[]; reasons: string[] }) : null;
      return {
        debtId: r.debt_id,
        outcome: r.outcome,
        lines: detail?.lines ?? [],
        reasons: detail?.reasons ?? [],
      };
    });
    return { total: count?.total ?? 0, data: await debtsAsShown(db, plans, run.runDate) };
  });
}
