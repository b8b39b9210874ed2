import { z } from 'zod';
import { defineResource } from '../resource';
import { USER_TYPES } from '../userTypes';
import { optionalNote, partialUpdate, requiredText, timestamps } from './common';

/**
 * A user type is a named profile (e.g. "Cobrador") over one of the three roles of SPEC.md §3,
 * which decides its permissions. Ids 1–3 (ADMIN, GENERAL, CLIENTE) are seeded and fixed.
 */
export const userTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  role: z.enum(USER_TYPES),
  description: z.string().nullable(),
  ...timestamps,
});
export type UserType = z.infer<typeof userTypeSchema>;

export const userTypeCreateSchema = z.object({
  name: requiredText(60),
  role: z.enum(USER_TYPES, { error: 'Elija un rol: ADMIN, GENERAL o CLIENTE.' }),
  description: optionalNote(500),
});
export const userTypeUpdateSchema = partialUpdate(userTypeCreateSchema);
export type UserTypeCreate = z.input<typeof userTypeCreateSchema>;

export const usersTypesResource = defineResource({
  path: 'users-types',
  label: 'tipos de usuario',
  item: userTypeSchema,
  create: userTypeCreateSchema,
  update: userTypeUpdateSchema,
  sortable: ['id', 'name', 'role', 'createdAt'],
  filters: { role: z.enum(USER_TYPES).optional() },
});
