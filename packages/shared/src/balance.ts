import { daysBetween } from './dates';
import { fromCents, interestCents, toCents } from './money';

/**
 * Money to date (DESIGN.md §10.2, contract): what a debt owes on a date, with compensatory and
 * punitive interest and the payments imputed as the Civil and Commercial Code says. Pure and exact:
 * every amount is BigInt cents; the only rounding is each segment's, half-up to the cent.
 *
 * - Simple interest (CCyC art. 770: no capitalisation) on the capital outstanding, from the default
 *   date to `date`; a segment's amount = capital × annualRate / 100 × days / 365.
 * - Segments break at every rate change and at every payment date; `days` = calendar days from
 *   `from` to `to` (2025-01-01 → 2025-12-31 is 364).
 * - A payment is applied on its date, first to costs due by then, then punitive interest, then
 *   compensatory interest, then capital (CCyC art. 903). Beyond all of that it is a credit: the
 *   capital goes below zero, earns no interest, and meets the costs that come due later.
 * - A reduction (the discount of an accepted settlement offer, a quita) is applied like a payment, on
 *   its date and in the same order, but it is not money paid: it is not counted in `paid`.
 */

export interface RateEntry {
  /** From this day on (until the next entry's `from`). */
  from: string;
  /** Annual %, up to two decimals. */
  annualRate: string;
}

export interface DatedAmount {
  date: string;
  amount: string;
}

export interface BalanceInput {
  /** The capital: the debt's original amount. */
  originalAmount: string;
  /** Interest runs from this day; null: no interest at all. */
  defaultDate: string | null;
  /** The day asked about (inclusive of payments that day). */
  date: string;
  /** Compensatory interest, annual %; null or "0": none. Replaced by `rateTable` when given. */
  interestRate: string | null;
  /** A dated rate table (e.g. BNA tasa activa); before its first entry there is no interest. */
  rateTable?: readonly RateEntry[] | null;
  /** Punitive interest, annual %; "0": none. */
  punitiveRate: string;
  /** Costs (services, mora), owed from their date. */
  costs: readonly DatedAmount[];
  /** Payments and deposits, applied on their date. */
  payments: readonly DatedAmount[];
  /**
   * Reductions of what is owed (the discounts of accepted settlement offers, DESIGN.md §10.3), applied
   * on their date like a payment (costs, punitive, interest, capital) but not counted in `paid`.
   */
  reductions?: readonly DatedAmount[];
  /**
   * Interest stops on this day: the day a payment plan was agreed. The plan's quotas (with their
   * mora as costs) are what is owed from then on (DESIGN.md §10.2, docs/money.md).
   */
  interestUntil?: string | null;
}

export type SegmentKind = 'interest' | 'punitive';

export interface BalanceSegment {
  from: string;
  to: string;
  days: number;
  /** The capital the segment's interest runs on. */
  capital: string;
  kind: SegmentKind;
  annualRate: string;
  amount: string;
}

export interface Balance {
  date: string;
  /** Capital still owed (below zero: a credit). */
  capital: string;
  /** Compensatory interest still owed. */
  interest: string;
  /** Punitive interest still owed. */
  punitive: string;
  /** Costs still owed. */
  services: string;
  /** Everything paid up to the date. */
  paid: string;
  /** Everything forgiven up to the date (accepted settlement offers' discounts): not in `paid`. */
  reductions: string;
  /** capital + interest + punitive + services. */
  total: string;
  segments: BalanceSegment[];
}

const byDate = <T extends { date: string }>(items: readonly T[]) =>
  items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => (a.item.date < b.item.date ? -1 : a.item.date > b.item.date ? 1 : a.index - b.index))
    .map(({ item }) => item);

/** A rate parsed once: hundredths of a percent, and its text as answered ("36.50"). */
interface Rate {
  hundredths: bigint;
  text: string;
}
const rateOf = (annualRate: string): Rate => {
  const hundredths = toCents(annualRate);
  return { hundredths, text: fromCents(hundredths) };
};
const NO_RATE = rateOf('0');

