import { z } from 'zod';
import { PAYMENT_METHODS, QUOTA_STATUSES } from '../enums';
import { defineResource } from '../resource';
import {
  dateSchema,
  idFilter,
  idSchema,
  nonNegativeMoneySchema,
  optionalText,
  partialUpdate,
  positiveMoneySchema,
  timestamps,
} from './common';

/** An installment of a payment plan (DESIGN.md §8). */
export const quotaSchema = z.object({
  id: z.number().int(),
  debtId: z.number().int(),
  number: z.number().int(),
  amount: z.string(),
  dueDate: z.string(),
  status: z.enum(QUOTA_STATUSES),
  moraAmount: z.string(),
  /** What the payments since the plan paid of it (amount + mora): PARCIAL while short (§11.1). */
  paidAmount: z.string(),
  paidAt: z.string().nullable(),
  paymentId: z.number().int().nullable(),
  ...timestamps,
});
export type Quota = z.infer<typeof quotaSchema>;

export const quotaCreateSchema = z.object({
  debtId: idSchema,
  number: z.coerce.number().int().min(1).max(999),
  amount: positiveMoneySchema,
  dueDate: dateSchema,
});
/** Status, mora and payment change only through /pay and /mora. */
export const quotaUpdateSchema = partialUpdate(quotaCreateSchema.omit({ debtId: true }));

export const quotasResource = defineResource({
  path: 'quotas',
  label: 'cuotas',
  item: quotaSchema,
  create: quotaCreateSchema,
  update: quotaUpdateSchema,
  sortable: ['id', 'number', 'dueDate', 'amount'],
  // A quota has no text to search (issue 30): `q` is refused like any unknown parameter.
  searchable: false,
  filters: {
    debtId: idFilter,
    status: z.enum(QUOTA_STATUSES).optional(),
    dueFrom: dateSchema.optional(),
    dueTo: dateSchema.optional(),
  },
});

/** POST /quotas/plan: N installments from a first due date, monthly; the total is split to the cent. */
export const paymentPlanSchema = z.object({
  debtId: idSchema,
  installments: z.coerce
    .number({ error: 'Indique la cantidad de cuotas.' })
    .int()
    .min(1, { error: 'Al menos una cuota.' })
    .max(120, { error: 'Como máximo 120 cuotas.' }),
  firstDueDate: dateSchema,
  /** defaults to the debt's current balance */
  total: positiveMoneySchema.optional(),
});
export type PaymentPlan = z.input<typeof paymentPlanSchema>;
/** The answer of POST /quotas/plan: the new installments, in order. */
export const paymentPlanResultSchema = z.object({
  debtId: z.number().int(),
  total: z.string(),
  quotas: z.array(quotaSchema),
});
export type PaymentPlanResult = z.infer<typeof paymentPlanResultSchema>;

/** PATCH /quotas/{id}/pay (body optional). */
export const quotaPaySchema = z
  .object({
    paidAt: dateSchema.optional(),
    method: z.enum(PAYMENT_METHODS).default('EFECTIVO'),
    receiptNumber: optionalText(60),
  })
  .default({ method: 'EFECTIVO', receiptNumber: null });

/** PATCH /quotas/{id}/mora (body optional; without moraAmount, simple interest at the debt's rate). */
export const quotaMoraSchema = z.object({ moraAmount: nonNegativeMoneySchema.optional() }).default({});
