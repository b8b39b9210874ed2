import { z } from 'zod';
import { percentSchema, positiveMoneySchema } from './common';

/**
 * A company's limits for settlement offers (DESIGN.md §10.3), spread into the company's schemas: the
 * largest discount (% of the balance to date), the most quotas and the smallest down payment (% of the
 * offered total). Null: no limit on that point. An offer within all of them is approved at once.
 */
export const companyOfferItemFields = {
  maxDiscountPercent: z.string().nullable(),
  maxQuotas: z.number().int().nullable(),
  minDownPaymentPercent: z.string().nullable(),
  /** The least a debtor may pay as «un importe» in the portal (DESIGN.md §11.3); null: any amount. */
  portalMinPayment: z.string().nullable(),
  /** The portal's own offers (DESIGN.md §11.3): the smallest quota, the latest first due date and the longest plan. */
  minQuotaAmount: z.string().nullable(),
  maxFirstDueDays: z.number().int().nullable(),
  maxPlanDays: z.number().int().nullable(),
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

/** Whole days as a form sends them (digits), within bounds. */
const daysSchema = (min: number, max: number, what: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\s*\d{1,4}\s*$/.test(value) ? Number(value) : value),
    z
      .number({ error: 'Ingrese una cantidad de días (un número entero).' })
      .int({ error: 'Ingrese una cantidad de días (un número entero).' })
      .min(min, { error: `${what} debe ser de al menos ${min} días.` })
      .max(max, { error: `${what} puede ser de hasta ${max} días.` }),
  );

export const companyOfferFields = {
  maxDiscountPercent: orNull(percentSchema).default(null),
  maxQuotas: orNull(maxQuotasSchema).default(null),
  minDownPaymentPercent: orNull(percentSchema).default(null),
  portalMinPayment: orNull(positiveMoneySchema).default(null),
  minQuotaAmount: orNull(positiveMoneySchema).default(null),
  maxFirstDueDays: orNull(daysSchema(0, 90, 'El primer vencimiento')).default(null),
  maxPlanDays: orNull(daysSchema(1, 3650, 'El plan')).default(null),
};
