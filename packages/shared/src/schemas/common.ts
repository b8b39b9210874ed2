import { z } from 'zod';
import { isValidCuit, isValidDni, onlyDigits } from '../ids';
import { MESSAGES } from '../messages';

// Spanish for every message zod writes itself (the ones we do not set by hand).
z.config(z.locales.es());

/** Database ids: positive integers, also accepted as numeric strings (route params, query strings). */
export const idSchema = z.coerce
  .number({ error: MESSAGES.invalidId })
  .int({ error: MESSAGES.invalidId })
  .positive({ error: MESSAGES.invalidId })
  .max(2_147_483_647, { error: MESSAGES.invalidId });
export const idParamsSchema = z.object({ id: idSchema });

export const requiredText = (max: number) =>
  z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, { error: MESSAGES.required })
    .max(max, { error: MESSAGES.tooLong(max) });

/** Optional free text: empty strings become null so the database keeps one "absent" value. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: MESSAGES.tooLong(max) })
    .nullish()
    .transform((v) => (v ? v : null));

export const optionalEmail = z
  .string()
  .trim()
  .max(254, { error: MESSAGES.tooLong(254) })
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || z.email().safeParse(v).success, { error: MESSAGES.invalidEmail });

export const cuitSchema = z
  .string({ error: MESSAGES.required })
  .transform(onlyDigits)
  .refine(isValidCuit, { error: MESSAGES.invalidCuit });

export const dniSchema = z
  .string({ error: MESSAGES.required })
  .transform(onlyDigits)
  .refine(isValidDni, { error: MESSAGES.invalidDni });

/** Decimal numbers travel as strings ("12.50") so no float ever touches them. */
export const percentSchema = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim().replace(',', '.'))
  .refine((v) => /^\d{1,3}(\.\d{1,2})?$/.test(v) && Number(v) <= 100, {
    error: 'Debe ser un porcentaje entre 0 y 100 con hasta dos decimales.',
  });

export const timestamps = {
  createdAt: z.string(),
  updatedAt: z.string(),
};
