import { MESSAGES } from './messages';
import { formatMoney, fromCents, isMoney, toCents } from './money';

/**
 * Settlement offers (quitas, DESIGN.md §10.3): the arithmetic both sides share. Pure and exact: every
 * amount is BigInt cents, a percent is hundredths of a percent; limits are compared exactly (a discount
 * one cent over the limit is over it, whatever its rounded percent says).
 */

/** A company's limits for its collectors' offers; null: no limit on that point. */
export interface OfferLimits {
  /** The largest discount, % of the balance to date ("30.00"). */
  maxDiscountPercent: string | null;
  /** The most quotas of the plan (the down payment counts as one). */
  maxQuotas: number | null;
  /** The smallest down payment, % of the offered total ("10.00"). */
  minDownPaymentPercent: string | null;
}

/** What an offer proposes: pay `amount` of `balance` in `quotas` quotas, the first of them `downPayment`. */
export interface OfferProposal {
  /** The balance to date when the offer is made. */
  balance: string;
  /** What the debtor would pay in total. */
  amount: string;
  quotas: number;
  /** The first quota, when it differs from the rest ("0.00": all quotas equal). */
  downPayment: string;
}

/** `part` / `whole` × 100 to two decimals ("30.00"), half-up unless `rounding` says; 0 when `whole` is not positive. */
export function percentOf(
  part: string,
  whole: string,
  rounding: 'half-up' | 'down' | 'up' = 'half-up',
): string {
  const p = toCents(part);
  const w = toCents(whole);
  if (w <= 0n) return '0.00';
  const n = (p < 0n ? -p : p) * 10000n;
  const hundredths =
    rounding === 'half-up' ? (n * 2n + w) / (2n * w) : rounding === 'down' ? n / w : (n + w - 1n) / w;
  return fromCents(p < 0n ? -hundredths : hundredths);
}

/** "30.00" → "30,00 %". */
export const percentText = (percent: string) => `${fromCents(toCents(percent)).replace('.', ',')} %`;

/** The discount (balance − amount) and its percent of the balance. */
export function discountOf(balance: string, amount: string) {
  const discount = fromCents(toCents(balance) - toCents(amount));
  return { discount, discountPercent: percentOf(discount, balance) };
}

/** With a single quota the whole amount is paid at once: it is all down payment. */
export const effectiveDownPayment = (terms: Pick<OfferProposal, 'amount' | 'quotas' | 'downPayment'>) =>
  terms.quotas === 1 ? fromCents(toCents(terms.amount)) : fromCents(toCents(terms.downPayment));

/** Why the plan of an offer cannot be made (field and Spanish message), or null when it can. */
export function offerPlanProblem(
  terms: Pick<OfferProposal, 'amount' | 'quotas' | 'downPayment'>,
): { field: 'downPayment' | 'quotas'; message: string } | null {
  // Fields that are no amount or count yet are their own fields' errors (zod runs this anyway).
  if (!isMoney(terms.amount) || !isMoney(terms.downPayment) || !Number.isInteger(terms.quotas)) return null;
  const total = toCents(terms.amount);
  const down = toCents(terms.downPayment);
  if (down > total) return { field: 'downPayment', message: OFFER_MESSAGES.downPaymentOverAmount };
  if (terms.quotas === 1) return null;
  if (down === total) return { field: 'downPayment', message: OFFER_MESSAGES.downPaymentIsAll };
  const rest = BigInt(down > 0n ? terms.quotas - 1 : terms.quotas);
  if (total - down < rest) return { field: 'quotas', message: MESSAGES.planTooSmall };
  return null;
}

/**
 * The quotas of the plan an accepted offer becomes: the down payment first (when there is one), then
 * the rest in equal quotas, the last absorbing the leftover cents (1000.00 − 100.00 in 3 → 100.00,
 * 300.00, 300.00, 300.00; 100.00 in 3 → 33.33, 33.33, 33.34). They always add up to `amount`.
 */
export function offerQuotaAmounts(terms: Pick<OfferProposal, 'amount' | 'quotas' | 'downPayment'>): string[] {
  const problem = offerPlanProblem(terms);
  if (problem) throw new RangeError(problem.message);
  if (!Number.isInteger(terms.quotas) || terms.quotas < 1) throw new RangeError(MESSAGES.planTooSmall);
  const total = toCents(terms.amount);
  if (terms.quotas === 1) return [fromCents(total)];
  const down = toCents(terms.downPayment);
  const first = down > 0n ? [down] : [];
  const count = terms.quotas - first.length;
  const rest = total - down;
  const base = rest / BigInt(count);
  const last = rest - base * BigInt(count - 1);
  return [...first, ...Array.from({ length: count - 1 }, () => base), last].map(fromCents);
}

