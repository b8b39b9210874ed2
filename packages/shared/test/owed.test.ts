import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromCents, toCents } from '../src/money';
import {
  allocateToQuotas,
  amountOwed,
  booksTotal,
  imputation,
  imputationText,
  type Move,
  type OwedInput,
  type PlanQuota,
} from '../src/owed';

const AGREED = '2025-03-01T12:00:00.000Z';
const BEFORE = '2025-02-01T12:00:00.000Z';
const AFTER = '2025-03-02T12:00:00.000Z';

const debt: Omit<OwedInput, 'moves' | 'quotas' | 'date'> = {
  originalAmount: '1200.00',
  defaultDate: null,
  interestRate: null,
  rateTable: null,
  punitiveRate: '0',
};

let nextId = 1;
const move = (kind: Move['kind'], amount: string, date: string, extra: Partial<Move> = {}): Move => ({
  id: nextId++,
  kind,
  amount,
  date,
  quotaId: null,
  recordedAt: AFTER,
  ...extra,
});

/** Three quotas of 400 due on the 10th of March, April and May, agreed on 2025-03-01. */
const PLAN: PlanQuota[] = [1, 2, 3].map((number) => ({
  id: 100 + number,
  number,
  dueDate: `2025-0${number + 2}-10`,
  amount: '400.00',
  createdAt: AGREED,
}));

describe('the amount owed (DESIGN.md §11.1): worked examples computed by hand', () => {
  it('BOOKS: original + services + mora − payments − deposits − reductions', () => {
    // 10 000 + 500 − 3 000 − 1 000 − 1 000 = 5 500
    const owed = amountOwed({
      ...debt,
      originalAmount: '10000.00',
      quotas: [],
      date: '2025-06-30',
      moves: [
        move('SERVICE', '500.00', '2025-01-10'),
        move('PAYMENT', '3000.00', '2025-02-01'),
        move('DEPOSIT', '1000.00', '2025-03-01'),
        move('REDUCTION', '1000.00', '2025-04-01'),
      ],
    });
    expect(owed).toMatchObject({ basis: 'BOOKS', total: '5500.00', paid: '4000.00', reductions: '1000.00' });
    expect(owed.plan).toBeNull();
  });

  it('BOOKS on a past date counts only the rows dated up to it', () => {
    const moves = [move('PAYMENT', '3000.00', '2025-02-01'), move('PAYMENT', '1000.00', '2025-05-01')];
    const at = (date: string) =>
      amountOwed({ ...debt, originalAmount: '10000.00', quotas: [], date, moves }).total;
    expect([at('2025-01-31'), at('2025-02-01'), at('2025-06-30')]).toEqual([
      '10000.00',
      '7000.00',
      '6000.00',
    ]);
  });

  it('PLAN: a payment without a quota pays the oldest quota and spills onto the next (PARCIAL)', () => {
    // 500 recorded after the plan: quota 1 (400) paid, 100 of quota 2. Owed: 1 200 − 500 = 700.
    const owed = amountOwed({
      ...debt,
      quotas: PLAN,
      date: '2025-03-20',
      moves: [move('PAYMENT', '500.00', '2025-03-15', { id: 7 })],
    });
    expect(owed.basis).toBe('PLAN');
    expect(owed.total).toBe('700.00');
    expect(
      owed.plan?.map(({ number, paid, status, paidAt, paidBy }) => ({
        number,
        paid,
        status,
        paidAt,
        paidBy,
      })),
    ).toEqual([
      { number: 1, paid: '400.00', status: 'PAGADA', paidAt: '2025-03-15', paidBy: 7 },
      { number: 2, paid: '100.00', status: 'PARCIAL', paidAt: null, paidBy: null },
      { number: 3, paid: '0.00', status: 'PENDIENTE', paidAt: null, paidBy: null },
    ]);
  });

  it('PLAN: a quota’s mora is paid before its amount, and a mora without payment is EN_MORA', () => {
    // Quota 1 owes 400 + 40 of mora; 420 pays its mora and 380 of its amount: PARCIAL, 20 left.
    const owed = amountOwed({
      ...debt,
      quotas: PLAN,
      date: '2025-04-30',
      moves: [
        move('MORA', '40.00', '2025-03-20', { quotaId: 101 }),
        move('MORA', '15.00', '2025-04-20', { quotaId: 102 }),
        move('PAYMENT', '420.00', '2025-04-25'),
      ],
    });
    expect(owed.total).toBe('835.00'); // 1 200 + 55 − 420
    expect(owed.plan?.map(({ mora, paid, status }) => ({ mora, paid, status }))).toEqual([
      { mora: '40.00', paid: '420.00', status: 'PARCIAL' },
      { mora: '15.00', paid: '0.00', status: 'EN_MORA' },
      { mora: '0.00', paid: '0.00', status: 'PENDIENTE' },
    ]);
  });

  it('PLAN: a payment made for a quota pays that quota first, even ahead of an older one', () => {
    const owed = amountOwed({
      ...debt,
      quotas: PLAN,
      date: '2025-05-30',
      moves: [move('PAYMENT', '450.00', '2025-05-10', { quotaId: 103 })],
    });
    expect(owed.plan?.map((q) => [q.number, q.paid, q.status])).toEqual([
      [1, '50.00', 'PARCIAL'],
      [2, '0.00', 'PENDIENTE'],
      [3, '400.00', 'PAGADA'],
    ]);
  });

  it('PLAN: money recorded before the plan was agreed is in its total already and pays no quota', () => {
    const owed = amountOwed({
      ...debt,
      originalAmount: '1500.00',
      quotas: PLAN,
      date: '2025-03-20',
      moves: [move('PAYMENT', '300.00', '2025-02-01', { recordedAt: BEFORE })],
    });
    expect(owed.total).toBe('1200.00');
    expect(owed.plan?.every((q) => q.paid === '0.00')).toBe(true);
  });

  it('a plan paid in full is BOOKS again, at zero; interest booked for a plan never runs again', () => {
    const paid = amountOwed({
      ...debt,
      quotas: PLAN,
      date: '2025-06-30',
      moves: [move('PAYMENT', '1200.00', '2025-05-10')],
    });
    expect(paid).toMatchObject({ basis: 'BOOKS', total: '0.00' });
    const rated = { ...debt, defaultDate: '2025-01-01', punitiveRate: '36' };
    const booked = amountOwed({
      ...rated,
      quotas: [],
      date: '2025-06-30',
      moves: [move('MORA', '100.00', '2025-03-01', { planInterest: true, recordedAt: BEFORE })],
    });
    expect(booked).toMatchObject({ basis: 'BOOKS', total: '1300.00', interest: '0.00', punitive: '0.00' });
  });

  it('RATES: interest to the date, the payments imputed (docs/money.md’s example: $ 8.670,08)', () => {
    const owed = amountOwed({
      originalAmount: '10000.00',
      defaultDate: '2025-01-01',
      interestRate: null,
      punitiveRate: '10',
      rateTable: [
        { from: '2025-01-01', annualRate: '30' },
        { from: '2025-02-15', annualRate: '36' },
        { from: '2025-04-01', annualRate: '40' },
        { from: '2025-06-01', annualRate: '45' },
      ],
      quotas: [],
      date: '2025-07-01',
      moves: [
        move('SERVICE', '500.00', '2025-01-10'),
        move('PAYMENT', '1000.00', '2025-03-01'),
        move('PAYMENT', '3000.00', '2025-05-01'),
      ],
    });
    expect(owed).toMatchObject({
      basis: 'RATES',
      capital: '7971.23',
      interest: '565.63',
      punitive: '133.22',
      total: '8670.08',
    });
  });

  it('RATES: a later date projects the interest; an earlier one stops it there', () => {
    const at = (date: string) =>
      amountOwed({
        ...debt,
        originalAmount: '10000.00',
        defaultDate: '2025-01-01',
        interestRate: '36.5',
        quotas: [],
        moves: [],
        date,
      }).total;
    // 10 000 × 36,5 % × 100 / 365 = 1 000,00 in 100 days; 2 000,00 in 200.
    expect(at('2025-04-11')).toBe('11000.00');
    expect(at('2025-07-20')).toBe('12000.00');
  });
});

