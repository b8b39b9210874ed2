import { z } from 'zod';
import { defineCall } from '../call';
import { PAYMENT_METHODS, QUOTA_STATUSES } from '../enums';
import { defineResource } from '../resource';
import {
  dateSchema,
  idFilter,
  idParamsSchema,
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

const quotaNotFound = 'La cuota no existe o no es de la empresa del usuario.';

/** POST /api/quotas/plan: the installments, in one transaction; the debt becomes EN_CONVENIO. */
export const paymentPlanCall = defineCall({
  method: 'POST',
  path: '/quotas/plan',
  tag: 'cuotas',
  summary: 'Crear un plan de pagos (cuotas mensuales)',
  body: paymentPlanSchema,
  answer: paymentPlanResultSchema,
  status: 201,
  errors: {
    400: 'Los datos del plan no son válidos.',
    404: 'La deuda no existe o no es de la empresa del usuario.',
    409: 'La deuda está cerrada, tiene cuotas impagas o el total supera lo que debe.',
  },
});

/** PATCH /api/quotas/{id}/pay: the quota's payment (amount + mora − what it already got). */
export const quotaPayCall = defineCall({
  method: 'PATCH',
  path: '/quotas/:id/pay',
  tag: 'cuotas',
  summary: 'Registrar el pago de una cuota',
  params: idParamsSchema,
  body: quotaPaySchema,
  answer: quotaSchema,
  errors: {
    400: 'La fecha del pago es futura o anterior al origen de la deuda.',
    404: quotaNotFound,
    409: 'La cuota ya está pagada, la deuda está cerrada o el pago supera lo que debe.',
  },
});

/** PATCH /api/quotas/{id}/mora: EN_MORA with the given mora, or simple interest for the days late. */
export const quotaMoraCall = defineCall({
  method: 'PATCH',
  path: '/quotas/:id/mora',
  tag: 'cuotas',
  summary: 'Marcar una cuota en mora',
  params: idParamsSchema,
  body: quotaMoraSchema,
  answer: quotaSchema,
  errors: {
    400: 'La mora no es un importe válido.',
    404: quotaNotFound,
    409: 'La cuota ya está pagada, todavía no venció o la deuda está cerrada.',
  },
});

/** DELETE /api/quotas/{id}/payment: the quota's payment undone by a REVERSAL; the quota owes again. */
export const quotaPaymentUndoCall = defineCall({
  method: 'DELETE',
  path: '/quotas/:id/payment',
  tag: 'cuotas',
  summary: 'Anular el pago de una cuota (la cuota vuelve a quedar impaga)',
  params: idParamsSchema,
  answer: null,
  errors: {
    404: quotaNotFound,
    409: 'La cuota no está pagada o su pago ya está en una rendición cerrada.',
  },
});
