import { z } from 'zod';
import { TIME_OF_DAY } from '../contactRules';
import { MESSAGES } from '../messages';

/**
 * The debtor's channels and the contact hours of the settings (issue 18, docs/decisions.md «Reglas
 * de contacto»): apart from contacts.ts so the event, debtor, company and agency schemas can use them.
 */

/** The debtor's channel a contact used (events.channel). */
export const CONTACT_CHANNELS = ['PHONE', 'ALT_PHONE', 'EMAIL'] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];
export const CONTACT_CHANNEL_LABELS: Record<ContactChannel, string> = {
  PHONE: 'Teléfono',
  ALT_PHONE: 'Teléfono alternativo',
  EMAIL: 'Correo electrónico',
};
export const isPhoneChannel = (channel: ContactChannel | null) =>
  channel === 'PHONE' || channel === 'ALT_PHONE';

/** Whose a phone or e-mail is: only the debtor's own may be used to talk about the debt. */
export const CHANNEL_OWNERS = ['DEUDOR', 'LABORAL', 'TERCERO'] as const;
export type ChannelOwner = (typeof CHANNEL_OWNERS)[number];
export const CHANNEL_OWNER_LABELS: Record<ChannelOwner, string> = {
  DEUDOR: 'Del deudor',
  LABORAL: 'Laboral',
  TERCERO: 'De un tercero',
};

/** Contact days as settings take them (agency, company): ISO weekdays, each once, in order. */
export const contactDaysSchema = z
  .array(
    z.coerce
      .number({ error: MESSAGES.contactDayInvalid })
      .int({ error: MESSAGES.contactDayInvalid })
      .min(1, { error: MESSAGES.contactDayInvalid })
      .max(7, { error: MESSAGES.contactDayInvalid }),
    { error: MESSAGES.contactDaysRequired },
  )
  .min(1, { error: MESSAGES.contactDaysRequired })
  .transform((days) => [...new Set(days)].sort((a, b) => a - b));

/** "HH:MM" in agency time; "24:00" is the end of the day. */
export const timeOfDaySchema = z
  .string({ error: MESSAGES.contactTimeInvalid })
  .trim()
  .regex(TIME_OF_DAY, { error: MESSAGES.contactTimeInvalid });

/** A cap of contact attempts (companies): a whole number in range, as a number or as a form sends it; empty: none. */
const cap = (max: number, message: string) =>
  z
    .preprocess(
      (value) =>
        value === ''
          ? null
          : typeof value === 'string' && /^\s*\d{1,4}\s*$/.test(value)
            ? Number(value)
            : value,
      z
        .number({ error: message })
        .int({ error: message })
        .min(1, { error: message })
        .max(max, { error: message })
        .nullable(),
    )
    .default(null);
export const maxAttemptsPerDaySchema = cap(50, MESSAGES.maxAttemptsPerDayRange);
export const maxAttemptsPerWeekSchema = cap(200, MESSAGES.maxAttemptsPerWeekRange);

export const channelOwnerSchema = z.enum(CHANNEL_OWNERS, { error: MESSAGES.channelOwnerInvalid });
