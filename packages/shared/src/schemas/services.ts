import { z } from 'zod';
import { defineResource } from '../resource';
import {
  dateSchema,
  idFilter,
  idSchema,
  partialUpdate,
  positiveMoneySchema,
  requiredText,
  timestamps,
} from './common';

/** A cost added to the debt (fees, letters…), part of its balance (DESIGN.md §8). */
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
export const servicesResource = defineResource({
  path: 'services',
  label: 'servicios',
  item: serviceSchema,
  create: serviceCreateSchema,
  update: serviceUpdateSchema,
  sortable: ['id', 'date', 'amount', 'createdAt'],
  filters: { debtId: idFilter },
});
