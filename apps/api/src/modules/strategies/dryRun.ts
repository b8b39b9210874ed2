/**
 * The dry run (issue 36): how many debts a run started now would take and a page of them with what
 * each would get, worked out by the run's own planner; nothing is written. Counting is done by
 * PostgreSQL; the planner runs only for the page, with the assignment advanced by the debts before it
 * (a count), so the page says what the run would do to those very debts.
 */
import {
  agencyToday,
  CONTACT_ACTION_TYPES,
  daysBetween,
  formatDni,
  type StrategyDebt,
} from '@cobranzas/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../crud';
import { arrayParam, rowsOf } from '../../db/bulk';
import type { Db } from '../../db/client';
import { debtBalances } from '../debts/balance';
import { disputedOn, owedWithin, type RunScope, selection } from './conditions';
import { contactVerdicts } from './contact';
import type { DeliveryConfig } from './deliver';
import { type DebtPlan, pickCollector, planDebt } from './plan';
import { channelsOf, loadNames, loadTemplates, type RunDefinition, startingAssignment } from './run';

/** The debts as a page shows them, in the order of `plans`, with what each gets. */
export async function debtsAsShown(
  db: Executor | Db,
  plans: readonly Pick<DebtPlan, 'debtId' | 'outcome' | 'lines' | 'reasons'>[],
  runDate: string,
): Promise<StrategyDebt[]> {
  if (plans.length === 0) return [];
  const ids = plans.map((p) => p.debtId);
  const rows = rowsOf<{
    id: number;
    debtor_name: string;
    dni: string;
    company_name: string;
    reference: string | null;
    stage_name: string;
    since: string | null;
    currency: 'ARS' | 'USD';
    assigned_user_name: string | null;
  }>(
    await db.execute(sql`SELECT d.id, p.last_name || ', ' || p.first_name AS debtor_name, p.dni,
        c.name AS company_name, d.reference, t.name AS stage_name,
        coalesce(d.default_date, d.origin_date)::text AS since, d.currency::text AS currency, u.name AS assigned_user_name
      FROM debts d JOIN debtors p ON p.id = d.debtor_id JOIN companies c ON c.id = d.company_id
      JOIN debt_types t ON t.id = d.debt_type_id LEFT JOIN users u ON u.id = d.assigned_user_id
      WHERE d.id = ANY(${arrayParam(ids)}::int[])`),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const owed = await debtBalances(db, ids, runDate);
  return plans.flatMap((plan) => {
    const row = byId.get(plan.debtId);
    if (!row) return [];
    return [
      {
        debtId: row.id,
        debtorName: row.debtor_name,
        dni: formatDni(row.dni),
        companyName: row.company_name,
        reference: row.reference,
        stageName: row.stage_name,
        daysPastDue: row.since ? Math.max(0, daysBetween(row.since, runDate)) : null,
        owed: owed.get(row.id)?.total ?? '0.00',
        currency: row.currency,
        assignedUserName: row.assigned_user_name,
        actions: plan.lines.filter((line) => !plan.reasons.includes(line)),
        outcome: plan.outcome,
        reason: plan.reasons.length > 0 ? plan.reasons.join(' ') : null,
      },
    ];
  });
}

export async function dryRun(
  db: Db,
  config: DeliveryConfig,
  strategyId: number,
  definition: RunDefinition,
  page: number,
  pageSize: number,
  runDate: string = agencyToday(),
  now: Date = new Date(),
) {
  const scope: RunScope = { kind: 'ALL' };
  const { where, undecided } = selection(strategyId, definition.conditions, scope, runDate);
  // The debts whose amount owed only the one function can settle, and which of them fall outside.
  let excluded: number[] = [];
  if (undecided) {
    const open = rowsOf<{ id: number }>(
      await db.execute(sql`SELECT d.id FROM debts d WHERE ${where} AND ${undecided}`),
    ).map((r) => r.id);
    const within = await owedWithin(db, open, definition.conditions, runDate);
    excluded = open.filter((id) => !within.has(id));
  }
  const kept: SQL =
    excluded.length > 0 ? sql`${where} AND NOT (d.id = ANY(${arrayParam(excluded)}::int[]))` : where;
  const [counts] = rowsOf<{ total: number }>(
    await db.execute(sql`SELECT count(*)::int AS total FROM debts d WHERE ${kept}`),
  );
  // Few debts are disputed: counted from the disputes' side, never by probing every debt.
  const [disputed] = rowsOf<{ blocked: number }>(
    await db.execute(sql`SELECT count(DISTINCT r.debt_id)::int AS blocked FROM portal_requests r
      JOIN debts d ON d.id = r.debt_id WHERE r.kind = 'DISPUTE' AND r.status = 'ABIERTO' AND ${kept}`),
  );
  const pageRows = rowsOf<{
    id: number;
    debt_type_id: number;
    assigned_user_id: number | null;
    disputed_on: string | null;
  }>(
    await db.execute(sql`SELECT d.id, d.debt_type_id, d.assigned_user_id, ${disputedOn}::text AS disputed_on
      FROM debts d WHERE ${kept} ORDER BY d.id LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`),
  );
  const names = await loadNames(db);
  const start = await startingAssignment(db, definition.actions);
  const state = start?.state ?? { turn: 0, loads: {} };
  const first = pageRows[0];
  if (start && start.action.userIds.length > 0 && first) {
    // The turns the debts before this page take: not disputed, not already with one of the collectors.
    const [before] = rowsOf<{ n: number }>(
      await db.execute(sql`SELECT count(*)::int AS n FROM debts d WHERE ${kept} AND d.id < ${first.id}
        AND (d.assigned_user_id IS NULL OR NOT (d.assigned_user_id = ANY(${arrayParam(start.action.userIds)}::int[])))
        AND NOT EXISTS (SELECT 1 FROM portal_requests r WHERE r.debt_id = d.id AND r.kind = 'DISPUTE' AND r.status = 'ABIERTO')`),
    );
    for (let i = 0; i < (before?.n ?? 0); i++) pickCollector(start.action, state);
  }
  const actions = definition.actions.map((a) => (a.type === 'ASSIGN' && start ? start.action : a));
  // A debtor's cap counts the messages the run would send on the pages before (its earlier debts).
  const pageIds = pageRows.map((r) => r.id);
  const earlier =
    first && actions.some((a) => CONTACT_ACTION_TYPES.includes(a.type))
      ? rowsOf<{ id: number }>(
          await db.execute(sql`SELECT d.id FROM debts d WHERE ${kept} AND d.id < ${first.id}
            AND d.debtor_id IN (SELECT debtor_id FROM debts WHERE id = ANY(${arrayParam(pageIds)}::int[]))
            ORDER BY d.id`),
        ).map((r) => r.id)
      : [];
  const templates = new Set((await loadTemplates(db)).keys());
  const verdicts = await contactVerdicts(
    db,
    [...earlier, ...pageIds],
    actions,
    await channelsOf(db, config, actions),
    now,
    templates,
  );
  const plans = pageRows.map((r) =>
    planDebt(
      { id: r.id, debtTypeId: r.debt_type_id, assignedUserId: r.assigned_user_id, disputedOn: r.disputed_on },
      { actions, runDate, names, fallbackUserId: definition.createdBy },
      state,
      verdicts.get(r.id),
    ),
  );
  return {
    total: counts?.total ?? 0,
    blocked: disputed?.blocked ?? 0,
    runDate,
    data: await debtsAsShown(db, plans, runDate),
  };
}
