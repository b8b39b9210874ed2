/**
 * A strategy in plain Spanish (issue 36): the editor shows the rule as a sentence so a manager reads
 * what it will do before saving it, and each debt of a dry run says what it gets.
 */
import { DEBT_STATUSES, type DebtStatus } from './enums';
import { formatMoney } from './money';
import {
  ASSIGN_MODE_LABELS,
  PROMISE_CONDITION_LABELS,
  type StrategyAction,
  type StrategyConditions,
  type StrategyTrigger,
} from './schemas/strategies';

/** The names the sentence needs, by id (what is missing is said by its number). */
export interface StrategyNames {
  companies?: ReadonlyMap<number, string>;
  stages?: ReadonlyMap<number, string>;
  users?: ReadonlyMap<number, string>;
  /** Letter templates by code. */
  templates?: ReadonlyMap<string, string>;
}

const STATUS_WORDS: Record<DebtStatus, string> = {
  ACTIVA: 'activas',
  EN_CONVENIO: 'en convenio',
  CANCELADA: 'canceladas',
  INCOBRABLE: 'incobrables',
  ARCHIVADA: 'archivadas',
};
/** The statuses a new strategy takes: said only when they differ. */
const DEFAULT_STATUSES: readonly DebtStatus[] = ['ACTIVA', 'EN_CONVENIO'];

/** «a», «a y b», «a, b y c» (or «o»). */
export function listWords(words: readonly string[], last: 'y' | 'o' = 'y'): string {
  if (words.length <= 1) return words[0] ?? '';
  return `${words.slice(0, -1).join(', ')} ${last} ${words.at(-1)}`;
}

/** "09:00" → "9:00". */
export const clockTime = (time: string) => time.replace(/^0(\d)/, '$1');

function named(map: ReadonlyMap<number, string> | undefined, id: number, what: string): string;
function named(map: ReadonlyMap<string, string> | undefined, code: string): string;
function named(map: ReadonlyMap<number | string, string> | undefined, key: number | string, what?: string) {
  return map?.get(key) ?? (what ? `${what} N.º ${key}` : String(key));
}

function triggerPhrase(trigger: StrategyTrigger, runAt: string | null): string {
  switch (trigger) {
    case 'DAILY':
      return runAt ? `Todos los días a las ${clockTime(runAt)}` : 'Todos los días (falta la hora)';
    case 'AFTER_IMPORT':
      return 'Después de cada importación de cartera';
    case 'AFTER_PAYMENT':
      return 'Después de cada pago';
    case 'PROMISE_BROKEN':
      return 'Cuando se incumple una promesa de pago';
  }
}

function range(min: string | number | null, max: string | number | null, unit: (v: string) => string) {
  if (min !== null && max !== null)
    return min === max ? unit(String(min)) : `entre ${unit(String(min))} y ${unit(String(max))}`;
  if (min !== null) return `${unit(String(min))} o más`;
  if (max !== null) return `hasta ${unit(String(max))}`;
  return null;
}

/** «deudas de Banco del Plata en extrajudicial con 30 días de mora o más y sin gestión en 7 días». */
export function describeConditions(conditions: StrategyConditions, names: StrategyNames = {}): string {
  const parts: string[] = ['deudas'];
  if (conditions.companyIds.length > 0)
    parts.push(
      `de ${listWords(
        conditions.companyIds.map((id) => named(names.companies, id, 'empresa')),
        'o',
      )}`,
    );
  if (conditions.debtTypeIds.length > 0)
    parts.push(
      `en ${listWords(
        conditions.debtTypeIds.map((id) => named(names.stages, id, 'etapa').toLowerCase()),
        'o',
      )}`,
    );
  const statuses = DEBT_STATUSES.filter((s) => conditions.statuses.includes(s));
  const sameAsDefault =
    statuses.length === DEFAULT_STATUSES.length && DEFAULT_STATUSES.every((s) => statuses.includes(s));
  if (statuses.length > 0 && !sameAsDefault)
    parts.push(
      listWords(
        statuses.map((s) => STATUS_WORDS[s]),
        'o',
      ),
    );
  const filters: string[] = [];
  const pastDue = range(conditions.daysPastDueMin, conditions.daysPastDueMax, (v) =>
    v === '1' ? '1 día' : `${v} días`,
  );
  if (pastDue) filters.push(`con ${pastDue} de mora`);
  const owed = range(conditions.owedMin, conditions.owedMax, (v) => formatMoney(v));
  if (owed) filters.push(`que deben ${owed}`);
  if (conditions.daysWithoutContactMin !== null)
    filters.push(
      conditions.daysWithoutContactMin === 1
        ? 'sin gestión hoy'
        : `sin gestión en ${conditions.daysWithoutContactMin} días`,
    );
  if (conditions.promise !== null) filters.push(PROMISE_CONDITION_LABELS[conditions.promise]);
  if (conditions.hasPhone !== null) filters.push(conditions.hasPhone ? 'con teléfono' : 'sin teléfono');
  if (conditions.hasEmail !== null)
    filters.push(conditions.hasEmail ? 'con correo electrónico' : 'sin correo electrónico');
  if (conditions.assigned !== null)
    filters.push(conditions.assigned ? 'asignadas a un cobrador' : 'sin cobrador asignado');
  if (filters.length > 0) parts.push(listWords(filters));
  return parts.join(' ');
}

/** «pasan a extrajudicial», «se asignan por turnos entre Pérez, Ana y Gómez, Luis», … */
export function describeAction(action: StrategyAction, names: StrategyNames = {}): string {
  switch (action.type) {
    case 'CHANGE_STAGE':
      return `pasan a ${named(names.stages, action.debtTypeId, 'etapa').toLowerCase()}`;
    case 'ASSIGN': {
      const users = action.userIds.map((id) => named(names.users, id, 'usuario'));
      return users.length === 1
        ? `se asignan a ${users[0]}`
        : `se asignan ${ASSIGN_MODE_LABELS[action.mode]} entre ${listWords(users)}`;
    }
    case 'CREATE_TASK': {
      const when =
        action.inDays === 0
          ? 'para el mismo día'
          : action.inDays === 1
            ? 'para el día siguiente'
            : `para ${action.inDays} días después`;
      return `se crea la tarea «${action.title}» ${when} a las ${clockTime(action.time)} para su cobrador`;
    }
    case 'QUEUE_LETTER':
      return `se imprime la carta «${named(names.templates, action.templateCode)}» en el lote del día`;
    case 'SEND_EMAIL':
      return `se envía por correo la carta «${named(names.templates, action.templateCode)}»`;
    case 'SEND_WHATSAPP':
      return `se envía el WhatsApp «${action.template}»`;
    case 'STOP':
      return 'salen de la estrategia (no vuelve a tomarlas)';
  }
}

/**
 * The whole rule: «Todos los días a las 9:00, deudas de Banco del Plata en extrajudicial con 30 días
 * de mora o más y sin gestión en 7 días: pasan a judicial y se crea la tarea «Demandar» …».
 */
export function describeStrategy(
  strategy: {
    trigger: StrategyTrigger;
    runAt: string | null;
    conditions: StrategyConditions;
    actions: readonly StrategyAction[];
  },
  names: StrategyNames = {},
): string {
  const actions = strategy.actions.map((a) => describeAction(a, names));
  const what = actions.length > 0 ? listWords(actions) : 'no hacen nada todavía';
  return `${triggerPhrase(strategy.trigger, strategy.runAt)}, ${describeConditions(strategy.conditions, names)}: ${what}.`;
}
