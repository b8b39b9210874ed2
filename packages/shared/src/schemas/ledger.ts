import { z } from 'zod';
import { defineCall } from '../call';
import { LEDGER_KINDS } from '../owed';
import { idParamsSchema } from './common';

/**
 * One row of a debt's ledger (DESIGN.md §11.1, contract): every money movement, in date order;
 * a REVERSAL names the row it undoes (`reversalOf`) and says why (`note`). A CLIENTE never receives
 * `createdBy` nor `createdByName` (DESIGN.md §11.1).
 */
export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  date: z.string(),
  kind: z.enum(LEDGER_KINDS),
  amount: z.string(),
  quotaId: z.number().int().nullable(),
  settlementId: z.number().int().nullable(),
  reversalOf: z.number().int().nullable(),
  /** Undone by a later REVERSAL (that row's id), else null: then it counts. */
  reversedBy: z.number().int().nullable(),
  note: z.string().nullable(),
  createdBy: z.number().int().nullable().optional(),
  createdByName: z.string().nullable().optional(),
  createdAt: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

/** GET /api/debts/{id}/ledger: the rows, and what the debt owes today (the amount owed's total). */
export const debtLedgerSchema = z.object({
  data: z.array(ledgerEntrySchema),
  owed: z.string(),
});
export type DebtLedger = z.infer<typeof debtLedgerSchema>;

/** GET /api/debts/{id}/ledger: the debt's money movements and what it owes today. */
export const debtLedgerCall = defineCall({
  method: 'GET',
  path: '/debts/:id/ledger',
  tag: 'deudas',
  summary: 'Los movimientos de dinero de una deuda (pagos, depósitos, gastos, moras, quitas, reversiones)',
  params: idParamsSchema,
  answer: debtLedgerSchema,
  errors: { 404: 'La deuda no existe o no es de la empresa del usuario.' },
});
