/**
 * A strategy's run (issue 36), done by the job runner: the debts its conditions take, in id order, a
 * batch at a time: the contact rules' word on its contact actions (contact.ts), the plan of each debt
 * (plan.ts), its messages rendered, then one transaction writes it all with the run's counts and
 * checkpoint (writes.ts) and the outbox is sent (deliver.ts). A process killed mid-run resumes after
 * the last committed batch, and a debt already recorded for the run is never acted on again.
 */
import {
  CLOSED_DEBT_STATUSES,
  CONTACT_ACTION_TYPES,
  type StrategyAction,
  type StrategyConditions,
  type TokenPayload,
} from '@cobranzas/shared';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../crud';
import { arrayParam, rowsOf } from '../../db/bulk';
import type { Db } from '../../db/client';
import { agencySettings, letterTemplates, strategyRuns } from '../../db/schema';
import { type JobContext, JobFailure, type JobHandler } from '../../jobs';
import { emailReady, MAIL_MESSAGES } from '../../messaging/mail';
import { WHATSAPP_MESSAGES } from '../../messaging/whatsapp';
import type { PortalLinkMaker } from '../portal/links';
import { disputedOn, owedWithin, type RunScope, selection } from './conditions';
import { type Channels, contactVerdicts, renderMessages, type Templates } from './contact';
import { type DeliveryConfig, deliverPending } from './deliver';
import { type AssignState, type Names, planDebt, revisePlan } from './plan';
import { type WrittenPlan, writePlans } from './writes';

export const STRATEGY_JOB = 'strategy-run';
export const STRATEGY_BATCH = 2000;

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

/** The names a run's texts use: every stage and every user (both small catalogs). */
export async function loadNames(db: Executor | Db): Promise<Names> {
  const stages = rowsOf<{ id: number; name: string }>(await db.execute(sql`SELECT id, name FROM debt_types`));
  const users = rowsOf<{ id: number; name: string }>(await db.execute(sql`SELECT id, name FROM users`));
  const templates = rowsOf<{ code: string; name: string }>(
    await db.execute(sql`SELECT code, name FROM letter_templates`),
  );
  return {
    stages: new Map(stages.map((s) => [s.id, s.name])),
    users: new Map(users.map((u) => [u.id, u.name])),
    templates: new Map(templates.map((t) => [t.code, t.name])),
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

/** What a run needs besides its database: the channels' configuration and the portal's links. */
export interface RunDeps {
  config: DeliveryConfig;
  portalLink: PortalLinkMaker;
  batchSize?: number;
  /** The clock the contact rules read (tests set it). */
  now?: () => Date;
}

/** Who a strategy acts as, where a person's name and id are asked for (audit, portal links, letters). */
export const strategyActor = (name: string, createdBy: number): TokenPayload => ({
  sub: createdBy,
  name: `Estrategia «${name}»`.slice(0, 120),
  alias: 'estrategia',
  type: 'ADMIN',
  companyId: null,
  iat: 0,
  exp: 0,
});

/** Whether each channel can send, read once per run (a reason when it cannot). */
export async function channelsOf(
  db: Db,
  config: DeliveryConfig,
  actions: readonly StrategyAction[],
): Promise<Channels> {
  const wants = (type: StrategyAction['type']) => actions.some((a) => a.type === type);
  const [settings] = wants('SEND_EMAIL') ? await db.select().from(agencySettings) : [];
  return {
    emailReady: !wants('SEND_EMAIL') || (settings && emailReady(settings)) ? null : MAIL_MESSAGES.notReady,
    whatsappReady: !wants('SEND_WHATSAPP') || config.whatsapp ? null : WHATSAPP_MESSAGES.notReady,
  };
}

export function strategyRunHandler(deps: RunDeps): JobHandler {
  const batchSize = deps.batchSize ?? STRATEGY_BATCH;
  const now = deps.now ?? (() => new Date());
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
    const channels = await channelsOf(db, deps.config, actions);
    const templates = await loadTemplates(db);
    const templateCodes = new Set(templates.keys());
    const contacts = actions.some((a) => CONTACT_ACTION_TYPES.includes(a.type));
    const actor = strategyActor(definition.name, definition.createdBy ?? 0);
    if (run.expected === null) {
      const { where } = selection(run.strategyId, definition.conditions, scope, run.runDate);
      const [count] = rowsOf<{ n: number }>(
        await db.execute(sql`SELECT count(*)::int AS n FROM debts d WHERE ${where}`),
      );
      await db
        .update(strategyRuns)
        .set({ expected: count?.n ?? 0 })
        .where(eq(strategyRuns.id, run.id));
    }
    // What an earlier attempt committed but did not send goes first.
    await deliverPending(db, run.id, run.strategyId, deps.config, context.signal, now);
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
      const ids = batch.debts.map((d) => d.id);
      const verdicts = await contactVerdicts(db, ids, actions, channels, now(), templateCodes);
      const plans: WrittenPlan[] = batch.debts.map((debt) =>
        planDebt(debt, planContext, state, verdicts.get(debt.id)),
      );
      for (const plan of plans)
        if (plan.messages.length > 0)
          plan.rendered = await renderMessages(db, plan.debtId, actions, templates, actor, deps.portalLink);
      checkpoint = batch.last;
      await db.transaction(async (tx) => {
        await context.hold(tx);
        let written = plans;
        if (contacts) {
          // The rules again, under the locks a person's contact takes (the debt, then its debtor):
          // a call, an opt-out or a dispute since the plan was made wins, as it would for a person.
          await tx.execute(
            sql`SELECT id FROM debts WHERE id = ANY(${arrayParam(ids)}::int[]) ORDER BY id FOR NO KEY UPDATE`,
          );
          await tx.execute(sql`SELECT id FROM debtors WHERE id IN (SELECT debtor_id FROM debts
            WHERE id = ANY(${arrayParam(ids)}::int[])) ORDER BY id FOR NO KEY UPDATE`);
          const again = await contactVerdicts(tx, ids, actions, channels, now(), templateCodes);
          written = plans.map((plan) => ({
            ...revisePlan(plan, again.get(plan.debtId) ?? {}),
            rendered: plan.rendered,
          }));
        }
        const counts = await writePlans(tx, run, definition.name, written);
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
      await deliverPending(db, run.id, run.strategyId, deps.config, context.signal, now);
      await context.progress({ checkpoint });
      if (batch.exhausted) break;
    }
    const [done] = await db.select().from(strategyRuns).where(eq(strategyRuns.id, run.id));
    return { matched: done?.matched ?? 0, applied: done?.applied ?? 0, blocked: done?.blocked ?? 0 };
  };
}

/** The letter templates by code (a small catalog). */
export async function loadTemplates(db: Executor | Db): Promise<Templates> {
  const rows = await db.select().from(letterTemplates);
  return new Map(rows.map((t) => [t.code, t]));
}
