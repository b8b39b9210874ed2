import { z } from 'zod';
import { defineCall } from '../call';
import { CURRENCIES, PAYMENT_METHODS } from '../enums';
import { idParamsSchema } from './common';
import { debtChangeSchema } from './debtHistory';

/**
 * GET /api/debtors/{id}/history (issue 32): the debtor's file — one history merged across all their
 * debts, newest first: contacts, payments and deposits, letters issued and the debts' changes. Staff
 * only (the debtors subject), so every entry may name who did it.
 */
const entryBase = {
  /** Unique in the answer: the kind and the record's id («PAGO-12»). */
  key: z.string(),
  /** When: an instant; a payment has only its day (`allDay`). */
  at: z.string(),
  allDay: z.boolean(),
  debtId: z.number().int(),
  userName: z.string().nullable(),
};

export const debtorHistoryEntrySchema = z.discriminatedUnion('kind', [
  z.object({
    ...entryBase,
    kind: z.literal('GESTION'),
    eventType: z.string(),
    eventSubType: z.string().nullable(),
    outcome: z.string().nullable(),
    description: z.string().nullable(),
  }),
  z.object({
    ...entryBase,
    kind: z.literal('PAGO'),
    /** A payment to the agency or a deposit to the client's account. */
    source: z.enum(['PAYMENT', 'DEPOSIT']),
    amount: z.string(),
    currency: z.enum(CURRENCIES),
    method: z.enum(PAYMENT_METHODS).nullable(),
    /** Undone by a reversal: it stays in the history, marked. */
    reversed: z.boolean(),
  }),
  z.object({ ...entryBase, kind: z.literal('CARTA'), letter: z.string() }),
  z.object({
    ...entryBase,
    kind: z.literal('CAMBIO'),
    change: z.enum(['CREADA', 'MODIFICADA', 'ASIGNADA']),
    changes: z.array(debtChangeSchema),
  }),
]);
export type DebtorHistoryEntry = z.infer<typeof debtorHistoryEntrySchema>;
export type DebtorHistoryKind = DebtorHistoryEntry['kind'];

export const debtorHistorySchema = z.object({
  /** The debtor's debts the entries name, to label each («N.º 12 · Banco Sur · REF-9»). */
  debts: z.array(
    z.object({
      id: z.number().int(),
      companyName: z.string(),
      reference: z.string().nullable(),
    }),
  ),
  data: z.array(debtorHistoryEntrySchema),
  /** More entries exist than the answer holds: each debt's own tabs have them all. */
  truncated: z.boolean(),
});
export type DebtorHistory = z.infer<typeof debtorHistorySchema>;

export const debtorHistoryCall = defineCall({
  method: 'GET',
  path: '/debtors/:id/history',
  tag: 'deudores',
  summary: 'La ficha del deudor: un historial de todas sus deudas (gestiones, pagos, cartas y cambios)',
  params: idParamsSchema,
  answer: debtorHistorySchema,
  errors: { 404: 'El deudor no existe.' },
});