/**
 * Where the offer goes beyond the company's limits, in Spanish (empty: within them, approved at
 * once). Exact: discount × 100 ≤ limit × balance and down payment × 100 ≥ minimum × amount, in cents.
 */
export function offerLimitReasons(
  terms: OfferProposal,
  limits: OfferLimits,
  currency: 'ARS' | 'USD' = 'ARS',
): string[] {
  const money = (cents: bigint) => formatMoney(fromCents(cents), currency);
  const reasons: string[] = [];
  const balance = toCents(terms.balance);
  const amount = toCents(terms.amount);
  const discount = balance - amount;
  if (limits.maxDiscountPercent !== null && discount > 0n) {
    const limit = toCents(limits.maxDiscountPercent);
    if (discount * 10000n > limit * balance)
      reasons.push(
        OFFER_MESSAGES.discountOverLimit(
          money(discount),
          // Rounded away from the limit, so a refusal never reads «30,00 % supera 30,00 %».
          percentText(percentOf(fromCents(discount), terms.balance, 'up')),
          percentText(limits.maxDiscountPercent),
          money((limit * balance) / 10000n),
        ),
      );
  }
  if (limits.maxQuotas !== null && terms.quotas > limits.maxQuotas)
    reasons.push(OFFER_MESSAGES.quotasOverLimit(terms.quotas, limits.maxQuotas));
  if (limits.minDownPaymentPercent !== null) {
    const minimum = toCents(limits.minDownPaymentPercent);
    const down = toCents(effectiveDownPayment(terms));
    if (down * 10000n < minimum * amount)
      reasons.push(
        OFFER_MESSAGES.downPaymentUnderLimit(
          money(down),
          percentText(percentOf(fromCents(down), terms.amount, 'down')),
          percentText(limits.minDownPaymentPercent),
          // The least down payment within the limit: the minimum's amount rounded up to the cent.
          money((minimum * amount + 9999n) / 10000n),
        ),
      );
  }
  return reasons;
}

/** The Spanish texts of settlement offers (API answers and the web's preview). */
export const OFFER_MESSAGES = {
  withinLimits: 'Dentro de los límites: se aprueba al instante',
  beyondLimits: 'Fuera de los límites: la aprueba un administrador',
  downPaymentOverAmount: 'El anticipo no puede superar el total ofrecido.',
  downPaymentIsAll: 'Con más de una cuota, el anticipo debe ser menor que el total ofrecido.',
  firstDueDatePast: 'El primer vencimiento no puede ser anterior a hoy.',
  discountOverLimit: (discount: string, percent: string, limit: string, allowed: string) =>
    `La quita de ${discount} (${percent}) supera la máxima de la compañía: ${limit} (${allowed}).`,
  quotasOverLimit: (quotas: number, limit: number) =>
    `Son ${quotas} cuotas y la compañía permite hasta ${limit}.`,
  downPaymentUnderLimit: (down: string, percent: string, limit: string, least: string) =>
    `El anticipo de ${down} (${percent}) es menor que el mínimo de la compañía: ${limit} (${least}).`,
  amountOverBalance: (balance: string) => `La oferta supera el saldo a la fecha de la deuda (${balance}).`,
  debtHasPlan: 'La deuda ya tiene un plan de pagos con cuotas sin pagar: no admite una oferta de quita.',
  notPending: (status: string) => `La oferta no espera aprobación: está ${status}.`,
  notApproved: (status: string) => `Solo se acepta una oferta aprobada: esta está ${status}.`,
  notOpen: (status: string) => `La oferta ya está ${status}: no se puede anular.`,
  onlyAdmin: 'Solo un administrador aprueba o rechaza una oferta fuera de los límites.',
  stale: (then: string, now: string) =>
    `El saldo a la fecha de la deuda cambió desde la oferta (${then} → ${now}): haga una nueva oferta.`,
  annulledByPlan: 'Anulada: la deuda tomó un plan de pagos.',
  reductionNote: (id: number) => `Quita de la oferta ${id}, aceptada.`,
  annulledByOffer: (id: number) => `Anulada: se aceptó la oferta ${id}.`,
  firstDueDatePassed: 'El primer vencimiento de la oferta ya pasó: haga una nueva oferta.',
  planNote: (id: number, quotas: number, amount: string, discount: string, percent: string) =>
    `Oferta de quita ${id} aceptada: ${quotas} ${quotas === 1 ? 'cuota' : 'cuotas'} por ${amount}, quita de ${discount} (${percent}).`,
} as const;
