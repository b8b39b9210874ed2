import './zodConfig';
import { z } from 'zod';
import { defineCall } from '../call';
import { TIME_OF_DAY } from '../contactRules';
import { CURRENCIES, DEBT_STATUSES } from '../enums';
import { isLetterField } from '../letters';
import { compareMoney } from '../money';
import { defineResource } from '../resource';
import {
  idFilter,
  idParamsSchema,
  idSchema,
  nonNegativeMoneySchema,
  optionalNote,
  partialUpdate,
  requiredText,
  timestamps,
} from './common';
import { IMPORT_STATUSES } from './imports';

/**
 * Strategies (DESIGN.md §11.5, issue 36): a rule an ADMIN writes — when it runs, which debts it
 * takes, what it does to each, in order — run by a durable job over thousands of debts, within the
 * contact rules. GENERAL may read them and their runs; a CLIENTE never.
 */

/** When a strategy runs by itself (a person may also run it now). */
export const STRATEGY_TRIGGERS = ['DAILY', 'AFTER_IMPORT', 'AFTER_PAYMENT', 'PROMISE_BROKEN'] as const;
export type StrategyTrigger = (typeof STRATEGY_TRIGGERS)[number];
export const STRATEGY_TRIGGER_LABELS: Record<StrategyTrigger, string> = {
  DAILY: 'Todos los días a una hora',
  AFTER_IMPORT: 'Después de importar una cartera',
  AFTER_PAYMENT: 'Después de un pago',
  PROMISE_BROKEN: 'Cuando se incumple una promesa',
};

/** The state of the debt's latest promise, as the queue keeps it (DESIGN.md §10.3). */
export const PROMISE_CONDITIONS = ['NINGUNA', 'PENDIENTE', 'INCUMPLIDA', 'CUMPLIDA'] as const;
export type PromiseCondition = (typeof PROMISE_CONDITIONS)[number];
export const PROMISE_CONDITION_LABELS: Record<PromiseCondition, string> = {
  NINGUNA: 'sin promesa de pago',
  PENDIENTE: 'con una promesa de pago pendiente',
  INCUMPLIDA: 'con la última promesa de pago incumplida',
  CUMPLIDA: 'con la última promesa de pago cumplida',
};

export const STRATEGY_MESSAGES = {
  rangeOrder: 'El mínimo no puede ser mayor que el máximo.',
  timeRequired: 'Indique la hora (HH:MM) en que corre todos los días.',
  timeInvalid: 'La hora debe tener el formato HH:MM.',
  actionsRequired: 'Agregue al menos una acción.',
  stopLast: '«Detener» debe ser la última acción.',
  oneOfEach: (label: string) => `La acción «${label}» está más de una vez.`,
  collectorsRequired: 'Elija al menos un cobrador.',
  inactive: 'La estrategia está desactivada: actívela para ejecutarla.',
  hasRuns: 'La estrategia ya se ejecutó: desactívela en lugar de eliminarla, para conservar su historial.',
  runEnded: 'La ejecución ya terminó.',
  stageNotFound: 'La etapa no existe.',
  collectorNotFound: (id: number) => `El cobrador N.º ${id} no existe o no está activo.`,
  companyNotFound: (id: number) => `La empresa N.º ${id} no existe.`,
  userNotFound: 'El usuario no existe o no está activo.',
  templateNotFound: (code: string) => `La plantilla de carta «${code}» no existe.`,
  whatsappTemplate: 'El nombre de la plantilla de WhatsApp va en minúsculas, números y guiones bajos.',
  whatsappLanguage: 'El idioma de la plantilla va como «es» o «es_AR».',
  unknownField: 'Ese campo no existe: elija uno de la lista de campos de las cartas.',
} as const;

const templateCodeSchema = z
  .string({ error: 'Elija una plantilla de carta.' })
  .trim()
  .min(1, { error: 'Elija una plantilla de carta.' })
  .max(40);

const days = z
  .number({ error: 'Debe ser un número de días.' })
  .int({ error: 'Debe ser un número entero de días.' })
  .min(0, { error: 'No puede ser negativo.' })
  .max(36_500, { error: 'Debe ser 36500 días o menos.' });
