import { addDays, daysBetween, monthlyDueDates } from './dates';
import { fromCents, toCents } from './money';
import { type OfferLimits, offerLimitReasons, offerPlanProblem, offerQuotaAmounts } from './offers';

/**
 * The offers the debtor portal makes on its own (DESIGN.md §11.3, issue 34): built from the company's
 * envelope, never beyond it, so a debtor who takes one needs nobody's approval. Pure and exact
 * (BigInt cents). A company that set no envelope gets none: the portal then only takes payments.
 */

/** The company's envelope: the offer limits of §10.3 and what the portal adds. Null: no limit there. */
export interface OfferEnvelope extends OfferLimits {
  /** No quota of a plan below this amount. */
  minQuotaAmount: string | null;
  /** The first due date at most this many days from today. */
  maxFirstDueDays: number | null;
  /** The last due date at most this many days from today. */
  maxPlanDays: number | null;
}

export const PORTAL_OFFER_KINDS = ['PAGO_UNICO', 'CUOTAS'] as const;
export type PortalOfferKind = (typeof PORTAL_OFFER_KINDS)[number];

export interface PortalOffer {
  kind: PortalOfferKind;
  /** «Pago único con quita», «Plan de 6 cuotas». */
  title: string;
  balance: string;
  amount: string;
  discount: string;
  quotas: number;
  downPayment: string;
  firstDueDate: string;
  /** Each quota's due date and amount, the down payment first. */
  schedule: { number: number; dueDate: string; amount: string }[];
}

/** A single payment is due within a week, or sooner when the company says. */
export const SINGLE_PAYMENT_DAYS = 7;

function offerOf(
  kind: PortalOfferKind,
  title: string,
  balance: bigint,
  amount: bigint,
  quotas: number,
  downPayment: bigint,
  firstDueDate: string,
): PortalOffer {
  const terms = { amount: fromCents(amount), quotas, downPayment: fromCents(downPayment) };
  const amounts = offerQuotaAmounts(terms);
  const dates = monthlyDueDates(firstDueDate, quotas);
  return {
    kind,
    title,
    balance: fromCents(balance),
    amount: fromCents(amount),
    discount: fromCents(balance - amount),
    quotas,
    downPayment: fromCents(downPayment),
    firstDueDate,
    schedule: amounts.map((value, i) => ({
      number: i + 1,
      dueDate: dates[i] ?? firstDueDate,
      amount: value,
    })),
  };
}

/**
 * What the portal offers on `balance` (what the debt owes today) from `today`:
 * - PAGO_UNICO, when the company allows a discount: the largest discount within it (rounded down to the
 *   cent, so never above the limit), paid at once within SINGLE_PAYMENT_DAYS (or its first-due limit);
 * - CUOTAS, when it allows two quotas or more: no discount, the most monthly quotas that fit the most
 *   quotas, the plan's length and the smallest quota, with the smallest down payment it asks for
 *   (rounded up to the cent, and never below the smallest quota) first.
 * Each one is within the envelope by construction, and checked again against offerLimitReasons.
 */
export function portalOffers(balance: string, envelope: OfferEnvelope, today: string): PortalOffer[] {
  const owed = toCents(balance);
  if (owed <= 0n) return [];
  // The first (and a single payment's only) due date: within the first-due limit and the plan's length.
  const firstDays = Math.min(
    SINGLE_PAYMENT_DAYS,
    envelope.maxFirstDueDays ?? SINGLE_PAYMENT_DAYS,
    envelope.maxPlanDays ?? SINGLE_PAYMENT_DAYS,
  );
  const firstDue = addDays(today, Math.max(0, firstDays));
  const offers: PortalOffer[] = [];

  const maxDiscount = envelope.maxDiscountPercent === null ? 0n : toCents(envelope.maxDiscountPercent);
  if (maxDiscount > 0n) {
    const discount = (owed * maxDiscount) / 10000n;
    if (discount > 0n && discount < owed)
      offers.push(offerOf('PAGO_UNICO', 'Pago único con quita', owed, owed - discount, 1, 0n, firstDue));
  }

  const most = envelope.maxQuotas ?? 0;
  const downPercent = envelope.minDownPaymentPercent === null ? 0n : toCents(envelope.minDownPaymentPercent);
  const least = envelope.minQuotaAmount === null ? 1n : toCents(envelope.minQuotaAmount);
  // The down payment is a quota too: at least the smallest quota as well as the smallest down payment.
  const byPercent = (owed * downPercent + 9999n) / 10000n;
  const down = downPercent > 0n ? (byPercent > least ? byPercent : least) : 0n;
  for (let quotas = most; quotas >= 2; quotas--) {
    const dates = monthlyDueDates(firstDue, quotas);
    const last = dates[dates.length - 1] ?? firstDue;
    if (envelope.maxPlanDays !== null && daysBetween(today, last) > envelope.maxPlanDays) continue;
    const rest = down > 0n ? owed - down : owed;
    const count = BigInt(down > 0n ? quotas - 1 : quotas);
    if (rest <= 0n || rest / count < least) continue;
    const terms = { amount: fromCents(owed), quotas, downPayment: fromCents(down) };
    if (offerPlanProblem(terms) !== null) continue;
    offers.push(offerOf('CUOTAS', `Plan de ${quotas} cuotas`, owed, owed, quotas, down, firstDue));
    break;
  }
  // The limits of §10.3, exactly as a collector's offer is checked: none of these may need an ADMIN.
  return offers.filter(
    (offer) =>
      offerLimitReasons(
        { balance, amount: offer.amount, quotas: offer.quotas, downPayment: offer.downPayment },
        envelope,
      ).length === 0,
  );
}
