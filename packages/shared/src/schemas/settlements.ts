import { z } from 'zod';
import { agencyToday } from '../dates';
import { CURRENCIES } from '../enums';
import { defineResource } from '../resource';
import { dateSchema, idFilter, idSchema, timestamps } from './common';
import { LIST_MAX_LIMIT } from './list';

/**
 * A settlement to a client company (rendición, DESIGN.md §10.4, issue 19): every payment and deposit
 * of the company's debts in one currency dated up to `to` and in no CLOSED settlement. A DRAFT can be
 * deleted; once CLOSED (it takes the next number) its money is frozen: 409 on editing or deleting it.
 */
export const SETTLEMENT_STATUSES = ['DRAFT', 'CLOSED'] as const;
export type SettlementStatus = (typeof SETTLEMENT_STATUSES)[number];
export const SETTLEMENT_STATUS_LABELS: Record<SettlementStatus, string> = {
  DRAFT: 'Borrador',
  CLOSED: 'Cerrada',
};

/** What a line of a settlement is: a payment or a bank deposit of the debt. */
export const SETTLEMENT_LINE_KINDS = ['PAYMENT', 'DEPOSIT'] as const;
export type SettlementLineKind = (typeof SETTLEMENT_LINE_KINDS)[number];
export const SETTLEMENT_LINE_KIND_LABELS: Record<SettlementLineKind, string> = {
  PAYMENT: 'Pago',
  DEPOSIT: 'Depósito',
};

/** The commission of one rate (a stage with its own rate makes a second one). */
export const settlementCommissionSchema = z.object({
  commissionRate: z.string(),
  collected: z.string(),
  commission: z.string(),
});

export const settlementSchema = z.object({
  id: z.number().int(),
  /** Given on closing, from a gap-free sequence (null while a draft). */
  number: z.number().int().nullable(),
  companyId: z.number().int(),
  companyName: z.string(),
  currency: z.enum(CURRENCIES),
  /** The earliest date among its lines. */
  from: z.string(),
  to: z.string(),
  status: z.enum(SETTLEMENT_STATUSES),
  /** How many lines (payments and deposits) it settles: GET /api/settlements/{id}/lines lists them. */
  items: z.number().int(),
  /** Everything collected, also what the debtor paid straight to the client: the commission's base. */
  collected: z.string(),
  /** Of `collected`, what the debtor paid straight to the client (the agency does not hold it). */
  direct: z.string(),
  /** The company's commission rate (a stage with its own rate adds a line to `commissions`). */
  commissionRate: z.string(),
  commission: z.string(),
  commissions: z.array(settlementCommissionSchema),
  /** The agency's VAT rate on its commission when the draft was made (21 or 0). */
  vatRate: z.string(),
  vat: z.string(),
  /** collected − commission − vat. */
  net: z.string(),
  /** What the agency transfers: net − direct (negative: the client owes the agency). */
  payable: z.string(),
  createdBy: z.number().int().nullable(),
  createdByName: z.string().nullable(),
  closedBy: z.number().int().nullable(),
  closedByName: z.string().nullable(),
  closedAt: z.string().nullable(),
  ...timestamps,
});
export type Settlement = z.infer<typeof settlementSchema>;

/** POST /api/settlements (ADMIN): the draft of a company, up to a day that has already come. */
export const settlementCreateSchema = z.object({
  companyId: idSchema,
  to: dateSchema.refine((to) => to <= agencyToday(), {
    error: 'La fecha de corte no puede ser posterior a hoy.',
  }),
  currency: z.enum(CURRENCIES, { error: 'Moneda desconocida (ARS o USD).' }).default('ARS'),
});
export type SettlementCreate = z.input<typeof settlementCreateSchema>;

export const settlementLineSchema = z.object({
  id: z.number().int(),
  kind: z.enum(SETTLEMENT_LINE_KINDS),
  /** The payment's or the deposit's id. */
  recordId: z.number().int(),
  debtId: z.number().int(),
  debtReference: z.string(),
  debtorName: z.string(),
  /** DNI, else CUIT. */
  debtorDocument: z.string().nullable(),
  date: z.string(),
  amount: z.string(),
  /** The debt's stage when the draft was made (1 preventiva, 2 extrajudicial, 3 judicial). */
  debtTypeId: z.number().int(),
  commissionRate: z.string(),
  /** Paid by the debtor straight to the client, as the client reported it. */
  paidToClient: z.boolean(),
});
export type SettlementLine = z.infer<typeof settlementLineSchema>;

/** GET /api/settlements/{id}/lines: by date, a page at a time. */
export const settlementLinesQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    limit: z.coerce.number().int().min(1).max(LIST_MAX_LIMIT).default(100),
  })
  .strict();
export const settlementLinesSchema = z.object({
  data: z.array(settlementLineSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type SettlementLines = z.infer<typeof settlementLinesSchema>;

/** GET /api/report/to-settle: per company and currency, collected and in no closed settlement. */
export const toSettleSchema = z.object({
  data: z.array(
    z.object({
      companyId: z.number().int(),
      companyName: z.string(),
      currency: z.enum(CURRENCIES),
      items: z.number().int(),
      amount: z.string(),
      /** The earliest date among them. */
      since: z.string(),
    }),
  ),
});
export type ToSettle = z.infer<typeof toSettleSchema>;

export const settlementsResource = defineResource({
  path: 'settlements',
  label: 'rendiciones',
  item: settlementSchema,
  create: settlementCreateSchema,
  sortable: ['to', 'id', 'createdAt'],
  filters: {
    companyId: idFilter,
    status: z.enum(SETTLEMENT_STATUSES, { error: 'Estado de rendición desconocido.' }).optional(),
    currency: z.enum(CURRENCIES, { error: 'Moneda desconocida (ARS o USD).' }).optional(),
  },
  // POST makes the draft (its own route: it gathers the lines); closing is PATCH …/close; never edited.
  operations: ['list', 'read', 'create', 'delete'],
});