describe('the payment form says where a payment without a quota goes', () => {
  const quotas = [
    { number: 3, dueDate: '2025-03-10', owes: '400.00' },
    { number: 4, dueDate: '2025-04-10', owes: '400.00' },
    { number: 5, dueDate: '2025-05-10', owes: '400.00' },
  ];
  it('«Se imputará a la cuota 3 (vencida) y a parte de la 4.»', () => {
    expect(imputationText(imputation(quotas, '500.00', '2025-04-01'))).toBe(
      'Se imputará a la cuota 3 (vencida) y a parte de la 4.',
    );
  });
  it('several whole quotas, none overdue, and what is left beyond the plan', () => {
    const result = imputation(quotas, '1300.00', '2025-01-01');
    expect(imputationText(result)).toBe('Se imputará a las cuotas 3, 4 y 5.');
    expect(result.beyond).toBe('100.00');
    expect(imputationText(imputation([], '10.00', '2025-01-01'))).toBeNull();
  });
});

describe('the amount owed: properties (fast-check)', () => {
  const cents = (max: number) => fc.integer({ min: 1, max }).map((n) => fromCents(BigInt(n)));
  const day = fc.integer({ min: 1, max: 28 }).map((d) => `2025-04-${String(d).padStart(2, '0')}`);

  it('without rates, the total is the books’ sum of the rows, whatever their order', () => {
    const kinds = fc.constantFrom('PAYMENT', 'DEPOSIT', 'SERVICE', 'MORA', 'REDUCTION') as fc.Arbitrary<
      Move['kind']
    >;
    fc.assert(
      fc.property(
        cents(10_000_000),
        fc.array(fc.tuple(kinds, cents(100_000), day), { maxLength: 30 }),
        (original, rows) => {
          const moves = rows.map(([kind, amount, date]) => move(kind, amount, date));
          const owed = amountOwed({
            ...debt,
            originalAmount: original,
            quotas: [],
            date: '2025-12-31',
            moves,
          });
          expect(owed.total).toBe(booksTotal(original, moves));
        },
      ),
    );
  });

  it('a plan that covers the debt: the total is what its quotas still owe, with their mora', () => {
    fc.assert(
      fc.property(
        fc.array(cents(100_000), { minLength: 1, maxLength: 12 }),
        fc.array(fc.tuple(cents(50_000), day), { maxLength: 10 }),
        fc.array(fc.tuple(fc.nat(11), cents(5_000)), { maxLength: 5 }),
        (amounts, payments, moras) => {
          const quotas = amounts.map((amount, i) => ({
            id: 500 + i,
            number: i + 1,
            dueDate: `2025-${String((i % 9) + 4).padStart(2, '0')}-10`,
            amount,
            createdAt: AGREED,
          }));
          const original = fromCents(amounts.reduce((sum, a) => sum + toCents(a), 0n));
          const moraMoves = moras
            .filter(([i]) => i < quotas.length)
            .map(([i, amount]) => move('MORA', amount, '2025-04-01', { quotaId: 500 + i }));
          const owedBefore = toCents(booksTotal(original, moraMoves));
          // Only what the plan still owes can be paid (the API refuses more).
          let left = owedBefore;
          const payMoves = payments.flatMap(([amount, date]) => {
            const a = toCents(amount) < left ? toCents(amount) : left;
            left -= a;
            return a > 0n ? [move('PAYMENT', fromCents(a), date)] : [];
          });
          const owed = amountOwed({
            ...debt,
            originalAmount: original,
            quotas,
            date: '2025-12-31',
            moves: [...moraMoves, ...payMoves],
          });
          const unpaid = (owed.plan ?? []).reduce(
            (sum, q) => sum + toCents(q.amount) + toCents(q.mora) - toCents(q.paid),
            0n,
          );
          expect(owed.total).toBe(fromCents(unpaid));
          expect(owed.basis).toBe(unpaid > 0n ? 'PLAN' : 'BOOKS');
        },
      ),
    );
  });

  it('allocation never pays a quota beyond what it owes, nor more than was paid', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(cents(100_000), day), { maxLength: 10 }), (payments) => {
        const states = allocateToQuotas(
          PLAN,
          payments.map(([amount, date]) => move('PAYMENT', amount, date)),
          '2025-12-31',
        );
        const paidIn = payments.reduce((sum, [amount]) => sum + toCents(amount), 0n);
        const allocated = states.reduce((sum, q) => sum + toCents(q.paid), 0n);
        expect(allocated <= paidIn).toBe(true);
        for (const q of states) expect(toCents(q.paid) <= toCents(q.amount) + toCents(q.mora)).toBe(true);
      }),
    );
  });
});

