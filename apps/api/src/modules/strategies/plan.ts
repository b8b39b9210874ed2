/**
 * What a strategy's actions do to each debt (issue 36), worked out before anything is written, so the
 * dry run and the run say the same: the run writes exactly what this plans. Pure: the assignment's
 * turn and loads travel in `AssignState` from one batch to the next.
 */
import { addDays, dayMonthYear, type StrategyAction } from '@cobranzas/shared';
import type { ContactKind, Verdict } from './contact';

/** A debt as the planner needs it. */
export interface PlanDebt {
  id: number;
  debtTypeId: number;
  assignedUserId: number | null;
  /** An open dispute's day (YYYY-MM-DD), else null. */
  disputedOn: string | null;
}

/** ROTATION: whose turn is next; LEAST_LOAD: each collector's open debts (by id, as text keys). */
export interface AssignState {
  turn: number;
  loads: Record<string, number>;
}

export interface Names {
  stages: ReadonlyMap<number, string>;
  users: ReadonlyMap<number, string>;
  /** Letter templates' names by code. */
  templates: ReadonlyMap<string, string>;
}

export interface DebtPlan {
  debtId: number;
  outcome: 'APPLIED' | 'UNCHANGED' | 'BLOCKED';
  /** What it gets (or why not), in words, in the actions' order. */
  lines: string[];
  /** Why a contact rule kept an action (or all of them), in words. */
  reasons: string[];
  stage: { from: number; to: number } | null;
  assignTo: number | null;
  task: { userId: number; start: string; title: string; description: string | null } | null;
  /** Letters queued for the day's print batch, by template code. */
  letters: string[];
  /** Messages to send: to whom. */
  messages: { channel: 'EMAIL' | 'WHATSAPP'; to: string }[];
  stop: boolean;
  /** Which line says each contact action's outcome (revisePlan rewrites it). */
  contactLines: Partial<Record<ContactKind, number>>;
}

export interface PlanContext {
  actions: readonly StrategyAction[];
  runDate: string;
  names: Names;
  /** Who gets a task when the debt has no collector (the strategy's author). */
  fallbackUserId: number | null;
}

const userName = (names: Names, id: number) => names.users.get(id) ?? `usuario N.º ${id}`;
const stageName = (names: Names, id: number) => names.stages.get(id) ?? `etapa N.º ${id}`;

/** The next collector for a debt, advancing the state. */
export function pickCollector(
  action: Extract<StrategyAction, { type: 'ASSIGN' }>,
  state: AssignState,
): number {
  const users = action.userIds;
  if (action.mode === 'ROTATION') {
    const chosen = users[state.turn % users.length] as number;
    state.turn += 1;
    return chosen;
  }
  // The least loaded; on a tie, the first in the strategy's order.
  let best = users[0] as number;
  for (const id of users) if ((state.loads[id] ?? 0) < (state.loads[best] ?? 0)) best = id;
  state.loads[best] = (state.loads[best] ?? 0) + 1;
  return best;
}

/** Whether the debt takes a turn of the assignment: not blocked, and not already with one of them. */
export const takesTurn = (action: Extract<StrategyAction, { type: 'ASSIGN' }>, debt: PlanDebt) =>
  debt.disputedOn === null && !(debt.assignedUserId !== null && action.userIds.includes(debt.assignedUserId));

const templateName = (names: Names, code: string) => names.templates.get(code) ?? code;
const masked = (email: string) => email.replace(/^(.).*(@.*)$/, '$1…$2');

/**
 * The plan of one debt; `state` advances when the debt takes an assignment's turn. `verdicts`: the
 * contact rules' word on each of its contact actions (contact.ts); a refused one is not taken and
 * makes the debt BLOCKED, with the reason, whatever else it got.
 */
