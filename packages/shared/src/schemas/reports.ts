import { z } from 'zod';
import { defineCall } from '../call';
import { CURRENCIES, PAYMENT_METHODS } from '../enums';
import { dateSchema, idFilter, idSchema } from './common';
import { LIST_MAX_LIMIT, listResponseSchema, unknownParam } from './list';

/** The dashboard's amounts are of one currency: pesos unless dollars are asked for. */
const reportCurrency = z.enum(CURRENCIES).default('ARS');

/** SPEC.md §3 "Report parameters: company, start, end". */
export const clientDebtReportQuerySchema = z.object({
  company: idSchema,
  start: dateSchema.optional(),
  end: dateSchema.optional(),
});
export const collectionTypesReportQuerySchema = z.object({ company: idFilter, currency: reportCurrency });
export const generalKpiQuerySchema = z.object({
  company: idFilter,
  start: dateSchema.optional(),
  end: dateSchema.optional(),
  currency: reportCurrency,
});

export const collectionTypesReportSchema = z.object({
  data: z.array(
    z.object({
      collectionTypeId: z.number().int().nullable(),
      name: z.string(),
      debts: z.number().int(),
      originalAmount: z.string(),
      paidAmount: z.string(),
      balance: z.string(),
    }),
  ),
});

/**
 * DESIGN.md §11.2. The cohort is the debts placed (created) in the period: portfolioAmount is their
 * original amounts, collectedAmount what they collected up to `end`, liquidationRate the one over the
 * other (× 100, two decimals). collectedInPeriod is the cash: every payment and deposit dated in the
 * period, on any debt of the company.
 */
export const generalKpiSchema = z.object({
  portfolioAmount: z.string(),
  collectedAmount: z.string(),
  liquidationRate: z.string(),
  collectedInPeriod: z.string(),
  debts: z.number().int(),
  byStage: z.array(
    z.object({ debtTypeId: z.number().int(), name: z.string(), debts: z.number().int(), amount: z.string() }),
  ),
  paymentsByMonth: z.array(z.object({ month: z.string(), amount: z.string(), payments: z.number().int() })),
  overdueQuotas: z.number().int(),
  overdueAmount: z.string(),
  /** Open debts with a balance whose claim prescribes within PRESCRIPTION_WARNING_DAYS (issue 37). */
  prescribingSoon: z.number().int(),
  /** The agency's agenda: absent for a CLIENTE (DESIGN.md §11.2). */
  tasksDueToday: z.number().int().optional(),
});
export type GeneralKpi = z.infer<typeof generalKpiSchema>;

/** The list behind collectedInPeriod: the dashboard's filters, a page of it, nothing else. */
export const collectedListQuerySchema = z
  .object({
    company: idFilter,
    start: dateSchema.optional(),
    end: dateSchema.optional(),
    currency: reportCurrency,
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    limit: z.coerce.number().int().min(1).max(LIST_MAX_LIMIT).default(25),
  })
  .catchall(unknownParam);

/** One payment or deposit: `id` is its record's (/payments/{id}, /deposits/{id}). */
export const collectedItemSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['PAYMENT', 'DEPOSIT']),
  date: z.string(),
  amount: z.string(),
  method: z.enum(PAYMENT_METHODS).nullable(),
  debtId: z.number().int(),
  reference: z.string().nullable(),
  debtorName: z.string(),
  dni: z.string(),
  companyName: z.string(),
});
export type CollectedItem = z.infer<typeof collectedItemSchema>;

export const collectedListSchema = listResponseSchema(collectedItemSchema).extend({
  /** The sum of every page: the dashboard's collectedInPeriod for the same filters. */
  amount: z.string(),
});
export type CollectedList = z.infer<typeof collectedListSchema>;

/** GET /api/report/collected: the payments and deposits dated in the period, newest first. */
export const collectedListCall = defineCall({
  method: 'GET',
  path: '/report/collected',
  tag: 'reportes',
  summary: 'Pagos y depósitos con fecha en el período (lo que suma «Cobrado en el período»)',
  query: collectedListQuerySchema,
  answer: collectedListSchema,
  errors: {
    400: 'Parámetros inválidos (fechas, período invertido, compañía o moneda).',
    404: 'La compañía no existe.',
  },
});

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  action: z.enum(['create', 'update', 'delete']),
  resource: z.string(),
  recordId: z.number().int().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
/** Not a generic list (no sort, no q): its own query, which refuses unknown parameters all the same. */
export const auditListQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    limit: z.coerce.number().int().min(1).max(500).default(25),
    resource: z.string().trim().max(40).optional(),
    recordId: idFilter,
    userId: idFilter,
    action: z.enum(['create', 'update', 'delete']).optional(),
    from: dateSchema.optional(),
    to: dateSchema.optional(),
  })
  .catchall(unknownParam);

/** GET /api/report/collection-day (issue 18): the collectors' day on the dashboard, in one currency. */
export const collectionDayQuerySchema = z.object({ company: idFilter, currency: reportCurrency });

const countAndAmount = z.object({ count: z.number().int(), amount: z.string() });

/** One collector's figures: contacts today and this month, this month's promises, what came in. */
export const collectorFiguresSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  contactsToday: z.number().int(),
  contactsMonth: z.number().int(),
  /** Promises taken this month; kept of them, and decided (kept, partly kept or broken). */
  promisesTaken: z.number().int(),
  promisesKept: z.number().int(),
  promisesDecided: z.number().int(),
  /** kept ÷ decided × 100, two decimals; null while none is decided. */
  keptPercent: z.string().nullable(),
  /** Payments and deposits dated this month on the debts assigned to the collector. */
  collected: z.string(),
});
export type CollectorFigures = z.infer<typeof collectorFiguresSchema>;

export const collectionDaySchema = z.object({
  /** The agency day the figures are of, and the first day of its month. */
  today: z.string(),
  monthFrom: z.string(),
  /** Promises due today (any status). */
  promisesToday: countAndAmount,
  /** Promises whose window (due date + grace days) ended in the last 30 days, broken or partly kept. */
  promisesBroken: countAndAmount.extend({ since: z.string() }),
  /** Per collector, for an ADMIN only (null for everyone else). */
  collectors: z.array(collectorFiguresSchema).nullable(),
});
export type CollectionDay = z.infer<typeof collectionDaySchema>;
