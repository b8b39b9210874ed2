import { z } from 'zod';
import { defineCall } from '../call';
import { CURRENCIES, QUOTA_STATUSES } from '../enums';
import { MESSAGES } from '../messages';
import { BASES } from '../owed';
import { dateSchema, idParamsSchema, parseId } from './common';

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

/** A quota as the amount owed sees it (DESIGN.md §11.1, contract). */
export const planQuotaSchema = z.object({
  number: z.number().int(),
  dueDate: z.string(),
  amount: z.string(),
  mora: z.string(),
  paid: z.string(),
  status: z.enum(QUOTA_STATUSES),
});

/**
 * The amount owed on a date (DESIGN.md §10.2 and §11.1, contract): the balance to date's fields, its
 * `basis` (PLAN, RATES or BOOKS), `currency`, and the plan's quotas with their share of the money.
 */
export const debtBalanceSchema = z.object({
  date: z.string(),
  currency: z.string(),
  capital: z.string(),
  interest: z.string(),
  punitive: z.string(),
  services: z.string(),
  paid: z.string(),
  /** The discounts of accepted settlement offers up to the date: they lower the total, not paid money. */
  reductions: z.string(),
  total: z.string(),
  segments: z.array(balanceSegmentSchema),
  basis: z.enum(BASES),
  plan: z.array(planQuotaSchema).nullable(),
});
export type DebtBalance = z.infer<typeof debtBalanceSchema>;

/** The most debts one GET /api/debts/balances asks about: the largest page a list shows. */
export const DEBT_BALANCES_MAX_IDS = 100;

/** "12,15,20" → [12, 15, 20]: canonical ids (parseId), each once, at most DEBT_BALANCES_MAX_IDS. */
const debtIdListSchema = z
  .string({
    error: (issue) => (issue.input === undefined ? MESSAGES.required : MESSAGES.balanceIdsInvalid),
  })
  .transform((text, ctx) => {
    const parts = text.split(',').map((part) => part.trim());
    const ids = parts.map(parseId);
    if (text.trim() === '' || ids.some((id) => id === undefined)) {
      ctx.issues.push({ code: 'custom', message: MESSAGES.balanceIdsInvalid, input: text });
      return z.NEVER;
    }
    const unique = [...new Set(ids as number[])];
    if (unique.length > DEBT_BALANCES_MAX_IDS) {
      ctx.issues.push({
        code: 'custom',
        message: MESSAGES.balanceIdsTooMany(DEBT_BALANCES_MAX_IDS),
        input: text,
      });
      return z.NEVER;
    }
    return unique;
  });

/** GET /api/debts/balances?ids=1,2,3&date= : the date defaults to today at the agency. */
export const debtBalancesQuerySchema = z
  .object({ ids: debtIdListSchema, date: dateSchema.optional() })
  .strict();

/** One debt's «Saldo actualizado»: the balance to date, or its stored balance when it has no rates. */
export const debtBalanceTotalSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  total: z.string(),
  currency: z.enum(CURRENCIES),
});
export type DebtBalanceTotal = z.infer<typeof debtBalanceTotalSchema>;

/** The debts asked about that the user may see, in the order asked; the others are simply absent. */
export const debtBalancesResponseSchema = z.object({ data: z.array(debtBalanceTotalSchema) });
export type DebtBalances = z.infer<typeof debtBalancesResponseSchema>;

/** GET /api/debts/{id}/balance?date= : what the debt owes on the date (the one amount owed). */
export const debtBalanceCall = defineCall({
  method: 'GET',
  path: '/debts/:id/balance',
  tag: 'deudas',
  summary: 'Lo que debe una deuda a una fecha: base, capital, intereses, punitorios, gastos, pagos y cuotas',
  params: idParamsSchema,
  query: balanceQuerySchema,
  answer: debtBalanceSchema,
  errors: {
    400: 'La fecha no es válida o es anterior al origen de la deuda.',
    404: 'La deuda no existe o no es de la empresa del usuario.',
  },
});

/** GET /api/debts/balances?ids=&date= : the «Saldo actualizado» of a list's visible page. */
export const debtBalancesCall = defineCall({
  method: 'GET',
  path: '/debts/balances',
  tag: 'deudas',
  summary: 'Saldo actualizado de varias deudas a una fecha (hasta 100)',
  query: debtBalancesQuerySchema,
  answer: debtBalancesResponseSchema,
  errors: { 400: 'Los ids no son válidos, son más de 100 o la fecha no es válida.' },
});
