import { z } from 'zod';
import { defineCall } from '../call';
import { MESSAGES } from '../messages';
import { defineResource } from '../resource';
import { USER_TYPES } from '../userTypes';
import { idSchema, optionalEmail, partialUpdate, requiredText, timestamps } from './common';

/** DESIGN.md §8. The password is write-only: it never appears in a response. */
export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  alias: z.string(),
  email: z.string().nullable(),
  userTypeId: z.number().int(),
  userTypeName: z.string(),
  role: z.enum(USER_TYPES),
  companyId: z.number().int().nullable(),
  companyName: z.string().nullable(),
  active: z.boolean(),
  ...timestamps,
});
export type User = z.infer<typeof userSchema>;

// Trimmed like the login form trims what is typed, or a password with outer spaces could never match.
const passwordSchema = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(8, { error: MESSAGES.passwordTooShort })
  .max(128, { error: MESSAGES.tooLong(128) });

const aliasSchema = requiredText(50).regex(/^[A-Za-z0-9._@-]+$/, {
  error: 'El alias solo puede tener letras, números y los signos . _ - @',
});

export const userCreateSchema = z.object({
  name: requiredText(120),
  alias: aliasSchema,
  email: optionalEmail,
  password: passwordSchema,
  userTypeId: idSchema,
  companyId: idSchema.nullish().transform((v) => v ?? null),
  active: z.boolean().default(true),
});
export const userUpdateSchema = partialUpdate(userCreateSchema);
export type UserCreate = z.input<typeof userCreateSchema>;

export const usersResource = defineResource({
  path: 'users',
  label: 'usuarios',
  item: userSchema,
  create: userCreateSchema,
  update: userUpdateSchema,
  sortable: ['id', 'name', 'alias', 'createdAt'],
  filters: {
    userTypeId: idSchema.optional(),
    companyId: idSchema.optional(),
    role: z.enum(USER_TYPES).optional(),
    active: z
      .enum(['true', 'false'])
      .transform((v) => v === 'true')
      .optional(),
  },
});

/**
 * POST /api/me/password: anyone signed in changes their own password, proving the current one
 * (issue 32). Five wrong tries in 15 minutes wait like a login does.
 */
export const ownPasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: MESSAGES.required })
      .max(200)
      .transform((v) => v.trim()),
    newPassword: passwordSchema,
  })
  .refine((body) => body.newPassword !== body.currentPassword, {
    path: ['newPassword'],
    error: MESSAGES.samePassword,
  });
export type OwnPassword = z.input<typeof ownPasswordSchema>;

export const ownPasswordCall = defineCall({
  method: 'POST',
  path: '/me/password',
  tag: 'usuarios',
  summary: 'Cambiar la contraseña propia',
  body: ownPasswordSchema,
  answer: null,
  errors: {
    400: 'La contraseña actual no es correcta o la nueva no es válida.',
    429: 'Demasiados intentos: espere unos minutos.',
  },
});
