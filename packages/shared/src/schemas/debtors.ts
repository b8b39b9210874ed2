import { z } from 'zod';
import { PROVINCES } from '../enums';
import { isValidCuit, onlyDigits } from '../ids';
import { MESSAGES } from '../messages';
import { PHONE_KINDS } from '../phones';
import { defineResource } from '../resource';
import { CHANNEL_OWNERS, channelOwnerSchema } from './channels';
import {
  dniSchema,
  optionalDate,
  optionalEmail,
  optionalNote,
  optionalText,
  partialUpdate,
  requiredText,
  timestamps,
} from './common';

/** DESIGN.md §8: the person who owes. DNI unique; CUIT/CUIL optional but valid when given. */
export const debtorSchema = z.object({
  id: z.number().int(),
  dni: z.string(),
  cuit: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  birthDate: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  altPhone: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  province: z.enum(PROVINCES).nullable(),
  postalCode: z.string().nullable(),
  employer: z.string().nullable(),
  notes: z.string().nullable(),
  /** Whose each phone and the e-mail are, and the day the debtor asked «no contactar» by it (issue 18). */
  phoneOwner: z.enum(CHANNEL_OWNERS),
  altPhoneOwner: z.enum(CHANNEL_OWNERS),
  emailOwner: z.enum(CHANNEL_OWNERS),
  phoneClosedOn: z.string().nullable(),
  altPhoneClosedOn: z.string().nullable(),
  emailClosedOn: z.string().nullable(),
  /** What the collector said each phone is; null: unknown (a changed number is unknown again). */
  phoneKind: z.enum(PHONE_KINDS).nullable(),
  altPhoneKind: z.enum(PHONE_KINDS).nullable(),
  ...timestamps,
});
export type Debtor = z.infer<typeof debtorSchema>;

const phoneKind = z
  .enum(PHONE_KINDS, { error: 'Elija celular, fijo o sin indicar.' })
  .nullish()
  .transform((v) => v ?? null);

const optionalCuit = z
  .string()
  .nullish()
  .transform((v) => (v ? onlyDigits(v) : null))
  .refine((v) => v === null || isValidCuit(v), { error: MESSAGES.invalidCuit });

export const debtorCreateSchema = z.object({
  dni: dniSchema,
  cuit: optionalCuit,
  firstName: requiredText(80),
  lastName: requiredText(80),
  birthDate: optionalDate,
  email: optionalEmail,
  phone: optionalText(40),
  altPhone: optionalText(40),
  address: optionalText(200),
  city: optionalText(80),
  province: z
    .enum(PROVINCES, { error: 'Elija una provincia de la lista.' })
    .nullish()
    .transform((v) => v ?? null),
  postalCode: optionalText(10),
  employer: optionalText(120),
  notes: optionalNote(2000),
  phoneOwner: channelOwnerSchema.default('DEUDOR'),
  altPhoneOwner: channelOwnerSchema.default('DEUDOR'),
  emailOwner: channelOwnerSchema.default('DEUDOR'),
  /** «No contactar»: the day the debtor asked; null: the channel is open. */
  phoneClosedOn: optionalDate,
  altPhoneClosedOn: optionalDate,
  emailClosedOn: optionalDate,
  /** Issue 32: MOVIL, FIJO or null (sin indicar); the database drops it for a phone left empty. */
  phoneKind,
  altPhoneKind: phoneKind,
});
export const debtorUpdateSchema = partialUpdate(debtorCreateSchema);
export type DebtorCreate = z.input<typeof debtorCreateSchema>;

export const debtorsResource = defineResource({
  path: 'debtors',
  label: 'deudores',
  item: debtorSchema,
  create: debtorCreateSchema,
  update: debtorUpdateSchema,
  sortable: ['id', 'lastName', 'dni', 'createdAt'],
  filters: {
    province: z.enum(PROVINCES).optional(),
    city: z.string().trim().max(80).optional(),
  },
});

/** The path parameter of GET /debtors/dni/{dni} and GET /debts/dni/{dni}: a DNI or a CUIT. */
export const dniOrCuitParamsSchema = z.object({
  dni: z
    .string()
    .transform(onlyDigits)
    .refine((v) => /^\d{7,11}$/.test(v), { error: 'Ingrese un DNI (7 u 8 dígitos) o un CUIT (11 dígitos).' }),
});
