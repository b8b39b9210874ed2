import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type BalanceInput, balanceToDate } from '../src/balance';
import { daysBetween } from '../src/dates';
import { fromCents, toCents } from '../src/money';

const base: BalanceInput = {
  originalAmount: '100000.00',
  defaultDate: '2025-01-01',
  date: '2025-12-31',
  interestRate: null,
  punitiveRate: '0',
  costs: [],
  payments: [],
};

describe('money to date (DESIGN.md §10.2): worked examples computed by hand', () => {
  it('a year at 36 %: 364 days (2025-01-01 → 2025-12-31), one segment rounded half-up', () => {
    // 100 000 × 36/100 × 364/365 = 35 901,3698… → 35 901,37
    const balance = balanceToDate({ ...base, interestRate: '36' });
    expect(balance.segments).toEqual([
      {
        from: '2025-01-01',
        to: '2025-12-31',
        days: 364,
        capital: '100000.00',
        kind: 'interest',
        annualRate: '36.00',
        amount: '35901.37',
      },
    ]);
    expect(balance).toMatchObject({
      capital: '100000.00',
      interest: '35901.37',
      punitive: '0.00',
      services: '0.00',
      paid: '0.00',
      total: '135901.37',
    });
  });

  it('without rates the total is the original plus costs minus payments (the stored balance)', () => {
    const balance = balanceToDate({
      ...base,
      costs: [{ date: '2025-02-01', amount: '1500.00' }],
      payments: [{ date: '2025-03-01', amount: '2000.00' }],
    });
    expect(balance).toMatchObject({
      capital: '99500.00',
      services: '0.00',
      paid: '2000.00',
      total: '99500.00',
    });
    expect(balance.segments).toEqual([]);
  });

  it('a rate table with three changes and two payments, one of which reaches capital', () => {
    // Capital 10 000; punitive 10 %; costs 500 on 10/01; table 30 % → 36 % (15/02) → 40 % (01/04)
    // → 45 % (01/06); payments 1 000 on 01/03 and 3 000 on 01/05; asked on 01/07/2025.
    const balance = balanceToDate({
      originalAmount: '10000.00',
      defaultDate: '2025-01-01',
      date: '2025-07-01',
      interestRate: '99',
      rateTable: [
        { from: '2025-04-01', annualRate: '40' },
        { from: '2025-01-01', annualRate: '30' },
        { from: '2025-02-15', annualRate: '36' },
        { from: '2025-06-01', annualRate: '45' },
      ],
      punitiveRate: '10',
      costs: [{ date: '2025-01-10', amount: '500.00' }],
      payments: [
        { date: '2025-05-01', amount: '3000.00' },
        { date: '2025-03-01', amount: '1000.00' },
      ],
    });
    const seg = (
      from: string,
      to: string,
      days: number,
      capital: string,
      p: string,
      rate: string,
      i: string,
    ) => [
      { from, to, days, capital, kind: 'punitive', annualRate: '10.00', amount: p },
      { from, to, days, capital, kind: 'interest', annualRate: rate, amount: i },
    ];
    expect(balance.segments).toEqual([
      // 10 000 × 10 % × 45/365 = 123,2876 → 123,29; × 30 % = 369,8630 → 369,86
      ...seg('2025-01-01', '2025-02-15', 45, '10000.00', '123.29', '30.00', '369.86'),
      // × 14/365: 38,3562 → 38,36; at 36 %: 138,0822 → 138,08
      ...seg('2025-02-15', '2025-03-01', 14, '10000.00', '38.36', '36.00', '138.08'),
      // 01/03: 1 000 → costs 500, punitive 161,65, interest 338,35 of 507,94 (169,59 left)
      ...seg('2025-03-01', '2025-04-01', 31, '10000.00', '84.93', '36.00', '305.75'),
      ...seg('2025-04-01', '2025-05-01', 30, '10000.00', '82.19', '40.00', '328.77'),
      // 01/05: 3 000 → punitive 167,12, interest 804,11, capital 2 028,77 → 7 971,23
      // 7 971,23 × 10 % × 31/365 = 67,7008 → 67,70; × 40 % = 270,8034 → 270,80
      ...seg('2025-05-01', '2025-06-01', 31, '7971.23', '67.70', '40.00', '270.80'),
      // × 30/365: 65,5170 → 65,52; at 45 %: 294,8264 → 294,83
      ...seg('2025-06-01', '2025-07-01', 30, '7971.23', '65.52', '45.00', '294.83'),
    ]);
    expect(balance).toMatchObject({
      capital: '7971.23',
      punitive: '133.22',
      interest: '565.63',
      services: '0.00',
      paid: '4000.00',
      total: '8670.08',
    });
  });

  it('a payment before the default date meets costs and capital; interest starts at the default date', () => {
    const balance = balanceToDate({
      ...base,
      originalAmount: '1000.00',
      defaultDate: '2025-03-01',
      date: '2025-03-31',
      interestRate: '36.5',
      costs: [{ date: '2025-01-15', amount: '100.00' }],
      payments: [{ date: '2025-02-01', amount: '300.00' }],
    });
    // 800 × 36,5 % × 30/365 = 24,00
    expect(balance).toMatchObject({
      capital: '800.00',
      interest: '24.00',
      services: '0.00',
      total: '824.00',
    });
  });

  it('no default date: no interest, whatever the rates', () => {
    const balance = balanceToDate({ ...base, defaultDate: null, interestRate: '50', punitiveRate: '20' });
    expect(balance.total).toBe('100000.00');
    expect(balance.segments).toEqual([]);
  });

  it('payments and costs after the date asked about do not count', () => {
    const balance = balanceToDate({
      ...base,
      date: '2025-01-01',
      costs: [{ date: '2025-06-01', amount: '10.00' }],
      payments: [{ date: '2025-06-02', amount: '10.00' }],
    });
    expect(balance).toMatchObject({ total: '100000.00', paid: '0.00', services: '0.00' });
  });
  it('a payment plan stops the interest on the day it was agreed', () => {
    // 100 000 at 36,5 % from 2025-01-01; plan agreed 2025-03-02 (60 days): 100 000 × 0,365 × 60 / 365
    // = 6 000,00 of interest, and none after, whatever the date asked about.
    const balance = balanceToDate({ ...base, interestRate: '36.5', interestUntil: '2025-03-02' });
    expect(balance).toMatchObject({ interest: '6000.00', total: '106000.00' });
    expect(balance.segments).toEqual([
      {
        from: '2025-01-01',
        to: '2025-03-02',
        days: 60,
        capital: '100000.00',
        kind: 'interest',
        annualRate: '36.50',
        amount: '6000.00',
      },
    ]);
    // A payment after the plan meets the interest first, and nothing accrues on what is left.
    const paid = balanceToDate({
      ...base,
      interestRate: '36.5',
      interestUntil: '2025-03-02',
      payments: [{ date: '2025-04-01', amount: '10000.00' }],
    });
    expect(paid).toMatchObject({ interest: '0.00', capital: '96000.00', total: '96000.00' });
  });
});

