import { z } from 'zod';
import { idFilter } from './common';
import { contactAttemptsSchema } from './contacts';
import { debtSchema } from './debts';

/**
 * The collector's queue (DESIGN.md §10.3, contract): the debts assigned to a user that need work
 * today, best first, each with why. The score is explained in docs/decisions.md («La cola»).
 */
export const QUEUE_REASONS = [
  // Issue 34: what the debtor asked for in the portal, for staff to act on.
  'DESCONOCE_DEUDA',
  'PEDIDO_LLAMADA',
  'PROMESA_INCUMPLIDA',
  'PROMESA_HOY',
  // Issue 37: its claim prescribes within 60 days (PRESCRIPTION_WARNING_DAYS).
  'PRESCRIBE_PRONTO',
  'CUOTA_VENCIDA',
  'TAREA_HOY',
  'SIN_CONTACTO',
] as const;
export type QueueReasonCode = (typeof QUEUE_REASONS)[number];

/** Days without a contact after which a debt needs a call (or never contacted at all). */
export const QUEUE_STALE_DAYS = 7;

export const queueQuerySchema = z
  .object({
    /** ADMIN: whose queue (default: the caller's own). */
    userId: idFilter,
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(25),
  })
  .strict();

export const queueReasonSchema = z.object({
  code: z.enum(QUEUE_REASONS),
  /** In Spanish, for the screen: «Promesa incumplida del 20/11/2026 ($ 5.000,00)». */
  label: z.string(),
});
export type QueueReason = z.infer<typeof queueReasonSchema>;

/**
 * Why a debt that needs work today cannot be called now (DESIGN.md §11.2): it stays in the queue,
 * after the callable ones, grouped in this order (each group by score). One code, the first that
 * holds: disputed in the portal (issue 34), no open phone of the debtor's own, outside its contact
 * hours, a cap of attempts reached (the week's before the day's: it lasts longer).
 */
export const NOT_CALLABLE_CODES = [
  // Issue 34: the debtor disputed it in the portal; nobody contacts them until staff resolve it. First
  // of those that cannot be called: resolving it is work for today.
  'DISPUTED',
  'NO_PHONE',
  'OUTSIDE_HOURS',
  'ATTEMPTS_PER_WEEK',
  'ATTEMPTS_PER_DAY',
] as const;
export type NotCallableCode = (typeof NOT_CALLABLE_CODES)[number];

/**
 * What can still be done with a debt that cannot be called now: look for a phone (the debtor's
 * file), write to its own open e-mail, send a letter (no channel: not an attempt), schedule a task.
 */
export const QUEUE_ALTERNATIVES = ['FIND_PHONE', 'EMAIL', 'LETTER', 'TASK'] as const;
export type QueueAlternative = (typeof QUEUE_ALTERNATIVES)[number];
/** Short: two buttons fit a line of the queue's table and of a phone's card. */
export const QUEUE_ALTERNATIVE_LABELS: Record<QueueAlternative, string> = {
  FIND_PHONE: 'Buscar teléfono',
  EMAIL: 'Escribir correo',
  LETTER: 'Generar carta',
  TASK: 'Agendar tarea',
};

export const notCallableSchema = z.object({
  code: z.enum(NOT_CALLABLE_CODES),
  /** In Spanish: «Fuera del horario de contacto (08:00 a 12:00)», «Sin teléfono disponible». */
  label: z.string(),
  /** What can still be done, most useful first. */
  alternatives: z.array(z.enum(QUEUE_ALTERNATIVES)),
});
export type NotCallable = z.infer<typeof notCallableSchema>;

export const queueItemSchema = z.object({
  debt: debtSchema,
  /** What the debt owes today: the amount owed (DESIGN.md §11.1), interest included under RATES. */
  owed: z.string(),
  reasons: z.array(queueReasonSchema),
  score: z.number().int(),
  /** The debtor's contact attempts today and this week (any of its debts) and the company's caps. */
  attempts: contactAttemptsSchema,
  /** Whether its debtor may be called now (DESIGN.md §11.2); callable items come first. */
  callableNow: z.boolean(),
  /** Why not, and what can still be done; null when callable. */
  notCallable: notCallableSchema.nullable(),
});
export type QueueItem = z.infer<typeof queueItemSchema>;

export const queueResponseSchema = z.object({
  data: z.array(queueItemSchema),
  /** Debts in today's queue (all pages), callable now or not. */
  total: z.number().int(),
  /** Of them, those that can be called now (the first ones). */
  callableTotal: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type QueueResponse = z.infer<typeof queueResponseSchema>;
