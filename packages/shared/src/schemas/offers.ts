import { z } from 'zod';
import { agencyToday } from '../dates';
import { OFFER_MESSAGES, offerPlanProblem } from '../offers';
import { defineResource } from '../resource';
import {
  dateSchema,
  idFilter,
  idSchema,
  nonNegativeMoneySchema,
  optionalNote,
  positiveMoneySchema,
  timestamps,
} from './common';
import { paymentPlanSchema } from './quotas';

/**
 * A settlement offer (quita, DESIGN.md §10.3): pay `amount` of the debt's balance to date in `quotas`
 * quotas. Within the company's limits it is APROBADA at once; beyond them it is PENDIENTE until an
 * ADMIN approves (APROBADA) or rejects it (RECHAZADA). An APROBADA offer the debtor accepted is
 * ACEPTADA: its plan was created and its discount recorded. ANULADA: withdrawn before that.
 */
export const OFFER_STATUSES = ['PENDIENTE', 'APROBADA', 'RECHAZADA', 'ACEPTADA', 'ANULADA'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

export const OFFER_STATUS_LABELS: Record<OfferStatus, string> = {
  PENDIENTE: 'Pendiente de aprobación',
  APROBADA: 'Aprobada',
  RECHAZADA: 'Rechazada',
  ACEPTADA: 'Aceptada',
  ANULADA: 'Anulada',
};

/** The status inside a sentence («está pendiente de aprobación»). */
export const offerStatusWord = (status: OfferStatus) => OFFER_STATUS_LABELS[status].toLowerCase();

export const offerSchema = z.object({
  id: z.number().int(),
  debtId: z.number().int(),
  /** Who made it. */
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  /** The balance to date when it was made (computed by the API, never sent by the client). */
  balance: z.string(),
  /** What the debtor would pay in total. */
  amount: z.string(),
  /** balance − amount, and its percent of the balance (half-up, two decimals). */
  discount: z.string(),
  discountPercent: z.string(),
  quotas: z.number().int(),
  /** The first quota (with a single quota, the whole amount). */
  downPayment: z.string(),
  firstDueDate: z.string(),
  notes: z.string().nullable(),
  status: z.enum(OFFER_STATUSES),
  /** Where it goes beyond the company's limits, in Spanish (empty: within them). */
  reasons: z.array(z.string()),
  /** The ADMIN who approved or rejected it (null: approved at once, within the limits). */
  decidedBy: z.number().int().nullable(),
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
  acceptedBy: z.number().int().nullable(),
  acceptedAt: z.string().nullable(),
  /** Accepted by the debtor in the portal: its terms PDF is kept (GET /api/offers/{id}/terms). */
  acceptedInPortal: z.boolean(),
  cancelledBy: z.number().int().nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  /** The debt, for lists that are not the debt's own (the dashboard's pending offers). */
  debtReference: z.string().nullable(),
  debtorName: z.string().nullable(),
  companyId: z.number().int().nullable(),
  companyName: z.string().nullable(),
  currency: z.string().nullable(),
  ...timestamps,
});
export type Offer = z.infer<typeof offerSchema>;

/** The first due date of the plan: today or later. */
const firstDueDateSchema = dateSchema.refine((d) => d >= agencyToday(), {
  error: OFFER_MESSAGES.firstDueDatePast,
});

/** The fields of a new offer, without the checks across them (a form extends these). */
export const offerFieldsSchema = z.object({
  debtId: idSchema,
  amount: positiveMoneySchema,
  quotas: paymentPlanSchema.shape.installments,
  downPayment: nonNegativeMoneySchema.default('0.00'),
  firstDueDate: firstDueDateSchema,
  notes: optionalNote(2000),
});

/** POST /api/offers. The balance is the API's own (the balance to date), never the client's. */
export const offerCreateSchema = offerFieldsSchema.superRefine((offer, ctx) => {
  const problem = offerPlanProblem(offer);
  if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
});
export type OfferCreate = z.input<typeof offerCreateSchema>;

/** The body of reject and cancel (optional): why. */
export const offerNoteSchema = z.object({ note: optionalNote(500) }).default({ note: null });

/** GET /api/offers/terms?debtId= : what a new offer of the debt starts from. */
export const offerTermsQuerySchema = z.object({ debtId: idSchema }).strict();

export const offerLimitsSchema = z.object({
  maxDiscountPercent: z.string().nullable(),
  maxQuotas: z.number().int().nullable(),
  minDownPaymentPercent: z.string().nullable(),
});

export const offerTermsSchema = z.object({
  debtId: z.number().int(),
  /** The day the balance is of (today at the agency). */
  date: z.string(),
  /** The balance to date an offer made now is measured against. */
  balance: z.string(),
  currency: z.string(),
  limits: offerLimitsSchema,
  /** Whether the debt has unpaid quotas (then it takes no offer). */
  hasPlan: z.boolean(),
  /** Whether the debt is open (ACTIVA or EN_CONVENIO). */
  open: z.boolean(),
});
export type OfferTerms = z.infer<typeof offerTermsSchema>;

export const offersResource = defineResource({
  path: 'offers',
  label: 'ofertas de quita',
  item: offerSchema,
  create: offerCreateSchema,
  sortable: ['createdAt', 'id', 'amount'],
  filters: {
    debtId: idFilter,
    userId: idFilter,
    companyId: idFilter,
    status: z.enum(OFFER_STATUSES, { error: 'Estado de oferta desconocido.' }).optional(),
  },
  // Approve, reject, accept and cancel are their own calls; an offer is never edited or deleted.
  operations: ['list', 'read', 'create'],
});