describe('the amount owed under rates is never below the books (strategies’ amount condition, issue 36)', () => {
  const cents = (max: number) => fc.integer({ min: 1, max }).map((n) => fromCents(BigInt(n)));
  const day = fc.integer({ min: 1, max: 28 }).map((d) => `2025-04-${String(d).padStart(2, '0')}`);
  const kinds = fc.constantFrom('PAYMENT', 'DEPOSIT', 'SERVICE', 'MORA', 'REDUCTION') as fc.Arbitrary<
    Move['kind']
  >;
  const rate = fc.integer({ min: 0, max: 20_000 }).map((n) => fromCents(BigInt(n)));

  it('interest only adds: SQL may settle «owes at least / at most» by the stored balance', () => {
    fc.assert(
      fc.property(
        cents(10_000_000),
        fc.array(fc.tuple(kinds, cents(100_000), day), { maxLength: 30 }),
        rate,
        rate,
        fc.integer({ min: 0, max: 2000 }),
        (original, rows, interestRate, punitiveRate, days) => {
          const moves = rows.map(([kind, amount, date]) => move(kind, amount, date));
          const date = new Date(Date.UTC(2025, 4, 1) + days * 86_400_000).toISOString().slice(0, 10);
          const owed = amountOwed({
            originalAmount: original,
            defaultDate: '2025-03-15',
            interestRate,
            rateTable: null,
            punitiveRate,
            quotas: [],
            date,
            moves,
          });
          expect(toCents(owed.total) >= toCents(booksTotal(original, moves))).toBe(true);
        },
      ),
    );
  });
});