const optionalDays = days.nullish().transform((v) => v ?? null);
const optionalMoney = nonNegativeMoneySchema.nullish().transform((v) => v ?? null);
const ids = z.array(idSchema).max(200).default([]);
const optionalFlag = z
  .boolean()
  .nullish()
  .transform((v) => v ?? null);

/**
 * Which debts a strategy takes: every condition given must hold (an empty list or null: any).
 * Days past due count from the debt's default date (else its origin); the amount owed is the one
 * figure of §11.1 on the run's day; days without contact count from the last contact by a person
 * (a debt never contacted has gone without contact for ever).
 */
export const strategyConditionsSchema = z
  .object({
    companyIds: ids,
    debtTypeIds: ids,
    statuses: z.array(z.enum(DEBT_STATUSES)).max(DEBT_STATUSES.length).default(['ACTIVA', 'EN_CONVENIO']),
    daysPastDueMin: optionalDays,
    daysPastDueMax: optionalDays,
    owedMin: optionalMoney,
    owedMax: optionalMoney,
    /** 1: not contacted today; 7: not in the last seven days (0 would take every debt). */
    daysWithoutContactMin: days
      .min(1, { error: 'Debe ser 1 o más días.' })
      .nullish()
      .transform((v) => v ?? null),
    promise: z
      .enum(PROMISE_CONDITIONS)
      .nullish()
      .transform((v) => v ?? null),
    hasPhone: optionalFlag,
    hasEmail: optionalFlag,
    assigned: optionalFlag,
  })
  .superRefine((c, ctx) => {
    if (c.daysPastDueMin !== null && c.daysPastDueMax !== null && c.daysPastDueMin > c.daysPastDueMax)
      ctx.addIssue({ code: 'custom', path: ['daysPastDueMax'], message: STRATEGY_MESSAGES.rangeOrder });
    if (c.owedMin !== null && c.owedMax !== null && compareMoney(c.owedMin, c.owedMax) > 0)
      ctx.addIssue({ code: 'custom', path: ['owedMax'], message: STRATEGY_MESSAGES.rangeOrder });
  });
export type StrategyConditions = z.output<typeof strategyConditionsSchema>;
export type StrategyConditionsInput = z.input<typeof strategyConditionsSchema>;

export const ASSIGN_MODES = ['ROTATION', 'LEAST_LOAD'] as const;
export type AssignMode = (typeof ASSIGN_MODES)[number];
export const ASSIGN_MODE_LABELS: Record<AssignMode, string> = {
  ROTATION: 'por turnos',
  LEAST_LOAD: 'al de menos deudas',
};

/** What a strategy does to each debt, in order. */
export const strategyActionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('CHANGE_STAGE'), debtTypeId: idSchema }),
  z.object({
    type: z.literal('ASSIGN'),
    mode: z.enum(ASSIGN_MODES),
    userIds: z.array(idSchema).min(1, { error: STRATEGY_MESSAGES.collectorsRequired }).max(200),
  }),
  z.object({
    type: z.literal('CREATE_TASK'),
    title: requiredText(200),
    description: optionalNote(2000),
    /** Due this many days after the run's day, at this time (agency time). */
    inDays: z.number().int().min(0).max(365).default(0),
    time: z.string().regex(TIME_OF_DAY, { error: STRATEGY_MESSAGES.timeInvalid }).default('09:00'),
  }),
  /** A letter template, queued for the day's print batch (one PDF of every letter queued). */
  z.object({ type: z.literal('QUEUE_LETTER'), templateCode: templateCodeSchema }),
  /** A letter template sent by e-mail (its subject and body), with the portal's link to opt out. */
  z.object({ type: z.literal('SEND_EMAIL'), templateCode: templateCodeSchema }),
  /**
   * A WhatsApp template approved at the provider, its body's parameters filled, in order, with these
   * merge fields of the letters ({{deudor.nombre}} → `deudor.nombre`).
   */
  z.object({
    type: z.literal('SEND_WHATSAPP'),
    template: z
      .string({ error: STRATEGY_MESSAGES.whatsappTemplate })
      .trim()
      .regex(/^[a-z0-9_]{1,512}$/, { error: STRATEGY_MESSAGES.whatsappTemplate }),
    language: z
      .string()
      .trim()
      .regex(/^[a-z]{2}(?:_[A-Z]{2})?$/, { error: STRATEGY_MESSAGES.whatsappLanguage })
      .default('es_AR'),
    parameters: z
      .array(z.string().refine(isLetterField, { error: STRATEGY_MESSAGES.unknownField }))
      .max(10)
      .default([]),
  }),
  /** The debt leaves the strategy: later runs of it never take it again. */
  z.object({ type: z.literal('STOP') }),
]);
export type StrategyAction = z.output<typeof strategyActionSchema>;
export type StrategyActionType = StrategyAction['type'];
export const STRATEGY_ACTION_TYPES = [
  'CHANGE_STAGE',
  'ASSIGN',
  'CREATE_TASK',
  'QUEUE_LETTER',
  'SEND_EMAIL',
  'SEND_WHATSAPP',
  'STOP',
] as const satisfies readonly StrategyActionType[];
/** The actions that contact the debtor: the contact rules decide them debt by debt. */
export const CONTACT_ACTION_TYPES: readonly StrategyActionType[] = [
  'QUEUE_LETTER',
  'SEND_EMAIL',
  'SEND_WHATSAPP',
];
export const STRATEGY_ACTION_LABELS: Record<StrategyActionType, string> = {
  CHANGE_STAGE: 'Cambiar de etapa',
  ASSIGN: 'Asignar a un cobrador',
  CREATE_TASK: 'Crear una tarea',
  QUEUE_LETTER: 'Imprimir una carta',
  SEND_EMAIL: 'Enviar un correo',
  SEND_WHATSAPP: 'Enviar un WhatsApp',
  STOP: 'Detener',
};

