import { z } from 'zod';
import { defineCall } from '../call';
import { idParamsSchema } from './common';

/**
 * GET /api/debts/{id}/history (issue 32): who changed what on the debt, newest first, each change as
 * the screen shows it («Etapa: Preventiva → Extrajudicial»). Staff only: it names the collectors.
 */
export const debtChangeSchema = z.object({
  field: z.string(),
  label: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type DebtChange = z.infer<typeof debtChangeSchema>;

export const debtHistoryEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  userName: z.string().nullable(),
  /** CREADA, MODIFICADA or ASIGNADA (a bulk assignment that included it). */
  kind: z.enum(['CREADA', 'MODIFICADA', 'ASIGNADA']),
  changes: z.array(debtChangeSchema),
});
export type DebtHistoryEntry = z.infer<typeof debtHistoryEntrySchema>;

export const debtHistorySchema = z.object({ data: z.array(debtHistoryEntrySchema) });

export const debtHistoryCall = defineCall({
  method: 'GET',
  path: '/debts/:id/history',
  tag: 'deudas',
  summary: 'El historial de cambios de una deuda (quién, cuándo, qué), lo más nuevo primero',
  params: idParamsSchema,
  answer: debtHistorySchema,
  errors: {
    403: 'Un usuario de una compañía cliente no ve el historial interno.',
    404: 'La deuda no existe o no es de la empresa del usuario.',
  },
});
