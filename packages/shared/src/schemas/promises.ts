import { z } from 'zod';
import { agencyToday } from '../dates';
import { defineResource } from '../resource';
import {
  dateSchema,
  idFilter,
  idSchema,
  optionalNote,
  partialUpdate,
  positiveMoneySchema,
  timestamps,
} from './common';

/**
 * A promise to pay (DESIGN.md §10.3, contract): its status is derived on every read —
 * CUMPLIDA once the payments and deposits of the debt dated from the day it was taken through its
 * due date + the company's grace days reach its amount; INCUMPLIDA when that window has passed
 * without it (PARCIAL when something was paid in it); else PENDIENTE.
 */
export const PROMISE_STATUSES = ['PENDIENTE', 'CUMPLIDA', 'PARCIAL', 'INCUMPLIDA'] as const;
export type PromiseStatus = (typeof PROMISE_STATUSES)[number];

export const PROMISE_STATUS_LABELS: Record<PromiseStatus, string> = {
  PENDIENTE: 'Pendiente',
  CUMPLIDA: 'Cumplida',
  PARCIAL: 'Cumplida en parte',
  INCUMPLIDA: 'Incumplida',
};

export const promiseSchema = z.object({
  id: z.number().int(),
  debtId: z.number().int(),
  amount: z.string(),
  dueDate: z.string(),
  takenOn: z.string(),
  /** Staff only, like who took it: a CLIENTE never receives them (clientHidden, §11.2). */
  notes: z.string().nullable().optional(),
  userId: z.number().int().nullable().optional(),
  userName: z.string().nullable().optional(),
  status: z.enum(PROMISE_STATUSES),
  /** Paid in its window (payments + deposits), up to today. */
  paid: z.string(),
  /** The last day a payment fulfils it: dueDate + the company's grace days. */
  graceUntil: z.string(),
  ...timestamps,
});
export type PaymentPromise = z.infer<typeof promiseSchema>;

/** A promise is for today or later: a date that has passed is not a promise. */
const dueDateSchema = dateSchema.refine((d) => d >= agencyToday(), {
  error: 'La fecha prometida no puede ser anterior a hoy.',
});

export const promiseCreateSchema = z.object({
  debtId: idSchema,
  amount: positiveMoneySchema,
  dueDate: dueDateSchema,
  notes: optionalNote(2000),
});
export const promiseUpdateSchema = partialUpdate(promiseCreateSchema.omit({ debtId: true }));
export type PromiseCreate = z.input<typeof promiseCreateSchema>;

export const promisesResource = defineResource({
  path: 'promises',
  label: 'promesas de pago',
  item: promiseSchema,
  clientHidden: ['notes', 'userId', 'userName'],
  create: promiseCreateSchema,
  update: promiseUpdateSchema,
  sortable: ['id', 'dueDate', 'amount', 'createdAt'],
  filters: {
    debtId: idFilter,
    userId: idFilter,
    status: z.enum(PROMISE_STATUSES, { error: 'Estado de promesa desconocido.' }).optional(),
    dueDate: dateSchema.optional(),
  },
});