const actionsSchema = z
  .array(strategyActionSchema)
  .min(1, { error: STRATEGY_MESSAGES.actionsRequired })
  .max(10)
  .superRefine((actions, ctx) => {
    const stop = actions.findIndex((a) => a.type === 'STOP');
    if (stop !== -1 && stop !== actions.length - 1)
      ctx.addIssue({ code: 'custom', path: [stop], message: STRATEGY_MESSAGES.stopLast });
    const seen = new Set<string>();
    actions.forEach((action, index) => {
      // Two stage changes or two assignments in one pass would undo each other; two messages of one
      // kind in one pass are one too many.
      if (action.type !== 'CREATE_TASK' && seen.has(action.type))
        ctx.addIssue({
          code: 'custom',
          path: [index],
          message: STRATEGY_MESSAGES.oneOfEach(STRATEGY_ACTION_LABELS[action.type]),
        });
      seen.add(action.type);
    });
  });

const runAtSchema = z
  .string()
  .regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, { error: STRATEGY_MESSAGES.timeInvalid })
  .nullish()
  .transform((v) => v ?? null);

/** The conditions and actions as the API answers them (plain values: answers are encoded, not parsed). */
const conditionsAnswer = z.object({
  companyIds: z.array(z.number().int()),
  debtTypeIds: z.array(z.number().int()),
  statuses: z.array(z.enum(DEBT_STATUSES)),
  daysPastDueMin: z.number().int().nullable(),
  daysPastDueMax: z.number().int().nullable(),
  owedMin: z.string().nullable(),
  owedMax: z.string().nullable(),
  daysWithoutContactMin: z.number().int().nullable(),
  promise: z.enum(PROMISE_CONDITIONS).nullable(),
  hasPhone: z.boolean().nullable(),
  hasEmail: z.boolean().nullable(),
  assigned: z.boolean().nullable(),
});
const actionAnswer = z.discriminatedUnion('type', [
  z.object({ type: z.literal('CHANGE_STAGE'), debtTypeId: z.number().int() }),
  z.object({ type: z.literal('ASSIGN'), mode: z.enum(ASSIGN_MODES), userIds: z.array(z.number().int()) }),
  z.object({
    type: z.literal('CREATE_TASK'),
    title: z.string(),
    description: z.string().nullable(),
    inDays: z.number().int(),
    time: z.string(),
  }),
  z.object({ type: z.literal('QUEUE_LETTER'), templateCode: z.string() }),
  z.object({ type: z.literal('SEND_EMAIL'), templateCode: z.string() }),
  z.object({
    type: z.literal('SEND_WHATSAPP'),
    template: z.string(),
    language: z.string(),
    parameters: z.array(z.string()),
  }),
  z.object({ type: z.literal('STOP') }),
]);