export function planDebt(
  debt: PlanDebt,
  context: PlanContext,
  state: AssignState,
  verdicts: Partial<Record<ContactKind, Verdict>> = {},
): DebtPlan {
  const plan: DebtPlan = {
    debtId: debt.id,
    outcome: 'UNCHANGED',
    lines: [],
    reasons: [],
    stage: null,
    assignTo: null,
    task: null,
    letters: [],
    messages: [],
    stop: false,
    contactLines: {},
  };
  let refused = false;
  const verdict = (kind: ContactKind): Verdict =>
    verdicts[kind] ?? { ok: false, reason: 'No se pudieron leer los datos de contacto del deudor.' };
  if (debt.disputedOn !== null) {
    plan.outcome = 'BLOCKED';
    const reason = `El deudor desconoce la deuda desde el ${dayMonthYear(debt.disputedOn)} (disputa abierta): ninguna acción hasta resolverla.`;
    plan.lines.push(reason);
    plan.reasons.push(reason);
    return plan;
  }
  const { names } = context;
  let collector = debt.assignedUserId;
  for (const action of context.actions) {
    switch (action.type) {
      case 'CHANGE_STAGE':
        if (debt.debtTypeId === action.debtTypeId)
          plan.lines.push(`Ya está en ${stageName(names, action.debtTypeId)}`);
        else {
          plan.stage = { from: debt.debtTypeId, to: action.debtTypeId };
          plan.lines.push(
            `Pasa de ${stageName(names, debt.debtTypeId)} a ${stageName(names, action.debtTypeId)}`,
          );
        }
        break;
      case 'ASSIGN':
        if (!takesTurn(action, debt))
          plan.lines.push(`Ya está asignada a ${userName(names, collector as number)}`);
        else if (action.userIds.length === 0)
          plan.lines.push('Ningún cobrador de la estrategia está activo: no se asigna');
        else {
          collector = pickCollector(action, state);
          plan.assignTo = collector;
          plan.lines.push(`Se asigna a ${userName(names, collector)}`);
        }
        break;
      case 'CREATE_TASK': {
        const owner = collector ?? context.fallbackUserId;
        const day = addDays(context.runDate, action.inDays);
        if (owner === null) {
          plan.lines.push(`Sin cobrador: no se crea la tarea «${action.title}»`);
          break;
        }
        plan.task = {
          userId: owner,
          start: `${day}T${action.time}:00-03:00`,
          title: action.title,
          description: action.description,
        };
        plan.lines.push(
          `Tarea «${action.title}» para el ${dayMonthYear(day)} a las ${action.time} (${userName(names, owner)})`,
        );
        break;
      }
      case 'QUEUE_LETTER': {
        plan.contactLines.LETTER = plan.lines.length;
        const name = templateName(names, action.templateCode);
        const said = verdict('LETTER');
        if (!said.ok) {
          refused = true;
          plan.lines.push(`No se imprime la carta «${name}»: ${said.reason}`);
          plan.reasons.push(`No se imprime la carta «${name}»: ${said.reason}`);
        } else {
          plan.letters.push(action.templateCode);
          plan.lines.push(`Carta «${name}» al lote de impresión del día`);
        }
        break;
      }
      case 'SEND_EMAIL': {
        plan.contactLines.EMAIL = plan.lines.length;
        const name = templateName(names, action.templateCode);
        const said = verdict('EMAIL');
        if (!said.ok) {
          refused = true;
          plan.lines.push(`No se envía el correo «${name}»: ${said.reason}`);
          plan.reasons.push(`No se envía el correo «${name}»: ${said.reason}`);
        } else {
          plan.messages.push({ channel: 'EMAIL', to: said.to });
          plan.lines.push(`Correo «${name}» a ${masked(said.to)}`);
        }
        break;
      }
      case 'SEND_WHATSAPP': {
        plan.contactLines.WHATSAPP = plan.lines.length;
        const said = verdict('WHATSAPP');
        if (!said.ok) {
          refused = true;
          plan.lines.push(`No se envía el WhatsApp «${action.template}»: ${said.reason}`);
          plan.reasons.push(`No se envía el WhatsApp «${action.template}»: ${said.reason}`);
        } else {
          plan.messages.push({ channel: 'WHATSAPP', to: said.to });
          plan.lines.push(`WhatsApp «${action.template}» al +${said.to}`);
        }
        break;
      }
      case 'STOP':
        plan.stop = true;
        plan.lines.push('Sale de la estrategia');
        break;
    }
  }
  const acted =
    plan.stage ||
    plan.assignTo !== null ||
    plan.task ||
    plan.stop ||
    plan.letters.length + plan.messages.length > 0;
  plan.outcome = refused ? 'BLOCKED' : acted ? 'APPLIED' : 'UNCHANGED';
  return plan;
}

const NOT_DONE: Record<ContactKind, (plan: DebtPlan, line: string) => string> = {
  LETTER: (_plan, line) =>
    line.replace(/^Carta («[^»]*») al lote de impresión del día$/, 'No se imprime la carta $1'),
  EMAIL: (_plan, line) => line.replace(/^Correo («[^»]*») a .*$/, 'No se envía el correo $1'),
  WHATSAPP: (_plan, line) => line.replace(/^WhatsApp («[^»]*») al .*$/, 'No se envía el WhatsApp $1'),
};

/**
 * A plan checked again under the batch's locks (run.ts): a contact action the rules now refuse (a
 * collector called meanwhile, the debtor opted out or disputed) is dropped, said with the rule's
 * words, and the debt is BLOCKED. One they now allow stays refused: it was not rendered.
 */
export function revisePlan(plan: DebtPlan, verdicts: Partial<Record<ContactKind, Verdict>>): DebtPlan {
  const revised = { ...plan, lines: [...plan.lines], reasons: [...plan.reasons] };
  for (const kind of ['LETTER', 'EMAIL', 'WHATSAPP'] as const) {
    const index = plan.contactLines[kind];
    const said = verdicts[kind];
    if (index === undefined || !said || said.ok) continue;
    const wasTaken =
      kind === 'LETTER' ? revised.letters.length > 0 : revised.messages.some((m) => m.channel === kind);
    if (!wasTaken) continue;
    if (kind === 'LETTER') revised.letters = [];
    else revised.messages = revised.messages.filter((m) => m.channel !== kind);
    const line = `${NOT_DONE[kind](plan, plan.lines[index] ?? '')}: ${said.reason}`;
    revised.lines[index] = line;
    revised.reasons.push(line);
    revised.outcome = 'BLOCKED';
  }
  return revised;
}