export function balanceToDate(input: BalanceInput): Balance {
  const table = input.rateTable?.length
    ? [...input.rateTable]
        .sort((a, b) => (a.from < b.from ? -1 : 1))
        .map((entry) => ({ ...entry, rate: rateOf(entry.annualRate) }))
    : null;
  const ownRate = rateOf(input.interestRate ?? '0');
  const punitiveRate = rateOf(input.punitiveRate);
  // Payments and reductions in one date order (a day's payments before its reductions: the order of
  // two credits on one day changes nothing but which of them `paid` names).
  const credits = byDate([
    ...input.payments.filter((p) => p.date <= input.date).map((p) => ({ ...p, paid: true })),
    ...(input.reductions ?? []).filter((r) => r.date <= input.date).map((r) => ({ ...r, paid: false })),
  ]);
  const costs = byDate(input.costs.filter((c) => c.date <= input.date));

  let capital = toCents(input.originalAmount);
  let interest = 0n;
  let punitive = 0n;
  let costsOwed = 0n;
  let paid = 0n;
  let reduced = 0n;
  let nextCost = 0;
  const segments: BalanceSegment[] = [];

  /** Costs dated up to `day` become owed; a credit (capital below zero) meets them at once. */
  const costsUntil = (day: string) => {
    while (nextCost < costs.length && (costs[nextCost] as DatedAmount).date <= day)
      costsOwed += toCents((costs[nextCost++] as DatedAmount).amount);
    if (capital < 0n && costsOwed > 0n) {
      const used = -capital < costsOwed ? -capital : costsOwed;
      costsOwed -= used;
      capital += used;
    }
  };

  // The table is walked once (accrual only moves forward): `inForce` is the entry of the last start.
  let inForce = -1;
  const compensatory = () =>
    !table ? ownRate : inForce < 0 ? NO_RATE : (table[inForce] as (typeof table)[number]).rate;
  const startsAfter = (day: string) =>
    table !== null && inForce + 1 < table.length && (table[inForce + 1] as RateEntry).from <= day;

  /** One segment of `kind` from `from` to `to` on the current capital, if its rate is not zero. */
  const segment = (kind: SegmentKind, rate: Rate, from: string, to: string, days: number, base: string) => {
    if (rate.hundredths <= 0n) return;
    const amount = interestCents(capital, rate.hundredths, days);
    segments.push({ from, to, days, capital: base, kind, annualRate: rate.text, amount: fromCents(amount) });
    if (kind === 'punitive') punitive += amount;
    else interest += amount;
  };

  /** Accrues from `from` to `to` on the current capital: punitive, then compensatory. */
  const accrue = (from: string, to: string) => {
    const days = daysBetween(from, to);
    if (days <= 0 || capital <= 0n) return;
    const base = fromCents(capital);
    segment('punitive', punitiveRate, from, to, days, base);
    segment('interest', compensatory(), from, to, days, base);
  };

  /** Accrues from `from` to `to` (never past interestUntil), split at each rate change in between. */
  const accrueUntil = (from: string, until: string) => {
    const stop = input.interestUntil ?? null;
    const to = stop !== null && stop < until ? stop : until;
    let start = from;
    while (startsAfter(start)) inForce++;
    while (table !== null && inForce + 1 < table.length) {
      const change = (table[inForce + 1] as RateEntry).from;
      if (change >= to) break;
      accrue(start, change);
      start = change;
      inForce++;
    }
    accrue(start, to);
  };

  /** A credit on its date: a payment (counted in `paid`) or a reduction (counted in `reduced`). */
  const apply = (amount: bigint, isPayment: boolean) => {
    if (isPayment) paid += amount;
    else reduced += amount;
    let left = amount;
    const take = (owed: bigint) => {
      const used = left < owed ? left : owed;
      left -= used;
      return owed - used;
    };
    costsOwed = take(costsOwed);
    punitive = take(punitive);
    interest = take(interest);
    capital -= left;
  };

  // Interest runs from the default date; payments before it only meet costs and capital.
  let accruedTo = input.defaultDate;
  for (const credit of credits) {
    if (accruedTo !== null && credit.date > accruedTo) {
      accrueUntil(accruedTo, credit.date);
      accruedTo = credit.date;
    }
    costsUntil(credit.date);
    apply(toCents(credit.amount), credit.paid);
  }
  if (accruedTo !== null && input.date > accruedTo) accrueUntil(accruedTo, input.date);
  costsUntil(input.date);

  return {
    date: input.date,
    capital: fromCents(capital),
    interest: fromCents(interest),
    punitive: fromCents(punitive),
    services: fromCents(costsOwed),
    paid: fromCents(paid),
    reductions: fromCents(reduced),
    total: fromCents(capital + interest + punitive + costsOwed),
    segments,
  };
}

/**
 * Whether interest runs on a debt: a default date and some rate (its own, a rate table, punitive).
 * Without it, what the debt owes is its stored balance. The one test the API and the web share.
 */
export function debtCarriesRates(debt: {
  defaultDate: string | null;
  interestRate: string | null;
  punitiveRate: string;
  rateTableId: number | null;
}): boolean {
  return (
    debt.defaultDate !== null &&
    (debt.rateTableId !== null || toCents(debt.interestRate ?? '0') > 0n || toCents(debt.punitiveRate) > 0n)
  );
}