export const strategySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  active: z.boolean(),
  trigger: z.enum(STRATEGY_TRIGGERS),
  /** DAILY: "HH:MM" at the agency. */
  runAt: z.string().nullable(),
  conditions: conditionsAnswer,
  actions: z.array(actionAnswer),
  createdBy: z.number().int().nullable(),
  createdByName: z.string().nullable(),
  /** The latest run's start, and its status word. */
  lastRunAt: z.string().nullable(),
  lastRunStatus: z.enum(IMPORT_STATUSES).nullable(),
  ...timestamps,
});
export type Strategy = z.infer<typeof strategySchema>;

const strategyBase = z.object({
  name: requiredText(120),
  description: optionalNote(2000),
  active: z.boolean().default(true),
  trigger: z.enum(STRATEGY_TRIGGERS),
  runAt: runAtSchema,
  conditions: strategyConditionsSchema.default(strategyConditionsSchema.parse({})),
  actions: actionsSchema,
});
const needsTime = (value: { trigger?: StrategyTrigger; runAt?: string | null }) =>
  value.trigger !== 'DAILY' || (value.runAt ?? null) !== null;

export const strategyCreateSchema = strategyBase.refine(needsTime, {
  path: ['runAt'],
  error: STRATEGY_MESSAGES.timeRequired,
});
export type StrategyCreate = z.input<typeof strategyCreateSchema>;
export const strategyUpdateSchema = partialUpdate(strategyBase);

export const strategiesResource = defineResource({
  path: 'strategies',
  label: 'estrategias',
  item: strategySchema,
  create: strategyCreateSchema,
  update: strategyUpdateSchema,
  sortable: ['name', 'id', 'createdAt'],
  filters: { trigger: z.enum(STRATEGY_TRIGGERS).optional(), active: z.stringbool().optional() },
});

// ——— Runs ———

/** A run's status: its job's, in the words an import's uses. */
export const STRATEGY_RUN_STATUSES = IMPORT_STATUSES;

/** What a run did to one debt. */
export const RUN_OUTCOMES = ['APPLIED', 'UNCHANGED', 'BLOCKED'] as const;
export type RunOutcome = (typeof RUN_OUTCOMES)[number];
export const RUN_OUTCOME_LABELS: Record<RunOutcome, string> = {
  APPLIED: 'Aplicada',
  UNCHANGED: 'Sin cambios',
  BLOCKED: 'Bloqueada por las reglas de contacto',
};

export const RUN_SOURCES = ['MANUAL', ...STRATEGY_TRIGGERS] as const;
export type RunSource = (typeof RUN_SOURCES)[number];
export const RUN_SOURCE_LABELS: Record<RunSource, string> = {
  MANUAL: 'Ejecutada a mano',
  DAILY: 'Diaria',
  AFTER_IMPORT: 'Después de una importación',
  AFTER_PAYMENT: 'Después de pagos',
  PROMISE_BROKEN: 'Promesas incumplidas',
};

export const strategyRunCountsSchema = z.object({
  /** Debts the conditions took. */
  matched: z.number().int(),
  applied: z.number().int(),
  /** Every action was already so (the stage, the collector) and nothing else was to be done. */
  unchanged: z.number().int(),
  /** Kept from every action by a contact rule: listed with the reason. */
  blocked: z.number().int(),
});
export type StrategyRunCounts = z.infer<typeof strategyRunCountsSchema>;

