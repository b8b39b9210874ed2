import { z } from 'zod';
import { CURRENCIES, DEBT_STATUSES } from '../enums';
import { PHONE_KINDS } from '../phones';
import { defineResource } from '../resource';
import {
  dateSchema,
  idFilter,
  idSchema,
  optionalDate,
  optionalNote,
  optionalText,
  partialUpdate,
  percentSchema,
  positiveMoneySchema,
  timestamps,
} from './common';
import { annualRateSchema } from './rateTables';

/** DESIGN.md §8. Reads embed what a screen needs: debtor, company, type names and the amounts. */
export const debtSchema = z.object({
  id: z.number().int(),
  debtorId: z.number().int(),
  companyId: z.number().int(),
  debtTypeId: z.number().int(),
  collectionTypeId: z.number().int().nullable(),
  reference: z.string().nullable(),
  originalAmount: z.string(),
  currency: z.enum(CURRENCIES),
  originDate: z.string().nullable(),
  defaultDate: z.string().nullable(),
  punitiveRate: z.string(),
  /** Compensatory interest, annual % (DESIGN §10.2); a rate table, when set, replaces it. */
  interestRate: z.string().nullable(),
  rateTableId: z.number().int().nullable(),
  /** The portfolio import that created it (DESIGN §10.1). */
  importId: z.number().int().nullable(),
  status: z.enum(DEBT_STATUSES),
  /** Staff only: a CLIENTE never receives who works the debt (clientHidden). */
  assignedUserId: z.number().int().nullable().optional(),
  court: z.string().nullable(),
  caseNumber: z.string().nullable(),
  notes: z.string().nullable(),
  debtor: z.object({
    id: z.number().int(),
    dni: z.string(),
    cuit: z.string().nullable(),
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string().nullable(),
    altPhone: z.string().nullable(),
    /** Issue 32: the header's WhatsApp link needs them (shared/phones.ts whatsappTarget). */
    phoneKind: z.enum(PHONE_KINDS).nullable(),
    altPhoneKind: z.enum(PHONE_KINDS).nullable(),
    email: z.string().nullable(),
  }),
  companyName: z.string(),
  debtTypeName: z.string(),
  collectionTypeName: z.string().nullable(),
  assignedUserName: z.string().nullable().optional(),
  /** services + mora charged on top of the original amount */
  servicesAmount: z.string(),
  moraAmount: z.string(),
  /** payments + deposits */
  paidAmount: z.string(),
  /** original + services + mora − payments − deposits */
  balance: z.string(),
  /** The last day its claim can be brought (issue 37, schemas/prescription.ts); null while a filed case is pending. */
  prescribesOn: z.string().nullable(),
  /** Its court case (issue 37), for the judicial list's columns and the debt's page; null: none. */
  judicialCase: z
    .object({
      id: z.number().int(),
      jurisdictionName: z.string().nullable(),
      court: z.string().nullable(),
      number: z.string().nullable(),
      nextDeadlineOn: z.string().nullable(),
    })
    .nullable(),
  ...timestamps,
});
export type Debt = z.infer<typeof debtSchema>;

export const debtCreateSchema = z.object({
  debtorId: idSchema,
  companyId: idSchema,
  debtTypeId: idSchema.default(1),
  collectionTypeId: idSchema.nullish().transform((v) => v ?? null),
  reference: optionalText(60),
  originalAmount: positiveMoneySchema,
  currency: z.enum(CURRENCIES).default('ARS'),
  originDate: optionalDate,
  defaultDate: optionalDate,
  punitiveRate: percentSchema.default('0'),
  interestRate: annualRateSchema.nullish().transform((v) => v ?? null),
  rateTableId: idSchema.nullish().transform((v) => v ?? null),
  status: z.enum(DEBT_STATUSES).default('ACTIVA'),
  assignedUserId: idSchema.nullish().transform((v) => v ?? null),
  court: optionalText(200),
  caseNumber: optionalText(60),
  notes: optionalNote(4000),
});
export const debtUpdateSchema = partialUpdate(debtCreateSchema);

/**
 * PATCH /debts/{id}/stage: the stage change as one act — the debt moves and a "Cambio de etapa"
 * Gestión records it, in one transaction. Court and case number apply to the judicial stage.
 */
export const debtStageChangeSchema = z.object({
  debtTypeId: idSchema,
  court: optionalText(200),
  caseNumber: optionalText(60),
  description: optionalNote(4000),
});
export type DebtStageChange = z.input<typeof debtStageChangeSchema>;

/**
 * PATCH /debts/{id}/status: the status change as one act, like the stage change. The allowed
 * transitions are in debtStatus.ts (DEBT_STATUS_TRANSITIONS and the balance conditions).
 */
export const debtStatusChangeSchema = z.object({
  status: z.enum(DEBT_STATUSES),
  description: optionalNote(4000),
});
export type DebtStatusChange = z.input<typeof debtStatusChangeSchema>;
export type DebtCreate = z.input<typeof debtCreateSchema>;

export const debtsResource = defineResource({
  path: 'debts',
  label: 'deudas',
  item: debtSchema,
  clientHidden: ['assignedUserId', 'assignedUserName'],
  create: debtCreateSchema,
  update: debtUpdateSchema,
  sortable: ['id', 'createdAt', 'originalAmount', 'defaultDate', 'originDate', 'reference', 'prescribesOn'],
  filters: {
    debtorId: idFilter,
    companyId: idFilter,
    debtTypeId: idFilter,
    collectionTypeId: idFilter,
    assignedUserId: idFilter,
    /** The debts a portfolio import created (DESIGN.md §10.1). */
    importId: idFilter,
    status: z.enum(DEBT_STATUSES).optional(),
    /** The dashboard's figures are of one currency: the list behind them too (issue 32). */
    currency: z.enum(CURRENCIES).optional(),
    reference: z.string().trim().max(60).optional(),
    dni: z.string().trim().max(11).optional(),
    defaultFrom: dateSchema.optional(),
    defaultTo: dateSchema.optional(),
    createdFrom: dateSchema.optional(),
    createdTo: dateSchema.optional(),
    /** «Prescribe en los próximos N días» (issue 37): from today to today + N, open debts only. */
    prescribesWithinDays: z.coerce.number().int().min(1).max(3650).optional(),
  },
});

/**
 * GET /debts/summary: the count and amounts of every debt a GET /debts with the same filters would
 * list (all pages), one line per currency — pesos and dollars are never added together.
 */
export const debtSummarySchema = z.object({
  debts: z.number().int(),
  byCurrency: z.array(
    z.object({
      currency: z.enum(CURRENCIES),
      debts: z.number().int(),
      originalAmount: z.string(),
      paidAmount: z.string(),
      balance: z.string(),
    }),
  ),
});
export type DebtSummary = z.infer<typeof debtSummarySchema>;
