import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween } from '../src/dates';
import { addMoney, toCents } from '../src/money';
import { offerLimitReasons } from '../src/offers';
import { type OfferEnvelope, portalOffers } from '../src/portalOffers';

const NONE: OfferEnvelope = {
  maxDiscountPercent: null,
  maxQuotas: null,
  minDownPaymentPercent: null,
  minQuotaAmount: null,
  maxFirstDueDays: null,
  maxPlanDays: null,
};

describe('the portal’s own offers, within the company’s envelope (issue 34)', () => {
  it('a company without an envelope gets no offer; a debt that owes nothing neither', () => {
    expect(portalOffers('1000.00', NONE, '2026-11-29')).toEqual([]);
    expect(
      portalOffers('0.00', { ...NONE, maxDiscountPercent: '30.00', maxQuotas: 6 }, '2026-11-29'),
    ).toEqual([]);
  });

  it('worked example: 10 000,00 with 30 % off at most, 6 quotas, 10 % down, quotas from 1 500,00, 150 days', () => {
    const envelope: OfferEnvelope = {
      maxDiscountPercent: '30.00',
      maxQuotas: 6,
      minDownPaymentPercent: '10.00',
      minQuotaAmount: '1500.00',
      maxFirstDueDays: 5,
      maxPlanDays: 150,
    };
    const [single, plan] = portalOffers('10000.00', envelope, '2026-11-29');
    // 30 % of 10 000,00 = 3 000,00 off: 7 000,00 once, due in 5 days (the company's first-due limit).
    expect(single).toMatchObject({
      kind: 'PAGO_UNICO',
      amount: '7000.00',
      discount: '3000.00',
      quotas: 1,
      firstDueDate: '2026-12-04',
      schedule: [{ number: 1, dueDate: '2026-12-04', amount: '7000.00' }],
    });
    // 6 quotas from 04/12 would end 04/05/2027, 156 days away: too long. 5 end 04/04 (126 days):
    // down 1 500,00 (10 % is 1 000,00, but a quota is at least 1 500,00), then 8 500,00 in 4 of 2 125,00.
    expect(plan).toMatchObject({
      kind: 'CUOTAS',
      title: 'Plan de 5 cuotas',
      amount: '10000.00',
      discount: '0.00',
    });
    expect(plan?.schedule).toEqual([
      { number: 1, dueDate: '2026-12-04', amount: '1500.00' },
      { number: 2, dueDate: '2027-01-04', amount: '2125.00' },
      { number: 3, dueDate: '2027-02-04', amount: '2125.00' },
      { number: 4, dueDate: '2027-03-04', amount: '2125.00' },
      { number: 5, dueDate: '2027-04-04', amount: '2125.00' },
    ]);
  });

  it('the discount rounds down to the cent: never one cent over the limit', () => {
    const [single] = portalOffers('333.33', { ...NONE, maxDiscountPercent: '10.00' }, '2026-11-29');
    // 10 % of 333,33 is 33,333: 33,33 off.
    expect(single).toMatchObject({ amount: '300.00', discount: '33.33' });
  });

  it('property: every offer is within the envelope, adds up, and keeps its dates and quotas', () => {
    const money = fc
      .bigInt({ min: 100n, max: 100_000_000n })
      .map((c) => `${c / 100n}.${String(c % 100n).padStart(2, '0')}`);
    const percent = fc
      .integer({ min: 0, max: 9000 })
      .map((h) => `${Math.floor(h / 100)}.${String(h % 100).padStart(2, '0')}`);
    fc.assert(
      fc.property(
        money,
        fc.record({
          maxDiscountPercent: fc.option(percent),
          maxQuotas: fc.option(fc.integer({ min: 1, max: 120 })),
          minDownPaymentPercent: fc.option(percent),
          minQuotaAmount: fc.option(money),
          maxFirstDueDays: fc.option(fc.integer({ min: 0, max: 60 })),
          maxPlanDays: fc.option(fc.integer({ min: 1, max: 3650 })),
        }),
        (balance, envelope) => {
          const today = '2026-11-29';
          for (const offer of portalOffers(balance, envelope, today)) {
            expect(offerLimitReasons({ ...offer, balance }, envelope)).toEqual([]);
            expect(addMoney(...offer.schedule.map((q) => q.amount))).toBe(offer.amount);
            expect(toCents(offer.amount) + toCents(offer.discount)).toBe(toCents(balance));
            expect(offer.schedule).toHaveLength(offer.quotas);
            if (envelope.maxFirstDueDays !== null)
              expect(offer.firstDueDate <= addDays(today, envelope.maxFirstDueDays)).toBe(true);
            const last = offer.schedule.at(-1)?.dueDate ?? today;
            if (envelope.maxPlanDays !== null)
              expect(daysBetween(today, last)).toBeLessThanOrEqual(envelope.maxPlanDays);
            if (envelope.minQuotaAmount !== null && offer.kind === 'CUOTAS')
              for (const quota of offer.schedule)
                expect(toCents(quota.amount)).toBeGreaterThanOrEqual(toCents(envelope.minQuotaAmount));
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