export const strategyRunSchema = z.object({
  id: z.number().int(),
  strategyId: z.number().int(),
  strategyName: z.string(),
  source: z.enum(RUN_SOURCES),
  /** What the trigger hands the run, in words («Importación N.º 12», «Pagos del 28/11/2026 …»). */
  scope: z.string().nullable(),
  /** The day the run's figures are of (days past due, the amount owed). */
  runDate: z.string(),
  status: z.enum(STRATEGY_RUN_STATUSES),
  /** About how many debts the run will go through (counted when it starts; null before): its bar's end. */
  expected: z.number().int().nullable(),
  counts: strategyRunCountsSchema,
  error: z.string().nullable(),
  createdBy: z.number().int().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type StrategyRun = z.infer<typeof strategyRunSchema>;

export const strategyRunsResource = defineResource({
  path: 'strategy-runs',
  label: 'ejecuciones de estrategias',
  item: strategyRunSchema,
  sortable: ['createdAt', 'id'],
  filters: { strategyId: idFilter, status: z.enum(STRATEGY_RUN_STATUSES).optional() },
  operations: ['list', 'read'],
  searchable: false,
});

// ——— Calls ———

const TAG = 'estrategias';

/** A debt as the dry run and a run's list show it, with what it gets (or why not). */
export const strategyDebtSchema = z.object({
  debtId: z.number().int(),
  debtorName: z.string(),
  dni: z.string(),
  companyName: z.string(),
  reference: z.string().nullable(),
  stageName: z.string(),
  daysPastDue: z.number().int().nullable(),
  /** The amount owed on the run's day (§11.1), with its currency. */
  owed: z.string(),
  currency: z.enum(CURRENCIES),
  assignedUserName: z.string().nullable(),
  /** What it gets, in words, in the actions' order («Pasa a Extrajudicial», «Se asigna a Pérez, Ana»). */
  actions: z.array(z.string()),
  outcome: z.enum(RUN_OUTCOMES),
  /** BLOCKED: the contact rule that kept it. */
  reason: z.string().nullable(),
});
export type StrategyDebt = z.infer<typeof strategyDebtSchema>;

const pageQuery = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};

export const strategyDryRunCall = defineCall({
  method: 'POST',
  path: '/strategies/:id/dry-run',
  tag: TAG,
  summary: 'Simular una estrategia: cuántas deudas toma y qué recibiría cada una (no escribe nada)',
  params: idParamsSchema,
  query: z.object(pageQuery),
  answer: z.object({
    total: z.number().int(),
    /** Of total, those a contact rule would keep from every action. */
    blocked: z.number().int(),
    runDate: z.string(),
    data: z.array(strategyDebtSchema),
  }),
  errors: { 403: 'Solo un administrador.', 404: 'La estrategia no existe.' },
});

export const strategyRunNowCall = defineCall({
  method: 'POST',
  path: '/strategies/:id/run',
  tag: TAG,
  summary: 'Ejecutar una estrategia ahora sobre todas las deudas que cumplen sus condiciones',
  params: idParamsSchema,
  status: 201,
  answer: strategyRunSchema,
  errors: { 403: 'Solo un administrador.', 404: 'La estrategia no existe.', 409: STRATEGY_MESSAGES.inactive },
});

export const strategyRunCancelCall = defineCall({
  method: 'POST',
  path: '/strategy-runs/:id/cancel',
  tag: TAG,
  summary: 'Detener una ejecución en curso (lo ya aplicado queda aplicado)',
  params: idParamsSchema,
  answer: strategyRunSchema,
  errors: { 403: 'Solo un administrador.', 404: 'La ejecución no existe.', 409: STRATEGY_MESSAGES.runEnded },
});

export const strategyRunDebtsCall = defineCall({
  method: 'GET',
  path: '/strategy-runs/:id/debts',
  tag: TAG,
  summary: 'Las deudas de una ejecución y qué recibió cada una (o qué regla la bloqueó)',
  params: idParamsSchema,
  query: z.object({ outcome: z.enum(RUN_OUTCOMES).optional(), ...pageQuery }),
  answer: z.object({ total: z.number().int(), data: z.array(strategyDebtSchema) }),
  errors: { 404: 'La ejecución no existe.' },
});

/** The ids a strategy names, checked against the catalogs before it is saved. */
export function strategyReferences(value: { conditions?: StrategyConditions; actions?: StrategyAction[] }) {
  const stages = new Set<number>(value.conditions?.debtTypeIds ?? []);
  const users = new Set<number>();
  const templates = new Set<string>();
  for (const action of value.actions ?? []) {
    if (action.type === 'CHANGE_STAGE') stages.add(action.debtTypeId);
    if (action.type === 'ASSIGN') for (const id of action.userIds) users.add(id);
    if (action.type === 'QUEUE_LETTER' || action.type === 'SEND_EMAIL') templates.add(action.templateCode);
  }
  return {
    companies: [...new Set(value.conditions?.companyIds ?? [])],
    stages: [...stages],
    users: [...users],
    templates: [...templates],
  };
}
