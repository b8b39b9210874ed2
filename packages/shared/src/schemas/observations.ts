import { z } from 'zod';
import { defineResource } from '../resource';
import { idFilter, idSchema, requiredNote, timestamps } from './common';

/** A free note on a debt (DESIGN.md §8). */
export const observationSchema = z.object({
  id: z.number().int(),
  debtId: z.number().int(),
  text: z.string(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  ...timestamps,
});
export type Observation = z.infer<typeof observationSchema>;
export const observationCreateSchema = z.object({ debtId: idSchema, text: requiredNote(4000) });
export const observationUpdateSchema = z.object({ text: requiredNote(4000) });
export const observationsResource = defineResource({
  path: 'observations',
  label: 'observaciones',
  item: observationSchema,
  create: observationCreateSchema,
  update: observationUpdateSchema,
  sortable: ['id', 'createdAt'],
  filters: { debtId: idFilter },
});
