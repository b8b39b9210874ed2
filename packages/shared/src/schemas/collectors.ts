import { z } from 'zod';
import { CURRENCIES } from '../enums';
import { USER_TYPES } from '../userTypes';

/**
 * GET /api/collectors/load (issue 18; ADMIN): how many open debts each collector has and what they
 * owe. Open: not CANCELADA, ARCHIVADA or INCOBRABLE (CLOSED_DEBT_STATUSES).
 */
export const collectorBalanceSchema = z.object({
  currency: z.enum(CURRENCIES),
  debts: z.number().int(),
  /** Sum of the open debts' balances in that currency, a decimal string ("1234.56"). */
  balance: z.string(),
});
export type CollectorBalance = z.infer<typeof collectorBalanceSchema>;

export const collectorLoadSchema = z.object({
  /** null: the open debts nobody has (the last row, always present). */
  userId: z.number().int().nullable(),
  name: z.string().nullable(),
  role: z.enum(USER_TYPES).nullable(),
  /** An inactive user who still has debts is listed, so that they can be handed to someone else. */
  active: z.boolean().nullable(),
  /** Open debts, every currency. */
  debts: z.number().int(),
  /** One line per currency with open debts (pesos and dollars never added); empty without debts. */
  balances: z.array(collectorBalanceSchema),
});
export type CollectorLoad = z.infer<typeof collectorLoadSchema>;

export const collectorsLoadResponseSchema = z.object({
  /**
   * The users with open debts assigned (any role, active or not) and the active GENERAL users
   * without any, by name; then the unassigned open debts (userId null).
   */
  data: z.array(collectorLoadSchema),
});
export type CollectorsLoad = z.infer<typeof collectorsLoadResponseSchema>;
