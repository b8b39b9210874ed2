import {
  agencyToday,
  compareMoney,
  discountOf,
  effectiveDownPayment,
  formatMoney,
  monthlyDueDates,
  OFFER_MESSAGES,
  type OfferTerms,
  offerFieldsSchema,
  offerLimitReasons,
  offerPlanProblem,
  offerQuotaAmounts,
} from '@cobranzas/shared';
import { z } from 'zod';
import { moneyField, optionalMoneyField, requiredDate } from '../debts/common/schemas';

/** The form «Nueva oferta»: what MoneyField and DateField hold, checked as the API checks them. */
export const offerFormSchema = z
  .object({
    amount: moneyField,
    quotas: offerFieldsSchema.shape.quotas,
    downPayment: optionalMoneyField.transform((v) => v ?? '0.00'),
    firstDueDate: requiredDate.refine((d) => d >= agencyToday(), { error: OFFER_MESSAGES.firstDueDatePast }),
    notes: offerFieldsSchema.shape.notes,
  })
  .superRefine((offer, ctx) => {
    const problem = offerPlanProblem(offer);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });
export type OfferFormValues = z.input<typeof offerFormSchema>;
export type OfferFormOutput = z.output<typeof offerFormSchema>;

export type OfferPreview =
  /** Not all the fields make an offer yet. */
  | { kind: 'incomplete' }
  /** An offer the API would refuse, and why. */
  | { kind: 'invalid'; message: string }
  | {
      kind: 'ready';
      discount: string;
      discountPercent: string;
      /** Within the company's limits: approved at once. */
      within: boolean;
      /** «Dentro de los límites: …» or «Fuera de los límites: …». */
      verdict: string;
      reasons: string[];
      quotas: { number: number; amount: string; dueDate: string }[];
    };

/**
 * What the offer in the form would be, before sending it: its discount on the balance to date, its
 * quotas, and whether it is within the company's limits — the same shared arithmetic the API runs
 * (offerLimitReasons), on the same balance (GET /offers/terms).
 */
export function offerPreview(values: Partial<OfferFormValues>, terms: OfferTerms): OfferPreview {
  const parsed = offerFormSchema.safeParse(values);
  if (!parsed.success) {
    const plan = parsed.error.issues.find((issue) => issue.code === 'custom' && issue.path.length === 1);
    return plan && !['amount', 'firstDueDate'].includes(String(plan.path[0]))
      ? { kind: 'invalid', message: plan.message }
      : { kind: 'incomplete' };
  }
  const offer = parsed.data;
  const currency = terms.currency === 'USD' ? 'USD' : 'ARS';
  if (compareMoney(offer.amount, terms.balance) > 0)
    return {
      kind: 'invalid',
      message: OFFER_MESSAGES.amountOverBalance(formatMoney(terms.balance, currency)),
    };
  const downPayment = effectiveDownPayment(offer);
  const reasons = offerLimitReasons(
    { balance: terms.balance, amount: offer.amount, quotas: offer.quotas, downPayment },
    terms.limits,
    currency,
  );
  const dates = monthlyDueDates(offer.firstDueDate, offer.quotas);
  return {
    kind: 'ready',
    ...discountOf(terms.balance, offer.amount),
    within: reasons.length === 0,
    verdict: reasons.length === 0 ? OFFER_MESSAGES.withinLimits : OFFER_MESSAGES.beyondLimits,
    reasons,
    quotas: offerQuotaAmounts(offer).map((amount, i) => ({
      number: i + 1,
      amount,
      dueDate: dates[i] as string,
    })),
  };
}

/** «Límites de la compañía: quita hasta 30 %, hasta 12 cuotas, anticipo desde 10 %.», or none. */
export function limitsText(limits: OfferTerms['limits']): string {
  const percent = (value: string) => `${value.replace(/\.00$/, '').replace('.', ',')} %`;
  const parts = [
    limits.maxDiscountPercent !== null ? `quita hasta ${percent(limits.maxDiscountPercent)}` : null,
    limits.maxQuotas !== null
      ? `hasta ${limits.maxQuotas} ${limits.maxQuotas === 1 ? 'cuota' : 'cuotas'}`
      : null,
    limits.minDownPaymentPercent !== null ? `anticipo desde ${percent(limits.minDownPaymentPercent)}` : null,
  ].filter((part): part is string => part !== null);
  if (parts.length === 0) return 'La compañía no fija límites: toda oferta se aprueba al instante.';
  return `Límites de la compañía: ${parts.join(', ')}.`;
}
