import { z } from 'zod';
import { CURRENCIES } from '../enums';
import { MESSAGES } from '../messages';
import { CHANNEL_OWNERS, CONTACT_CHANNELS } from './channels';
import { dateSchema, idSchema, optionalNote } from './common';
import { eventSchema } from './events';
import { promiseCreateSchema, promiseSchema } from './promises';
import { taskSchema } from './tasks';

/**
 * One-step contact logging and the contact rules (issue 18, docs/decisions.md «Reglas de contacto»):
 * POST /api/contacts records the contact, optionally a promise and the next task, in one transaction.
 */

/**
 * Why POST /api/contacts refused (the `code` of the error body): the web reacts by it. Those in
 * CONFIRMABLE_REFUSALS are warnings the user may accept by resending with the flag they name.
 */
export const CONTACT_REFUSALS = [
  'CHANNEL_CLOSED',
  'CHANNEL_EMPTY',
  'ATTEMPTS_PER_DAY',
  'ATTEMPTS_PER_WEEK',
  'THIRD_PARTY',
  'OUTSIDE_HOURS',
] as const;
export type ContactRefusal = (typeof CONTACT_REFUSALS)[number];
export const CONFIRMABLE_REFUSALS = {
  THIRD_PARTY: 'confirmThirdParty',
  OUTSIDE_HOURS: 'confirmOutsideHours',
} as const satisfies Partial<Record<ContactRefusal, string>>;

/** "HH:MM" of a task (00:00–23:59). */
const taskTimeSchema = z
  .string({ error: MESSAGES.contactTaskTimeInvalid })
  .regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, { error: MESSAGES.contactTaskTimeInvalid });

/** The next task: a day and time at the agency, and what to do then. */
export const contactTaskSchema = z.object({
  date: dateSchema,
  time: taskTimeSchema,
  description: optionalNote(4000),
});
export type ContactTask = z.input<typeof contactTaskSchema>;

export const contactCreateSchema = z.object({
  debtId: idSchema,
  eventTypeId: idSchema,
  eventSubTypeId: idSchema.nullish().transform((v) => v ?? null),
  /** The outcome of the contact. */
  eventHistoryTypeId: idSchema.nullish().transform((v) => v ?? null),
  channel: z
    .enum(CONTACT_CHANNELS, { error: MESSAGES.contactChannelInvalid })
    .nullish()
    .transform((v) => v ?? null),
  description: optionalNote(4000),
  /** The debtor acknowledged the debt in this contact: it interrupts prescription (issue 37, CCyC 2545). */
  acknowledgment: z.boolean().default(false),
  promise: promiseCreateSchema
    .omit({ debtId: true })
    .nullish()
    .transform((v) => v ?? null),
  task: contactTaskSchema.nullish().transform((v) => v ?? null),
  /** The user saw the outside-hours warning and logs the call anyway (the event is marked). */
  confirmOutsideHours: z.boolean().default(false),
  /** The user saw the work / third-party warning and logs the contact anyway. */
  confirmThirdParty: z.boolean().default(false),
});
export type ContactCreate = z.input<typeof contactCreateSchema>;

export const contactResultSchema = z.object({
  event: eventSchema,
  promise: promiseSchema.nullable(),
  task: taskSchema.nullable(),
});
export type ContactResult = z.infer<typeof contactResultSchema>;

/** Contact hours as the API answers them ("HH:MM"; `to` may be "24:00"). */
export const contactHoursSchema = z.object({
  days: z.array(z.number().int()),
  from: z.string(),
  to: z.string(),
});

/** GET /api/contacts/context?debtId=: what the dialog needs before logging a contact on the debt. */
export const contactContextQuerySchema = z.object({ debtId: idSchema }).strict();

export const contactChannelSchema = z.object({
  channel: z.enum(CONTACT_CHANNELS),
  value: z.string(),
  owner: z.enum(CHANNEL_OWNERS),
  /** The day the debtor asked «no contactar» by it; null: open. */
  closedOn: z.string().nullable(),
});
export type ContactChannelInfo = z.infer<typeof contactChannelSchema>;

export const contactAttemptsSchema = z.object({
  /** Contact attempts (events with a channel) on any debt of the debtor, today and this week (from Monday). */
  today: z.number().int(),
  week: z.number().int(),
  /** The company's caps; null: none. */
  maxPerDay: z.number().int().nullable(),
  maxPerWeek: z.number().int().nullable(),
});
export type ContactAttempts = z.infer<typeof contactAttemptsSchema>;

export const contactContextSchema = z.object({
  debtId: z.number().int(),
  debtorId: z.number().int(),
  /** The debtor's phones and e-mail that have a value (closed ones included: the dialog hides them). */
  channels: z.array(contactChannelSchema),
  /** The contact hours that apply: the company's own, or the agency's. */
  hours: contactHoursSchema,
  companyHours: z.boolean(),
  /** Whether a call now is inside them. */
  insideHours: z.boolean(),
  attempts: contactAttemptsSchema,
  /** The debt's currency: the dialog names a promise's amount in it. */
  currency: z.enum(CURRENCIES),
  /**
   * The day the debtor said «no reconozco esta deuda» in the portal, while staff have not resolved it:
   * nobody contacts them about the debt until then (DESIGN.md §11.3). Null: no open dispute.
   */
  disputedOn: z.string().nullable(),
  /**
   * The contact type the user logs most among the agency's latest contacts (else the agency's most
   * common there): the dialog starts from it when the user has not logged one on this device yet.
   */
  suggestedEventTypeId: z.number().int().nullable(),
});
export type ContactContext = z.infer<typeof contactContextSchema>;
