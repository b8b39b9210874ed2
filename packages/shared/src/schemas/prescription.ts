import { z } from 'zod';
import { defineCall } from '../call';
import { idParamsSchema } from './common';

/**
 * Why a debt prescribes when it does (issue 37, DESIGN.md §11.6): the term, where it runs from (the
 * default date or the last interruption: a payment, an acknowledgment, a case filed or ended), the
 * once-only suspension of a carta documento, or the pending case that holds it.
 */
export const PRESCRIPTION_INTERRUPTIONS = ['PAGO', 'RECONOCIMIENTO', 'DEMANDA', 'FIN_DEL_JUICIO'] as const;
export type PrescriptionInterruption = (typeof PRESCRIPTION_INTERRUPTIONS)[number];
export const PRESCRIPTION_INTERRUPTION_LABELS: Record<PrescriptionInterruption, string> = {
  PAGO: 'pago',
  RECONOCIMIENTO: 'reconocimiento de deuda',
  DEMANDA: 'demanda judicial',
  FIN_DEL_JUICIO: 'fin del juicio',
};

/** The queue raises, and the dashboard counts, debts that prescribe within these days. */
export const PRESCRIPTION_WARNING_DAYS = 60;

export const debtPrescriptionSchema = z.object({
  /** The last day the claim can be brought; null while a filed case is pending or with no date to run from. */
  prescribesOn: z.string().nullable(),
  years: z.number().int(),
  /** Where the current term runs from. */
  runsFrom: z.string().nullable(),
  /** What set it, when it is an interruption (else the default or origin date). */
  interruption: z.object({ on: z.string(), kind: z.enum(PRESCRIPTION_INTERRUPTIONS) }).nullable(),
  /** The six months of art. 2541 from a carta documento's delivery, when they moved the end. */
  suspended: z.object({ from: z.string(), to: z.string() }).nullable(),
  /** A case filed on this day and not ended holds the term (CCyC 2547). */
  casePendingSince: z.string().nullable(),
});
export type DebtPrescription = z.infer<typeof debtPrescriptionSchema>;

export const debtPrescriptionCall = defineCall({
  method: 'GET',
  path: '/debts/:id/prescription',
  tag: 'deudas',
  summary: 'Cuándo prescribe el reclamo de una deuda y por qué (plazo, interrupción, suspensión)',
  params: idParamsSchema,
  answer: debtPrescriptionSchema,
  errors: { 404: 'La deuda no existe o no es de la empresa del usuario.' },
});
