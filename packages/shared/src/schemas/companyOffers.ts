import { z } from 'zod';
import { percentSchema } from './common';

/**
 * A company's limits for settlement offers (DESIGN.md §10.3), spread into the company's schemas: the
 * largest discount (% of the balance to date), the most quotas and the smallest down payment (% of the
 * offered total). Null: no limit on that point. An offer within all of them is approved at once.
 */
export const companyOfferItemFields = {
  maxDiscountPercent: z.string().nullable(),
  maxQuotas: z.number().int().nullable(),
  minDownPaymentPercent: z.string().nullable(),
};

/** Empty, as a form sends a field left blank: no limit. */
const orNull = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === undefined ? null : value), schema.nullable());

const maxQuotasSchema = z.preprocess(
  // As a form sends it: digits only.
  (value) => (typeof value === 'string' && /^\s*\d{1,3}\s*$/.test(value) ? Number(value) : value),
  z
    .number({ error: 'Ingrese las cuotas máximas como un número entero (ej. 12).' })
    .int({ error: 'Las cuotas máximas deben ser un número entero.' })
    .min(1, { error: 'Las cuotas máximas deben ser al menos 1.' })
    .max(120, { error: 'Las cuotas máximas no pueden superar 120.' }),
);

export const companyOfferFields = {
  maxDiscountPercent: orNull(percentSchema).default(null),
  maxQuotas: orNull(maxQuotasSchema).default(null),
  minDownPaymentPercent: orNull(percentSchema).default(null),
};
