import { z } from 'zod';
import { defineCall } from '../call';
import { PAYMENT_METHODS } from '../enums';
import { defineResource } from '../resource';
import {
  dateSchema,
  idFilter,
  idParamsSchema,
  idSchema,
  optionalNote,
  optionalText,
  partialUpdate,
  positiveMoneySchema,
  timestamps,
} from './common';

/** Money the debtor paid, maybe settling a quota (DESIGN.md §8). */
export const paymentSchema = z.object({
  id: z.number().int(),
  debtId: z.number().int(),
  quotaId: z.number().int().nullable(),
  amount: z.string(),
  paidAt: z.string(),
  method: z.enum(PAYMENT_METHODS),
  receiptNumber: z.string().nullable(),
  notes: z.string().nullable(),
  /** Paid by the debtor straight to the client company, as the client reported it (issue 19). */
  paidToClient: z.boolean(),
  /** The closed settlement that holds it (then it cannot be edited or deleted). */
  settlementId: z.number().int().nullable(),
  createdBy: z.number().int().nullable(),
  createdByName: z.string().nullable(),
  ...timestamps,
});
export type Payment = z.infer<typeof paymentSchema>;
export const paymentCreateSchema = z.object({
  debtId: idSchema,
  amount: positiveMoneySchema,
  paidAt: dateSchema,
  method: z.enum(PAYMENT_METHODS).default('EFECTIVO'),
  receiptNumber: optionalText(60),
  notes: optionalNote(1000),
  paidToClient: z.boolean().default(false),
});
export const paymentUpdateSchema = partialUpdate(paymentCreateSchema.omit({ debtId: true }));
export const paymentsResource = defineResource({
  path: 'payments',
  label: 'pagos',
  item: paymentSchema,
  create: paymentCreateSchema,
  update: paymentUpdateSchema,
  sortable: ['id', 'paidAt', 'amount', 'createdAt'],
  filters: {
    debtId: idFilter,
    quotaId: idFilter,
    method: z.enum(PAYMENT_METHODS).optional(),
    from: dateSchema.optional(),
    to: dateSchema.optional(),
  },
});

/** GET /api/payments/{id}/receipt: the PDF receipt, numbered the first time it is printed. */
export const paymentReceiptCall = defineCall({
  method: 'GET',
  path: `/${paymentsResource.path}/:id/receipt`,
  tag: paymentsResource.label,
  summary: 'Recibo en PDF del pago (numerado al imprimirlo por primera vez)',
  params: idParamsSchema,
  answer: { file: 'application/pdf', description: 'El PDF del recibo' },
  errors: { 404: 'No existe o no es de la empresa del usuario.' },
});
