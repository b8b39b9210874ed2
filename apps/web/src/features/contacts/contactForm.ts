import {
  agencyToday,
  type ContactContext,
  type ContactCreate,
  type ContactResult,
  contactTaskSchema,
  eventCreateSchema,
  formatMoney,
  MESSAGES,
  promiseCreateSchema,
} from '@cobranzas/shared';
import { z } from 'zod';
import { formatDate } from '../../lib/format';
import { agencyTime } from '../tasks/taskForm';

/** «Sin teléfono ni correo»: a contact that used none of the debtor's channels (a letter, a visit). */
export const NO_CHANNEL = 'NONE';

/**
 * The dialog's fields as the form holds them (Mantine's strings); a promise and a next task are
 * optional: all their fields empty, there is none.
 */
export const contactFormSchema = eventCreateSchema
  .pick({
    eventTypeId: true,
    eventSubTypeId: true,
    eventHistoryTypeId: true,
    description: true,
    acknowledgment: true,
  })
  .extend({
    channel: z.string().min(1, { error: MESSAGES.contactChannelInvalid }),
    promiseAmount: z.string(),
    promiseDate: z.string().nullable(),
    taskDate: z.string().nullable(),
    taskTime: z.string(),
    taskDescription: z.string(),
  })
  .superRefine((values, ctx) => {
    const check = (schema: z.ZodType, value: unknown, path: string) => {
      if (value === undefined || value === '') {
        ctx.addIssue({ code: 'custom', message: MESSAGES.required, path: [path] });
        return;
      }
      const parsed = schema.safeParse(value);
      if (!parsed.success)
        ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? '', path: [path] });
    };
    if (values.promiseAmount.trim() || values.promiseDate) {
      check(promiseCreateSchema.shape.amount, values.promiseAmount, 'promiseAmount');
      check(promiseCreateSchema.shape.dueDate, values.promiseDate ?? undefined, 'promiseDate');
    }
    if (values.taskDate || values.taskTime.trim() || values.taskDescription.trim()) {
      check(contactTaskSchema.shape.date, values.taskDate ?? undefined, 'taskDate');
      check(contactTaskSchema.shape.time, values.taskTime.trim(), 'taskTime');
    }
  });
export type ContactFormIn = z.input<typeof contactFormSchema>;
export type ContactFormOut = z.output<typeof contactFormSchema>;

/** The channel the dialog starts from: the debtor's own open phone, else its first open one, else none. */
/**
 * The channels a contact may use now: not closed («No contactar»), and none while the debtor's
 * dispute from the portal is open (staff resolve it first).
 */
export const openChannels = (context: ContactContext | undefined) =>
  context?.disputedOn ? [] : (context?.channels ?? []).filter((c) => c.closedOn === null);

export function defaultChannel(context: ContactContext | undefined): string {
  const open = openChannels(context);
  const own =
    open.find((c) => c.owner === 'DEUDOR' && c.channel !== 'EMAIL') ?? open.find((c) => c.owner === 'DEUDOR');
  return own?.channel ?? NO_CHANNEL;
}

export const emptyContactForm = (channel = ''): ContactFormIn => ({
  channel,
  eventTypeId: null,
  eventSubTypeId: null,
  eventHistoryTypeId: null,
  description: '',
  acknowledgment: false,
  promiseAmount: '',
  promiseDate: null,
  taskDate: null,
  taskTime: '',
  taskDescription: '',
});

/** The body of POST /contacts from the form's values. */
export function contactBody(debtId: number, values: ContactFormOut): ContactCreate {
  const promise = values.promiseAmount.trim()
    ? { amount: values.promiseAmount.trim(), dueDate: values.promiseDate ?? '' }
    : null;
  const task = values.taskDate
    ? {
        date: values.taskDate,
        time: values.taskTime.trim(),
        description: values.taskDescription.trim() || null,
      }
    : null;
  return {
    debtId,
    eventTypeId: values.eventTypeId,
    eventSubTypeId: values.eventSubTypeId,
    eventHistoryTypeId: values.eventHistoryTypeId,
    channel: values.channel === NO_CHANNEL ? null : (values.channel as ContactCreate['channel']),
    description: values.description,
    acknowledgment: values.acknowledgment,
    promise,
    task,
  };
}

/**
 * The toast after a contact is logged, naming what came with it: «Gestión registrada. Promesa de
 * $ 5.000,00 para el 30/11/2026. Próxima tarea el 01/12/2026 a las 10:30.»
 */
export function loggedMessage(result: ContactResult, currency: ContactContext['currency']): string {
  const parts = ['Gestión registrada.'];
  const { promise, task } = result;
  // Issue 37 (CCyC 2545): the acknowledgment interrupts the prescription.
  if (result.event.acknowledgment)
    parts.push('La deuda quedó reconocida: el plazo de prescripción vuelve a correr desde hoy.');
  if (promise)
    parts.push(`Promesa de ${formatMoney(promise.amount, currency)} para el ${formatDate(promise.dueDate)}.`);
  if (task) {
    const day = formatDate(agencyToday(new Date(task.start)));
    parts.push(
      task.allDay ? `Próxima tarea el ${day}.` : `Próxima tarea el ${day} a las ${agencyTime(task.start)}.`,
    );
  }
  return parts.join(' ');
}
