import { z } from 'zod';
import { EMBARGO_STATUSES } from '../enums';
import { defineResource } from '../resource';
import {
  dateSchema,
  idFilter,
  idSchema,
  nonNegativeMoneySchema,
  optionalNote,
  optionalText,
  partialUpdate,
  timestamps,
} from './common';

/** An embargo requested or levied on the debtor's assets (DESIGN.md §8). */
export const embargoSchema = z.object({
  id: z.number().int(),
  debtId: z.number().int(),
  embargoTypeId: z.number().int(),
  embargoTypeName: z.string(),
  amount: z.string(),
  date: z.string(),
  court: z.string().nullable(),
  caseNumber: z.string().nullable(),
  status: z.enum(EMBARGO_STATUSES),
  notes: z.string().nullable(),
  ...timestamps,
});
export type Embargo = z.infer<typeof embargoSchema>;
export const embargoCreateSchema = z.object({
  debtId: idSchema,
  embargoTypeId: idSchema,
  amount: nonNegativeMoneySchema,
  date: dateSchema,
  court: optionalText(200),
  caseNumber: optionalText(60),
  status: z.enum(EMBARGO_STATUSES).default('SOLICITADO'),
  notes: optionalNote(2000),
});
export const embargoUpdateSchema = partialUpdate(embargoCreateSchema.omit({ debtId: true }));
export const embargosResource = defineResource({
  path: 'embargos',
  label: 'embargos',
  item: embargoSchema,
  create: embargoCreateSchema,
  update: embargoUpdateSchema,
  sortable: ['id', 'date', 'amount', 'createdAt'],
  filters: {
    debtId: idFilter,
    embargoTypeId: idFilter,
    status: z.enum(EMBARGO_STATUSES).optional(),
  },
});
