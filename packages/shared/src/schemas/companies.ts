import { z } from 'zod';
import { defineResource } from '../resource';
import {
  cuitSchema,
  optionalEmail,
  optionalText,
  partialUpdate,
  percentSchema,
  requiredText,
  timestamps,
} from './common';
import { companyCommissionFields, companyCommissionItemFields } from './companyCommissions';
import { companyContactFields, companyContactItemFields } from './companyContact';
import { companyOfferFields, companyOfferItemFields } from './companyOffers';

/** DESIGN.md §8: the creditor that hires the agency. */
export const companySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  cuit: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  contactName: z.string().nullable(),
  commissionRate: z.string(),
  active: z.boolean(),
  promiseGraceDays: z.number().int(),
  promiseMaxDays: z.number().int(),
  ...companyCommissionItemFields,
  ...companyContactItemFields,
  ...companyOfferItemFields,
  ...timestamps,
});
export type Company = z.infer<typeof companySchema>;

/** A promise's horizon when the company sets none: three months. */
export const PROMISE_MAX_DAYS_DEFAULT = 90;

export const companyCreateSchema = z.object({
  name: requiredText(120),
  cuit: cuitSchema,
  email: optionalEmail,
  phone: optionalText(40),
  address: optionalText(200),
  contactName: optionalText(120),
  commissionRate: percentSchema.default('0'),
  active: z.boolean().default(true),
  /** Days after a promise's due date that a payment still fulfils it (DESIGN.md §10.3). */
  promiseGraceDays: z
    .preprocess(
      // As a form sends it: whole days, digits only.
      (value) => (typeof value === 'string' && /^\s*\d{1,3}\s*$/.test(value) ? Number(value) : value),
      z
        .number({ error: 'Ingrese los días de gracia como un número entero (ej. 3).' })
        .int({ error: 'Los días de gracia deben ser un número entero.' })
        .min(0, { error: 'Los días de gracia no pueden ser negativos.' })
        .max(60, { error: 'Los días de gracia no pueden superar 60.' }),
    )
    .default(0),
  /** How far ahead a promise to pay may fall, in days from the day it is taken (issue 30). */
  promiseMaxDays: z
    .preprocess(
      (value) => (typeof value === 'string' && /^\s*\d{1,4}\s*$/.test(value) ? Number(value) : value),
      z
        .number({ error: 'Ingrese el plazo como un número entero de días (ej. 90).' })
        .int({ error: 'El plazo debe ser un número entero de días.' })
        .min(1, { error: 'El plazo debe ser de al menos 1 día.' })
        .max(365, { error: 'El plazo no puede superar 365 días.' }),
    )
    .default(PROMISE_MAX_DAYS_DEFAULT),
  ...companyCommissionFields,
  ...companyContactFields,
  ...companyOfferFields,
});
export const companyUpdateSchema = partialUpdate(companyCreateSchema);
export type CompanyCreate = z.input<typeof companyCreateSchema>;

export const companiesResource = defineResource({
  path: 'companies',
  label: 'compañías',
  item: companySchema,
  create: companyCreateSchema,
  update: companyUpdateSchema,
  sortable: ['id', 'name', 'cuit', 'createdAt'],
  filters: {
    active: z
      .enum(['true', 'false'])
      .transform((v) => v === 'true')
      .optional(),
  },
});
