/**
 * The strategy editor's state: what the fields hold (ids as Mantine's strings, empty numbers as ''),
 * the API body made of it, and the same rule as `describeStrategy` reads it for the live summary.
 */
import {
  type DebtStatus,
  isMoney,
  type PromiseCondition,
  type Strategy,
  type StrategyConditions,
  type StrategyTrigger,
} from '@cobranzas/shared';
import { type ActionDraft, actionBody, actionDraftOf, actionRule } from './actionDraft';

export type { ActionDraft } from './actionDraft';

/** A yes/no condition that may also not matter. */
export type Tri = 'any' | 'yes' | 'no';
type Days = number | '';

export interface ConditionsDraft {
  companyIds: string[];
  debtTypeIds: string[];
  statuses: DebtStatus[];
  daysPastDueMin: Days;
  daysPastDueMax: Days;
  /** Decimal strings ("1234.56"), or what was typed when it is no amount ('' = no limit). */
  owedMin: string;
  owedMax: string;
  daysWithoutContactMin: Days;
  promise: PromiseCondition | 'any';
  hasPhone: Tri;
  hasEmail: Tri;
  assigned: Tri;
}

export interface Draft {
  name: string;
  description: string;
  active: boolean;
  trigger: StrategyTrigger;
  runAt: string;
  conditions: ConditionsDraft;
  actions: ActionDraft[];
}

export const emptyDraft = (): Draft => ({
  name: '',
  description: '',
  active: true,
  trigger: 'DAILY',
  runAt: '08:00',
  conditions: {
    companyIds: [],
    debtTypeIds: [],
    statuses: ['ACTIVA', 'EN_CONVENIO'],
    daysPastDueMin: '',
    daysPastDueMax: '',
    owedMin: '',
    owedMax: '',
    daysWithoutContactMin: '',
    promise: 'any',
    hasPhone: 'any',
    hasEmail: 'any',
    assigned: 'any',
  },
  actions: [],
});

const triOf = (value: boolean | null): Tri => (value === null ? 'any' : value ? 'yes' : 'no');
const flagOf = (value: Tri) => (value === 'any' ? null : value === 'yes');
const daysOf = (value: number | null): Days => value ?? '';
const numberOf = (value: Days) => (value === '' ? null : value);
const strings = (ids: readonly number[]) => ids.map(String);
const numbers = (ids: readonly string[]) => ids.map(Number);

export function draftOf(strategy: Strategy): Draft {
  const c = strategy.conditions;
  return {
    name: strategy.name,
    description: strategy.description ?? '',
    active: strategy.active,
    trigger: strategy.trigger,
    runAt: strategy.runAt ?? '',
    conditions: {
      companyIds: strings(c.companyIds),
      debtTypeIds: strings(c.debtTypeIds),
      statuses: [...c.statuses],
      daysPastDueMin: daysOf(c.daysPastDueMin),
      daysPastDueMax: daysOf(c.daysPastDueMax),
      owedMin: c.owedMin ?? '',
      owedMax: c.owedMax ?? '',
      daysWithoutContactMin: daysOf(c.daysWithoutContactMin),
      promise: c.promise ?? 'any',
      hasPhone: triOf(c.hasPhone),
      hasEmail: triOf(c.hasEmail),
      assigned: triOf(c.assigned),
    },
    actions: strategy.actions.map(actionDraftOf),
  };
}

function conditionsBody(c: ConditionsDraft) {
  return {
    companyIds: numbers(c.companyIds),
    debtTypeIds: numbers(c.debtTypeIds),
    statuses: c.statuses,
    daysPastDueMin: numberOf(c.daysPastDueMin),
    daysPastDueMax: numberOf(c.daysPastDueMax),
    owedMin: c.owedMin.trim() || null,
    owedMax: c.owedMax.trim() || null,
    daysWithoutContactMin: numberOf(c.daysWithoutContactMin),
    promise: c.promise === 'any' ? null : c.promise,
    hasPhone: flagOf(c.hasPhone),
    hasEmail: flagOf(c.hasEmail),
    assigned: flagOf(c.assigned),
  };
}

/** The POST or PATCH body: the whole strategy, as the shared schema reads it. */
export function bodyOf(draft: Draft) {
  return {
    name: draft.name,
    description: draft.description.trim() || null,
    active: draft.active,
    trigger: draft.trigger,
    // The hour only means something for a daily run (the API drops it otherwise).
    runAt: draft.trigger === 'DAILY' ? draft.runAt.trim() || null : null,
    conditions: conditionsBody(draft.conditions),
    actions: draft.actions.map(actionBody),
  };
}

/**
 * The rule as far as it is filled in, for the summary sentence: an amount still being typed or an
 * action not yet complete is left out rather than said wrong.
 */
export function ruleOf(draft: Draft) {
  const body = conditionsBody(draft.conditions);
  const conditions: StrategyConditions = {
    ...body,
    owedMin: body.owedMin && isMoney(body.owedMin) ? body.owedMin : null,
    owedMax: body.owedMax && isMoney(body.owedMax) ? body.owedMax : null,
  };
  const actions = draft.actions.flatMap(actionRule);
  const runAt = /^\d{2}:\d{2}$/.test(draft.runAt) ? draft.runAt : null;
  return { trigger: draft.trigger, runAt, conditions, actions };
}

/** Field errors keyed like the API's 400 (`conditions.owedMax`, `actions.1.userIds`). */
export type FieldErrors = Record<string, string>;

export function errorsOfIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || 'body';
    errors[field] ??= issue.message;
  }
  return errors;
}
