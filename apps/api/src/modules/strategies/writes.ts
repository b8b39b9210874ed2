/**
 * What one batch of a run writes, inside the batch's transaction (issue 36): the rows saying what
 * each debt got (keyed by run and debt: a retried batch acts on none twice), the stage changes and
 * assignments, tasks, stops, letters queued for printing, messages to send (an outbox, sent after the
 * commit: deliver.ts), one timeline event per debt signed by the strategy, one per message sent as
 * the contact attempt it is, and the audit rows of it all.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../crud';
import { arrayParam, rowsOf } from '../../db/bulk';
import type { strategyRuns } from '../../db/schema';
import { systemEventTypeId } from '../debts/timeline';
import type { RenderedMessage } from './contact';
import type { DebtPlan } from './plan';

/** The Gestión type of what a strategy does to a debt; created on first use. */
export const STRATEGY_EVENT_TYPE = 'Estrategia';

type RunRow = typeof strategyRuns.$inferSelect;

/** A plan with what its messages say (rendered before the transaction). */
export type WrittenPlan = DebtPlan & { rendered?: { email?: RenderedMessage; whatsapp?: RenderedMessage } };

const acts = (p: DebtPlan) =>
  p.stage !== null ||
  p.assignTo !== null ||
  p.task !== null ||
  p.stop ||
  p.letters.length + p.messages.length > 0;

/** Writes one batch's plans (inside the batch's transaction). Returns the counts it adds. */
export async function writePlans(tx: Executor, run: RunRow, strategyName: string, plans: WrittenPlan[]) {
  const counts = { matched: 0, applied: 0, unchanged: 0, blocked: 0 };
  if (plans.length === 0) return counts;
  const auditor = sql`${run.createdBy}::int, ${`Estrategia «${strategyName}»`.slice(0, 120)}::text`;
  // The rows first: a debt this run already recorded (a retried batch) is left out of every write.
  const fresh = new Set(
    rowsOf<{ debt_id: number }>(
      await tx.execute(sql`INSERT INTO strategy_run_debts (run_id, debt_id, outcome, detail)
        SELECT ${run.id}::int, x.debt_id, x.outcome, x.detail
        FROM unnest(${arrayParam(plans.map((p) => p.debtId))}::int[], ${arrayParam(plans.map((p) => p.outcome))}::text[],
          ${arrayParam(plans.map((p) => JSON.stringify({ lines: p.lines, reasons: p.reasons })))}::text[]) AS x(debt_id, outcome, detail)
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
  // What a debt got, though a contact rule kept one of its actions, is written too.
  const applied = mine.filter(acts);
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

  const letters = applied.flatMap((p) => p.letters.map((code) => ({ debtId: p.debtId, code })));
  if (letters.length > 0)
    await tx.execute(sql`INSERT INTO letter_queue (debt_id, template_code, run_id)
      SELECT x.debt_id, x.code, ${run.id}::int
      FROM unnest(${arrayParam(letters.map((l) => l.debtId))}::int[], ${arrayParam(letters.map((l) => l.code))}::text[])
        AS x(debt_id, code)`);

  const messages = applied.flatMap((p) =>
    p.messages.flatMap((m) => {
      const rendered = m.channel === 'EMAIL' ? p.rendered?.email : p.rendered?.whatsapp;
      return rendered ? [{ debtId: p.debtId, channel: m.channel, to: m.to, ...rendered }] : [];
    }),
  );
  if (messages.length > 0) {
    const of = (pick: (m: (typeof messages)[number]) => string | number | null) =>
      arrayParam(messages.map(pick));
    await tx.execute(sql`INSERT INTO strategy_messages (run_id, debt_id, channel, recipient, subject, body, unsubscribe_url)
      SELECT ${run.id}::int, x.* FROM unnest(${of((m) => m.debtId)}::int[], ${of((m) => m.channel)}::text[],
        ${of((m) => m.to)}::text[], ${of((m) => m.subject)}::text[], ${of((m) => m.body)}::text[],
        ${of((m) => m.unsubscribeUrl)}::text[]) AS x
      ON CONFLICT (run_id, debt_id, channel) DO NOTHING`);
  }

  const eventType = await systemEventTypeId(
    tx,
    { sub: run.createdBy, name: `Estrategia «${strategyName}»` },
    STRATEGY_EVENT_TYPE,
    'Registrado por el sistema cuando una estrategia actúa sobre una deuda.',
  );
  // One Gestión per debt: what the strategy did, by the strategy (no author: it is not a contact).
  await tx.execute(sql`WITH created AS (
      INSERT INTO events (debt_id, event_type_id, description, strategy_id)
      SELECT x.id, ${eventType}::int, x.text, ${run.strategyId}::int
      FROM unnest(${arrayParam(applied.map((p) => p.debtId))}::int[],
        ${arrayParam(applied.map((p) => `Estrategia «${strategyName}»: ${p.lines.join('; ')}.`))}::text[]) AS x(id, text)
      RETURNING *)
    INSERT INTO audit_log (user_id, user_name, action, resource, record_id, before, after)
    SELECT ${auditor}, 'create', 'events', c.id, NULL, to_jsonb(c) FROM created c`);
  if (messages.length > 0)
    // Each message is a contact attempt by its channel: the caps per day and week count it.
    await tx.execute(sql`WITH created AS (
        INSERT INTO events (debt_id, event_type_id, description, strategy_id, channel)
        SELECT x.id, ${eventType}::int, x.text, ${run.strategyId}::int, x.channel
        FROM unnest(${arrayParam(messages.map((m) => m.debtId))}::int[],
          ${arrayParam(messages.map((m) => (m.channel === 'EMAIL' ? `Correo «${m.subject}» a ${m.to} (estrategia «${strategyName}»).` : `WhatsApp al +${m.to} (estrategia «${strategyName}»).`)))}::text[],
          ${arrayParam(messages.map((m) => (m.channel === 'EMAIL' ? 'EMAIL' : 'PHONE')))}::text[]) AS x(id, text, channel)
        RETURNING *)
      INSERT INTO audit_log (user_id, user_name, action, resource, record_id, before, after)
      SELECT ${auditor}, 'create', 'events', c.id, NULL, to_jsonb(c) FROM created c`);
  return counts;
}
