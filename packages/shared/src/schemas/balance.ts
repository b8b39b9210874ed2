import { z } from 'zod';
import { dateSchema } from './common';

/** GET /api/debts/{id}/balance?date= (DESIGN.md §10.2, contract): the date defaults to today at the agency. */
export const balanceQuerySchema = z.object({ date: dateSchema.optional() }).strict();

const balanceSegmentSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.number().int(),
  capital: z.string(),
  kind: z.enum(['interest', 'punitive']),
  annualRate: z.string(),
  amount: z.string(),
});

/**
 * The balance to date (contract fields), plus `currency` and `plan`: a debt with a payment plan keeps
 * its quotas as what is owed, and the answer says so (`plan.quotas`, `plan.unpaid`).
 */
export const debtBalanceSchema = z.object({
  date: z.string(),
  currency: z.string(),
  capital: z.string(),
  interest: z.string(),
  punitive: z.string(),
  services: z.string(),
  paid: z.string(),
  total: z.string(),
  segments: z.array(balanceSegmentSchema),
  plan: z.object({ quotas: z.number().int(), unpaid: z.number().int() }).nullable(),
});
export type DebtBalance = z.infer<typeof debtBalanceSchema>;
