/**
 * One action of the strategy editor: what its fields hold, the API body made of it, and the action
 * as `describeAction` reads it for the live summary (nothing while it is not complete).
 */
import {
  type AssignMode,
  STRATEGY_ACTION_LABELS,
  type StrategyAction,
  type StrategyActionType,
} from '@cobranzas/shared';

type Days = number | '';

/** WhatsApp templates' language when none is given (the schema's default). */
export const WHATSAPP_LANGUAGE = 'es_AR';

/** An action being edited; `key` keeps each card's identity while the list is reordered. */
export type ActionDraft = { key: number } & (
  | { type: 'CHANGE_STAGE'; debtTypeId: string | null }
  | { type: 'ASSIGN'; mode: AssignMode; userIds: string[] }
  | { type: 'CREATE_TASK'; title: string; description: string; inDays: Days; time: string }
  | { type: 'QUEUE_LETTER' | 'SEND_EMAIL'; templateCode: string | null }
  | { type: 'SEND_WHATSAPP'; template: string; language: string; parameters: string[] }
  | { type: 'STOP' }
);

/**
 * Every action, in the order the editor offers them (the labels' order: «Detener» last). Taken from
 * the labels, which name every type of the shared schema.
 */
export const ACTION_TYPES = Object.keys(STRATEGY_ACTION_LABELS) as StrategyActionType[];

/** The actions that reach the debtor, under the contact rules. */
export const CONTACT_ACTIONS: readonly StrategyActionType[] = ['QUEUE_LETTER', 'SEND_EMAIL', 'SEND_WHATSAPP'];

let nextKey = 1;
const key = () => nextKey++;
const strings = (ids: readonly number[]) => ids.map(String);
const numbers = (ids: readonly string[]) => ids.map(Number);

export function newAction(type: StrategyActionType): ActionDraft {
  switch (type) {
    case 'CHANGE_STAGE':
      return { key: key(), type, debtTypeId: null };
    case 'ASSIGN':
      return { key: key(), type, mode: 'ROTATION', userIds: [] };
    case 'CREATE_TASK':
      return { key: key(), type, title: '', description: '', inDays: 0, time: '09:00' };
    case 'QUEUE_LETTER':
    case 'SEND_EMAIL':
      return { key: key(), type, templateCode: null };
    case 'SEND_WHATSAPP':
      return { key: key(), type, template: '', language: WHATSAPP_LANGUAGE, parameters: [] };
    default:
      return { key: key(), type: 'STOP' };
  }
}

/** A saved action in the editor's fields. */
export function actionDraftOf(action: StrategyAction): ActionDraft {
  switch (action.type) {
    case 'CHANGE_STAGE':
      return { key: key(), type: action.type, debtTypeId: String(action.debtTypeId) };
    case 'ASSIGN':
      return { key: key(), type: action.type, mode: action.mode, userIds: strings(action.userIds) };
    case 'CREATE_TASK':
      return { ...action, key: key(), description: action.description ?? '' };
    case 'QUEUE_LETTER':
    case 'SEND_EMAIL':
      return { key: key(), type: action.type, templateCode: action.templateCode };
    case 'SEND_WHATSAPP':
      return { ...action, key: key(), parameters: [...action.parameters] };
    default:
      return { key: key(), type: 'STOP' };
  }
}

/** The action as the API takes it (an incomplete one is sent as is: the schema names what is missing). */
export function actionBody(action: ActionDraft) {
  switch (action.type) {
    case 'CHANGE_STAGE':
      return { type: action.type, debtTypeId: action.debtTypeId === null ? null : Number(action.debtTypeId) };
    case 'ASSIGN':
      return { type: action.type, mode: action.mode, userIds: numbers(action.userIds) };
    case 'CREATE_TASK':
      return {
        type: action.type,
        title: action.title,
        description: action.description.trim() || null,
        inDays: action.inDays === '' ? null : action.inDays,
        time: action.time.trim(),
      };
    case 'QUEUE_LETTER':
    case 'SEND_EMAIL':
      return { type: action.type, templateCode: action.templateCode };
    case 'SEND_WHATSAPP':
      return {
        type: action.type,
        template: action.template.trim(),
        language: action.language.trim() || WHATSAPP_LANGUAGE,
        parameters: action.parameters,
      };
    case 'STOP':
      return { type: action.type };
  }
}

const TIME = /^\d{2}:\d{2}$/;

/** The action for the summary sentence, or none while a required field is empty. */
export function actionRule(action: ActionDraft): StrategyAction[] {
  switch (action.type) {
    case 'CHANGE_STAGE':
      return action.debtTypeId === null ? [] : [{ type: action.type, debtTypeId: Number(action.debtTypeId) }];
    case 'ASSIGN':
      return action.userIds.length === 0
        ? []
        : [{ type: action.type, mode: action.mode, userIds: numbers(action.userIds) }];
    case 'CREATE_TASK':
      return action.title.trim() === ''
        ? []
        : [
            {
              type: action.type,
              title: action.title.trim(),
              description: null,
              inDays: action.inDays === '' ? 0 : action.inDays,
              time: TIME.test(action.time) ? action.time : '09:00',
            },
          ];
    case 'QUEUE_LETTER':
    case 'SEND_EMAIL':
      return action.templateCode === null ? [] : [{ type: action.type, templateCode: action.templateCode }];
    case 'SEND_WHATSAPP':
      return action.template.trim() === ''
        ? []
        : [
            {
              type: action.type,
              template: action.template.trim(),
              language: action.language.trim() || WHATSAPP_LANGUAGE,
              parameters: action.parameters,
            },
          ];
    default:
      return [{ type: 'STOP' }];
  }
}
