import { z } from 'zod';
import { PAYMENT_METHODS } from '../enums';
import {
  dateSchema,
  idFilter,
  idSchema,
  optionalText,
  partialUpdate,
  positiveMoneySchema,
  requiredText,
  timestamps,
} from './common';
import { listQuerySchema } from './list';

/** Payments, deposits and services: the money records of a debt (DESIGN.md §8). */
export const paymentSchema = z.object({
  id: z.number().int(),
  debtId: z.number().int(),
  quotaId: z.number().int().nullable(),
  amount: z.string(),
  paidAt: z.string(),
  method: z.enum(PAYMENT_METHODS),
  receiptNumber: z.string().nullable(),
  notes: z.string().nullable(),
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
  notes: optionalText(1000),
});
export const paymentUpdateSchema = partialUpdate(paymentCreateSchema.omit({ debtId: true }));
export const paymentListQuerySchema = listQuerySchema(['id', 'paidAt', 'amount', 'createdAt']).extend({
  debtId: idFilter,
  quotaId: idFilter,
  method: z.enum(PAYMENT_METHODS).optional(),
  from: dateSchema.optional(),
  to: dateSchema.optional(),
});

export const depositSchema = z.object({
  id: z.number().int(),
  debtId: z.number().int(),
  amount: z.string(),
  depositedAt: z.string(),
  bank: z.string().nullable(),
  account: z.string().nullable(),
  receiptNumber: z.string().nullable(),
  notes: z.string().nullable(),
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
  notes: optionalText(1000),
});
export const depositUpdateSchema = partialUpdate(depositCreateSchema.omit({ debtId: true }));
export const depositListQuerySchema = listQuerySchema(['id', 'depositedAt', 'amount', 'createdAt']).extend({
  debtId: idFilter,
  from: dateSchema.optional(),
  to: dateSchema.optional(),
});

export const serviceSchema = z.object({
  id: z.number().int(),
  debtId: z.number().int(),
  description: z.string(),
  amount: z.string(),
  date: z.string(),
  ...timestamps,
});
export type Service = z.infer<typeof serviceSchema>;
export const serviceCreateSchema = z.object({
  debtId: idSchema,
  description: requiredText(200),
  amount: positiveMoneySchema,
  date: dateSchema,
});
export const serviceUpdateSchema = partialUpdate(serviceCreateSchema.omit({ debtId: true }));
export const serviceListQuerySchema = listQuerySchema(['id', 'date', 'amount', 'createdAt']).extend({
  debtId: idFilter,
});
