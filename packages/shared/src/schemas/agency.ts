import { z } from 'zod';
import { contactHoursProblem, DEFAULT_CONTACT_HOURS } from '../contactRules';
import { isValidCbu, onlyDigits } from '../ids';
import { MESSAGES } from '../messages';
import { contactDaysSchema, timeOfDaySchema } from './channels';
import { cuitSchema, optionalEmail, optionalText, requiredText } from './common';

/**
 * The agency's own data (issue 17, DESIGN.md §10.5), printed on receipts, letters and settlements:
 * one record, read by staff at GET /api/agency and written by an ADMIN at PUT /api/agency. The logo
 * has routes of its own (PUT/GET/DELETE /api/agency/logo).
 */
export const VAT_STATUS_VALUES = ['RESPONSABLE_INSCRIPTO', 'MONOTRIBUTISTA'] as const;
export type VatStatus = (typeof VAT_STATUS_VALUES)[number];
export const VAT_STATUS_LABELS: Record<VatStatus, string> = {
  RESPONSABLE_INSCRIPTO: 'Responsable inscripto',
  MONOTRIBUTISTA: 'Monotributista',
};

/** The logo: a PNG or JPEG of at most 300 KB, recognized by its first bytes. */
export const AGENCY_LOGO_MAX_BYTES = 300 * 1024;
/** The largest side of a logo, in pixels: beyond it an image decodes to more than any letterhead needs. */
export const AGENCY_LOGO_MAX_SIDE = 2000;
export const AGENCY_LOGO_TYPES = ['image/png', 'image/jpeg'] as const;

export const agencySchema = z.object({
  name: z.string(),
  cuit: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  vatStatus: z.enum(VAT_STATUS_VALUES),
  /** Where debtors transfer when no payment gateway is configured (the portal shows them). */
  cbu: z.string().nullable(),
  cbuAlias: z.string().nullable(),
  /** Whether there is a logo (its bytes at GET /api/agency/logo). */
  hasLogo: z.boolean(),
  /** When debtors may be called (issue 18): ISO weekdays and "HH:MM" from/to, agency time. */
  contactDays: z.array(z.number().int()),
  contactFrom: z.string(),
  contactTo: z.string(),
  updatedAt: z.string(),
});
export type Agency = z.infer<typeof agencySchema>;

/** The whole record (PUT): a field left out of the body is cleared, except the logo. */
export const agencyUpdateSchema = z
  .object({
    name: requiredText(200),
    cuit: cuitSchema,
    address: optionalText(300),
    city: optionalText(80),
    phone: optionalText(60),
    email: optionalEmail.refine((v) => v === null || v.length <= 120, { error: MESSAGES.tooLong(120) }),
    vatStatus: z.enum(VAT_STATUS_VALUES, { error: MESSAGES.invalidInput }).default('RESPONSABLE_INSCRIPTO'),
    cbu: optionalText(40)
      .transform((v) => (v === null ? null : onlyDigits(v)))
      .refine((v) => v === null || isValidCbu(v), { error: MESSAGES.invalidCbu }),
    cbuAlias: optionalText(40).refine((v) => v === null || /^[A-Za-z0-9.-]{6,20}$/.test(v), {
      error: MESSAGES.invalidCbuAlias,
    }),
    /** Contact hours (issue 18); left out: the default, Monday to Friday 08:00–20:00. */
    contactDays: contactDaysSchema.default([...DEFAULT_CONTACT_HOURS.days]),
    contactFrom: timeOfDaySchema.default(DEFAULT_CONTACT_HOURS.from),
    contactTo: timeOfDaySchema.default(DEFAULT_CONTACT_HOURS.to),
  })
  .superRefine((values, ctx) => {
    const problem = contactHoursProblem(values);
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.field] });
  });
export type AgencyUpdate = z.input<typeof agencyUpdateSchema>;

// ——— How the agency sends e-mail and WhatsApp (issue 36) ———

/**
 * The SMTP server strategies send e-mail through (the password comes from the environment,
 * SMTP_PASSWORD, never from the screen) and whether WhatsApp's provider is configured (its token
 * and number, WHATSAPP_*, are the environment's too).
 */
export const messagingSettingsSchema = z.object({
  smtpHost: z.string().nullable(),
  smtpPort: z.number().int(),
  /** TLS from the start (port 465); otherwise STARTTLS when the server offers it. */
  smtpSecure: z.boolean(),
  smtpUser: z.string().nullable(),
  /** The sender: «Agencia <cobranzas@agencia.com.ar>». */
  mailFromName: z.string().nullable(),
  mailFrom: z.string().nullable(),
  smtpPasswordSet: z.boolean(),
  /** Whether e-mail can be sent: a host and a sender. */
  emailReady: z.boolean(),
  whatsappReady: z.boolean(),
});
export type MessagingSettings = z.infer<typeof messagingSettingsSchema>;

export const messagingSettingsUpdateSchema = z
  .object({
    smtpHost: optionalText(200).refine((v) => v === null || /^[A-Za-z0-9.-]+$/.test(v), {
      error: 'Indique el nombre del servidor (por ejemplo, smtp.agencia.com.ar).',
    }),
    smtpPort: z
      .number({ error: 'El puerto es un número.' })
      .int({ error: 'El puerto es un número entero.' })
      .min(1, { error: 'El puerto va de 1 a 65535.' })
      .max(65_535, { error: 'El puerto va de 1 a 65535.' })
      .default(587),
    smtpSecure: z.boolean().default(false),
    smtpUser: optionalText(200),
    mailFromName: optionalText(120),
    mailFrom: optionalEmail,
  })
  .strict();
export type MessagingSettingsUpdate = z.input<typeof messagingSettingsUpdateSchema>;

export const messagingTestSchema = z.object({ to: z.email({ error: MESSAGES.invalidEmail }) }).strict();