// ---------------------------------------------------------------------------------------------------
// Properties

const money = (maxCents: number) => fc.integer({ min: 1, max: maxCents }).map((c) => fromCents(BigInt(c)));
const rate = fc.integer({ min: 0, max: 20_000 }).map((hundredths) => fromCents(BigInt(hundredths)));
const day = (from: string, maxDays: number) =>
  fc.integer({ min: 0, max: maxDays }).map((n) => {
    const d = new Date(`${from}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + n);
    return d.toISOString().slice(0, 10);
  });

const inputs = fc.record({
  originalAmount: money(100_000_000),
  defaultDate: day('2020-01-01', 1000),
  interestRate: rate,
  punitiveRate: rate,
  costs: fc.array(fc.record({ date: day('2019-06-01', 2000), amount: money(1_000_000) }), { maxLength: 4 }),
  payments: fc.array(fc.record({ date: day('2019-06-01', 2000), amount: money(5_000_000) }), {
    maxLength: 6,
  }),
  date: day('2021-06-01', 1500),
});

const cents = (value: string) => toCents(value);

describe('money to date: properties (fast-check)', () => {
  it('conservation: total = original + costs + every segment − paid, and nothing owed is negative', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const b = balanceToDate(input);
        const costs = input.costs
          .filter((c) => c.date <= input.date)
          .reduce((s, c) => s + cents(c.amount), 0n);
        const accrued = b.segments.reduce((s, seg) => s + cents(seg.amount), 0n);
        expect(cents(b.total)).toBe(cents(input.originalAmount) + costs + accrued - cents(b.paid));
        for (const part of [b.interest, b.punitive, b.services])
          expect(cents(part)).toBeGreaterThanOrEqual(0n);
        // Never negative while the payments do not exceed what was owed without interest.
        if (cents(b.paid) <= cents(input.originalAmount) + costs)
          expect(cents(b.total)).toBeGreaterThanOrEqual(0n);
      }),
    );
  });

  it('with rates the total is never below the books’ figure: interest only adds (a write without a plan relies on it)', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const dated = (rows: { date: string; amount: string }[]) =>
          rows.filter((r) => r.date <= input.date).reduce((s, r) => s + cents(r.amount), 0n);
        const books = cents(input.originalAmount) + dated(input.costs) - dated(input.payments);
        expect(cents(balanceToDate(input).total)).toBeGreaterThanOrEqual(books);
      }),
    );
  });

  it('splitting a period at a date with no payment changes the total by at most one cent per split', () => {
    fc.assert(
      fc.property(inputs, fc.integer({ min: 1, max: 1400 }), (input, offset) => {
        const whole = {
          ...input,
          payments: [],
          rateTable: [{ from: input.defaultDate, annualRate: input.interestRate }],
        };
        const split = dayAfter(input.defaultDate, offset);
        if (split >= input.date) return;
        const parts = {
          ...whole,
          rateTable: [...whole.rateTable, { from: split, annualRate: input.interestRate }],
        };
        const kinds = [input.interestRate, input.punitiveRate].filter((r) => cents(r) > 0n).length;
        const difference = cents(balanceToDate(parts).total) - cents(balanceToDate(whole).total);
        expect(difference < 0n ? -difference : difference).toBeLessThanOrEqual(BigInt(kinds));
      }),
    );
  });

  it('after interestUntil nothing accrues: the total on any later date is the total on that day', () => {
    fc.assert(
      fc.property(inputs, fc.integer({ min: 0, max: 1500 }), (input, offset) => {
        const stop = dayAfter(input.defaultDate, offset);
        if (stop > input.date) return;
        const noLater = {
          ...input,
          payments: input.payments.filter((p) => p.date <= stop),
          costs: input.costs.filter((c) => c.date <= stop),
        };
        const atStop = balanceToDate({ ...noLater, date: stop, interestUntil: stop });
        const later = balanceToDate({ ...noLater, interestUntil: stop });
        expect(later.total).toBe(atStop.total);
      }),
    );
  });

  it('a payment exactly equal to the total leaves zero', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const before = balanceToDate(input);
        if (cents(before.total) <= 0n) return;
        const after = balanceToDate({
          ...input,
          payments: [...input.payments, { date: input.date, amount: before.total }],
        });
        expect(after).toMatchObject({
          total: '0.00',
          capital: '0.00',
          interest: '0.00',
          punitive: '0.00',
          services: '0.00',
        });
      }),
    );
  });

  it('imputation order: costs, then punitive, then compensatory interest, then capital', () => {
    fc.assert(
      fc.property(inputs, money(200_000_000), (input, amount) => {
        const before = balanceToDate(input);
        const after = balanceToDate({
          ...input,
          payments: [...input.payments, { date: input.date, amount }],
        });
        let left = cents(amount);
        const take = (owed: string) => {
          const used = left < cents(owed) ? left : cents(owed);
          left -= used;
          return fromCents(cents(owed) - used);
        };
        expect(after.services).toBe(take(before.services));
        expect(after.punitive).toBe(take(before.punitive));
        expect(after.interest).toBe(take(before.interest));
        expect(after.capital).toBe(fromCents(cents(before.capital) - left));
      }),
    );
  });
});

function dayAfter(from: string, days: number): string {
  const d = new Date(`${from}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  const text = d.toISOString().slice(0, 10);
  if (daysBetween(from, text) !== days) throw new Error('fecha');
  return text;
}
