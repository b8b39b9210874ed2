import { z } from 'zod';
import { defineCall } from '../call';
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

/** Money deposited in a bank account for the debt (DESIGN.md §8); counts as paid. */
export const depositSchema = z.object({
  id: z.number().int(),
  debtId: z.number().int(),
  amount: z.string(),
  depositedAt: z.string(),
  bank: z.string().nullable(),
  account: z.string().nullable(),
  receiptNumber: z.string().nullable(),
  notes: z.string().nullable(),
  /** The closed settlement that holds it (then it cannot be edited or deleted). */
  settlementId: z.number().int().nullable(),
  ...timestamps,
});
export type Deposit = z.infer<typeof depositSchema>;
export const depositCreateSchema = z.object({
  debtId: idSchema,
  amount: positiveMoneySchema,
  depositedAt: dateSchema,
  bank: optionalText(80),
  account: optionalText(60),
  receiptNumber: optionalText(60),
  notes: optionalNote(1000),
});
export const depositUpdateSchema = partialUpdate(depositCreateSchema.omit({ debtId: true }));
export const depositsResource = defineResource({
  path: 'deposits',
  label: 'depósitos',
  item: depositSchema,
  create: depositCreateSchema,
  update: depositUpdateSchema,
  sortable: ['id', 'depositedAt', 'amount', 'createdAt'],
  filters: { debtId: idFilter, from: dateSchema.optional(), to: dateSchema.optional() },
});

/** GET /api/deposits/{id}/receipt: the PDF receipt, numbered the first time it is printed. */
export const depositReceiptCall = defineCall({
  method: 'GET',
  path: `/${depositsResource.path}/:id/receipt`,
  tag: depositsResource.label,
  summary: 'Recibo en PDF del depósito (numerado al imprimirlo por primera vez)',
  params: idParamsSchema,
  answer: { file: 'application/pdf', description: 'El PDF del recibo' },
  errors: { 404: 'No existe o no es de la empresa del usuario.' },
});
