/** Form-side pieces over the shared schemas: the form holds what the money and date fields produce. */
import { dateSchema, isMoney, nonNegativeMoneySchema, positiveMoneySchema } from '@cobranzas/shared';
import { z } from 'zod';

const MONEY_FORMAT = 'Importe inválido: escríbalo como 1.234,56.';

/** The shared money rules, taking the string this form side has already checked. */
const fromText = <Out>(schema: z.ZodType<Out, string | number>) =>
  schema as unknown as z.ZodType<Out, string>;

/** A required amount greater than zero, as MoneyField leaves it ("1234.56" or the bad text). */
export const moneyField = z
  .string({ error: 'Ingrese un importe.' })
  .trim()
  .min(1, { error: 'Ingrese un importe.' })
  .refine(isMoney, { error: MONEY_FORMAT })
  .pipe(fromText(positiveMoneySchema));

/** An optional amount (zero allowed): empty → undefined. */
export const optionalMoneyField = z
  .string()
  .trim()
  .optional()
  .refine((v) => !v || isMoney(v), { error: MONEY_FORMAT })
  .transform((v) => v || undefined)
  .pipe(fromText(nonNegativeMoneySchema).optional());

/** A required date from DateField ('YYYY-MM-DD' or null). */
export const requiredDate = z.string({ error: 'Indique la fecha.' }).pipe(dateSchema);
