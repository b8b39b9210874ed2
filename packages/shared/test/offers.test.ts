import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type BalanceInput, balanceToDate } from '../src/balance';
import { fromCents, toCents } from '../src/money';
import {
  discountOf,
  effectiveDownPayment,
  type OfferLimits,
  offerLimitReasons,
  offerPlanProblem,
  offerQuotaAmounts,
  percentOf,
} from '../src/offers';
import { offerCreateSchema } from '../src/schemas/offers';

const NO_LIMITS: OfferLimits = { maxDiscountPercent: null, maxQuotas: null, minDownPaymentPercent: null };
const LIMITS: OfferLimits = { maxDiscountPercent: '30.00', maxQuotas: 12, minDownPaymentPercent: '10.00' };

describe('settlement offers (DESIGN.md §10.3): worked examples', () => {
  it('the discount and its percent, half-up to two decimals', () => {
    expect(discountOf('10000.00', '7000.00')).toEqual({ discount: '3000.00', discountPercent: '30.00' });
    expect(discountOf('10730.00', '8000.00')).toEqual({ discount: '2730.00', discountPercent: '25.44' });
    // 1 / 3 = 33,333…% → 33,33; 2 / 3 = 66,666…% → 66,67; 0,005 % rounds up.
    expect(percentOf('1.00', '3.00')).toBe('33.33');
    expect(percentOf('2.00', '3.00')).toBe('66.67');
    expect(percentOf('0.01', '200.00')).toBe('0.01');
    expect(percentOf('5.00', '0.00')).toBe('0.00');
  });

  it('the plan: the down payment first, the rest equal, the last absorbing the cents', () => {
    expect(offerQuotaAmounts({ amount: '1000.00', quotas: 4, downPayment: '100.00' })).toEqual([
      '100.00',
      '300.00',
      '300.00',
      '300.00',
    ]);
    expect(offerQuotaAmounts({ amount: '100.00', quotas: 3, downPayment: '0.00' })).toEqual([
      '33.33',
      '33.33',
      '33.34',
    ]);
    expect(offerQuotaAmounts({ amount: '7000.00', quotas: 8, downPayment: '1000.00' })).toEqual([
      '1000.00',
      ...Array.from({ length: 6 }, () => '857.14'),
      '857.16',
    ]);
    // A single quota is the whole amount, down payment or not.
    expect(offerQuotaAmounts({ amount: '500.00', quotas: 1, downPayment: '0.00' })).toEqual(['500.00']);
    expect(effectiveDownPayment({ amount: '500.00', quotas: 1, downPayment: '0.00' })).toBe('500.00');
  });

  it('terms that make no plan are named, field and reason', () => {
    expect(offerPlanProblem({ amount: '100.00', quotas: 3, downPayment: '100.01' })?.field).toBe(
      'downPayment',
    );
    expect(offerPlanProblem({ amount: '100.00', quotas: 3, downPayment: '100.00' })?.field).toBe(
      'downPayment',
    );
    expect(offerPlanProblem({ amount: '0.02', quotas: 3, downPayment: '0.00' })?.field).toBe('quotas');
    expect(offerPlanProblem({ amount: '0.03', quotas: 3, downPayment: '0.00' })).toBeNull();
    expect(offerPlanProblem({ amount: '100.00', quotas: 1, downPayment: '100.00' })).toBeNull();
    const parsed = offerCreateSchema.safeParse({
      debtId: 1,
      amount: '100',
      quotas: '3',
      downPayment: '150',
      firstDueDate: '2199-01-01',
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['downPayment']);
  });

  it('the limits, compared exactly: at the limit within, one cent beyond not', () => {
    const terms = { balance: '10000.00', amount: '7000.00', quotas: 12, downPayment: '700.00' };
    expect(offerLimitReasons(terms, LIMITS)).toEqual([]);
    expect(offerLimitReasons({ ...terms, amount: '6999.99' }, LIMITS)).toEqual([
      'La quita de $ 3.000,01 (30,01 %) supera la máxima de la compañía: 30,00 % ($ 3.000,00).',
    ]);
    expect(offerLimitReasons({ ...terms, quotas: 13 }, LIMITS)).toEqual([
      'Son 13 cuotas y la compañía permite hasta 12.',
    ]);
    expect(offerLimitReasons({ ...terms, downPayment: '699.99' }, LIMITS)).toEqual([
      'El anticipo de $ 699,99 (9,99 %) es menor que el mínimo de la compañía: 10,00 % ($ 700,00).',
    ]);
    expect(offerLimitReasons({ ...terms, amount: '1.00', quotas: 120, downPayment: '0' }, NO_LIMITS)).toEqual(
      [],
    );
    // A limit of 0 %: any discount waits for an ADMIN; no discount does not.
    const strict = { ...NO_LIMITS, maxDiscountPercent: '0' };
    expect(offerLimitReasons({ ...terms, amount: '9999.99' }, strict)).toHaveLength(1);
    expect(offerLimitReasons({ ...terms, amount: '10000.00' }, strict)).toEqual([]);
  });

  it('a reduction is imputed like a payment (interest first) but is not money paid', () => {
    // 10 000,00 at 36,5 % for 73 days: 730,00 of interest; a reduction of 2 730,00 on that day.
    const input: BalanceInput = {
      originalAmount: '10000.00',
      defaultDate: '2025-01-01',
      date: '2025-03-15',
      interestRate: '36.5',
      punitiveRate: '0',
      costs: [],
      payments: [],
      reductions: [{ date: '2025-03-15', amount: '2730.00' }],
    };
    expect(balanceToDate(input)).toMatchObject({
      capital: '8000.00',
      interest: '0.00',
      paid: '0.00',
      reductions: '2730.00',
      total: '8000.00',
    });
    // Before its date it does not count.
    expect(balanceToDate({ ...input, date: '2025-03-14' })).toMatchObject({
      reductions: '0.00',
      total: '10720.00',
    });
  });
});

// ---------------------------------------------------------------------------------------------------
// Properties

const cents = (max: number, min = 1) => fc.integer({ min, max }).map((c) => BigInt(c));
const money = (max: number, min = 1) => cents(max, min).map(fromCents);
const percent = fc.integer({ min: 0, max: 10_000 }).map((h) => fromCents(BigInt(h)));
const day = (from: string, maxDays: number) =>
  fc.integer({ min: 0, max: maxDays }).map((n) => {
    const d = new Date(`${from}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + n);
    return d.toISOString().slice(0, 10);
  });

/** Terms that make a plan: amount, quotas and a down payment below the amount (or none). */
const planTerms = fc
  .record({
    amount: cents(100_000_000, 200),
    quotas: fc.integer({ min: 1, max: 120 }),
    down: fc.nat(1_000_000),
  })
  .map(({ amount, quotas, down }) => {
    // A down payment that leaves at least a cent for each other quota.
    const room = amount - BigInt(quotas);
    const downPayment = quotas === 1 || room <= 0n ? 0n : BigInt(down) % room;
    return { amount: fromCents(amount), quotas, downPayment: fromCents(downPayment) };
  })
  .filter((terms) => offerPlanProblem(terms) === null);

describe('settlement offers: properties (fast-check)', () => {
  it('the quotas always add up to the amount: down payment first, the rest equal, the last absorbing', () => {
    fc.assert(
      fc.property(planTerms, (terms) => {
        const amounts = offerQuotaAmounts(terms).map(toCents);
        expect(amounts).toHaveLength(terms.quotas);
        expect(amounts.reduce((s, a) => s + a, 0n)).toBe(toCents(terms.amount));
        for (const a of amounts) expect(a).toBeGreaterThan(0n);
        const down = toCents(terms.downPayment);
        const rest = down > 0n && terms.quotas > 1 ? amounts.slice(1) : amounts;
        if (down > 0n && terms.quotas > 1) expect(amounts[0]).toBe(down);
        const base = rest[0] as bigint;
        const last = rest[rest.length - 1] as bigint;
        for (const a of rest.slice(0, -1)) expect(a).toBe(base);
        // The last takes the leftover cents: fewer than the quotas it shares them with.
        expect(last - base).toBeGreaterThanOrEqual(0n);
        expect(last - base).toBeLessThan(BigInt(rest.length));
      }),
    );
  });

  it('the largest discount: its exact amount is within, one cent more is beyond', () => {
    fc.assert(
      fc.property(cents(100_000_000, 2), percent, (balance, limit) => {
        const allowed = (balance * toCents(limit)) / 10000n;
        const at = {
          balance: fromCents(balance),
          amount: fromCents(balance - allowed),
          quotas: 1,
          downPayment: '0',
        };
        const limits = { ...NO_LIMITS, maxDiscountPercent: limit };
        if (balance - allowed > 0n) expect(offerLimitReasons(at, limits)).toEqual([]);
        if (balance - allowed - 1n > 0n)
          expect(
            offerLimitReasons({ ...at, amount: fromCents(balance - allowed - 1n) }, limits),
          ).toHaveLength(1);
      }),
    );
  });

  it('the smallest down payment: its amount rounded up is within, one cent less is beyond', () => {
    fc.assert(
      fc.property(cents(100_000_000, 2), percent, (amount, minimum) => {
        const least = (amount * toCents(minimum) + 9999n) / 10000n;
        if (least >= amount) return;
        const terms = {
          balance: fromCents(amount),
          amount: fromCents(amount),
          quotas: 2,
          downPayment: fromCents(least),
        };
        const limits = { ...NO_LIMITS, minDownPaymentPercent: minimum };
        expect(offerLimitReasons(terms, limits)).toEqual([]);
        if (least > 0n)
          expect(offerLimitReasons({ ...terms, downPayment: fromCents(least - 1n) }, limits)).toHaveLength(1);
      }),
    );
  });

  it('percentOf rounds half-up: within half a hundredth of a percent of the exact ratio', () => {
    fc.assert(
      fc.property(cents(1_000_000_000, 0), cents(1_000_000_000), (part, whole) => {
        const h = toCents(percentOf(fromCents(part), fromCents(whole)));
        // (h − ½) ≤ part × 10 000 / whole < (h + ½)
        expect((2n * h - 1n) * whole).toBeLessThanOrEqual(2n * part * 10000n);
        expect(2n * part * 10000n).toBeLessThan((2n * h + 1n) * whole);
      }),
    );
  });

  it('a reduction moves the balance exactly as a payment of the same amount, except `paid`', () => {
    const inputs = fc.record({
      originalAmount: money(100_000_000),
      defaultDate: day('2020-01-01', 1000),
      interestRate: percent,
      punitiveRate: percent,
      costs: fc.array(fc.record({ date: day('2019-06-01', 2000), amount: money(1_000_000) }), {
        maxLength: 3,
      }),
      payments: fc.array(fc.record({ date: day('2019-06-01', 2000), amount: money(5_000_000) }), {
        maxLength: 3,
      }),
      date: day('2021-06-01', 1500),
    });
    fc.assert(
      fc.property(inputs, day('2019-06-01', 3000), money(5_000_000), (input, on, amount) => {
        const credit = { date: on, amount };
        const asPayment = balanceToDate({ ...input, payments: [...input.payments, credit] });
        const asReduction = balanceToDate({ ...input, reductions: [credit] });
        const { paid: paidP, reductions: rP, ...restP } = asPayment;
        const { paid: paidR, reductions: rR, ...restR } = asReduction;
        expect(restR).toEqual(restP);
        const counted = on <= input.date ? toCents(amount) : 0n;
        expect(toCents(paidP) - toCents(paidR)).toBe(counted);
        expect(toCents(rR)).toBe(counted);
        expect(rP).toBe('0.00');
      }),
    );
  });
});
