import { z } from 'zod';
import { idFilter } from './common';
import { contactAttemptsSchema } from './contacts';
import { debtSchema } from './debts';

/**
 * The collector's queue (DESIGN.md §10.3, contract): the debts assigned to a user that need work
 * today, best first, each with why. The score is explained in docs/decisions.md («La cola»).
 */
export const QUEUE_REASONS = [
  'PROMESA_INCUMPLIDA',
  'PROMESA_HOY',
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

export const queueItemSchema = z.object({
  debt: debtSchema,
  /** What the debt owes today: the amount owed (DESIGN.md §11.1), interest included under RATES. */
  owed: z.string(),
  reasons: z.array(queueReasonSchema),
  score: z.number().int(),
  /**
   * The debtor's contact attempts today and this week (any of its debts) and the company's caps
   * (issue 18): a debt whose debtor reached a cap, cannot be called now (outside contact hours) or has
   * no open phone of its own is not offered at all.
   */
  attempts: contactAttemptsSchema,
});
export type QueueItem = z.infer<typeof queueItemSchema>;

export const queueResponseSchema = z.object({
  data: z.array(queueItemSchema),
  /** Debts in today's queue (all pages). */
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type QueueResponse = z.infer<typeof queueResponseSchema>;
