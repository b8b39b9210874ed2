import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromCents, toCents } from '../src/money';
import { ratePart, settlementTotals, VAT_RATES } from '../src/settlements';

const one = (collected: string, commissionRate: string, direct = '0.00') => [
  { collected, commissionRate, direct },
];

describe('settlement arithmetic (DESIGN.md §10.4): worked examples', () => {
  it('1 000,00 at 10 % with VAT 21 %: commission 100,00, VAT 21,00, net 879,00', () => {
    expect(settlementTotals(one('1000.00', '10'), VAT_RATES.RESPONSABLE_INSCRIPTO)).toMatchObject({
      collected: '1000.00',
      commission: '100.00',
      vat: '21.00',
      net: '879.00',
      payable: '879.00',
    });
  });

  it('each figure is rounded half-up to the cent: 10,10 at 5 % is 0,505 → 0,51; 10,05 at 5 % is 0,5025 → 0,50', () => {
    expect(settlementTotals(one('10.10', '5'), '0').commission).toBe('0.51');
    expect(settlementTotals(one('10.05', '5'), '0').commission).toBe('0.50');
    // VAT on the rounded commission: 0,51 × 21 % = 0,1071 → 0,11; 2,50 × 21 % = 0,525 → 0,53.
    expect(settlementTotals(one('10.10', '5'), '21').vat).toBe('0.11');
    expect(settlementTotals(one('25.00', '10'), '21')).toMatchObject({ commission: '2.50', vat: '0.53' });
  });

  it('a monotributista agency charges no VAT', () => {
    expect(settlementTotals(one('1000.00', '10'), VAT_RATES.MONOTRIBUTISTA)).toMatchObject({
      vat: '0.00',
      net: '900.00',
    });
  });

  it('a judicial rate is a second group, rounded on its own: 333,33 at 10 % + 333,33 at 20 %', () => {
    const totals = settlementTotals(
      [
        { collected: '333.33', commissionRate: '10', direct: '0.00' },
        { collected: '333.33', commissionRate: '20', direct: '0.00' },
      ],
      '21',
    );
    // 33,333 → 33,33 and 66,666 → 66,67; VAT 21 % of 100,00 = 21,00.
    expect(totals.commissions.map((c) => c.commission)).toEqual(['33.33', '66.67']);
    expect(totals).toMatchObject({ collected: '666.66', commission: '100.00', vat: '21.00', net: '545.66' });
  });

  it('money paid straight to the client earns commission but is not transferred: payable = net − direct', () => {
    const totals = settlementTotals(one('1000.00', '10', '400.00'), '21');
    expect(totals).toMatchObject({ direct: '400.00', net: '879.00', payable: '479.00' });
    // All of it paid to the client: the client owes the agency its commission and VAT.
    expect(settlementTotals(one('1000.00', '10', '1000.00'), '21').payable).toBe('-121.00');
  });
});

const cents = fc.bigInt({ min: 1n, max: 99_999_999_999n });
const rate = fc.integer({ min: 0, max: 10_000 }).map((hundredths) => fromCents(BigInt(hundredths)));

describe('settlement arithmetic: properties', () => {
  it('collected = commission + vat + net, and net = payable + direct, to the cent', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(cents, rate, fc.integer({ min: 0, max: 100 })), { minLength: 1, maxLength: 4 }),
        fc.constantFrom(...Object.values(VAT_RATES)),
        (groups, vat) => {
          const input = groups.map(([c, r, directPercent]) => ({
            collected: fromCents(c),
            commissionRate: r,
            direct: fromCents((c * BigInt(directPercent)) / 100n),
          }));
          const t = settlementTotals(input, vat);
          expect(toCents(t.commission) + toCents(t.vat) + toCents(t.net)).toBe(toCents(t.collected));
          expect(toCents(t.payable) + toCents(t.direct)).toBe(toCents(t.net));
          expect(t.commissions.reduce((sum, c) => sum + toCents(c.commission), 0n)).toBe(
            toCents(t.commission),
          );
        },
      ),
    );
  });

  it('a rate part is the exact product rounded half-up: at most half a cent above it, less than half a cent below', () => {
    fc.assert(
      fc.property(cents, rate, (amount, r) => {
        const part = toCents(ratePart(fromCents(amount), r));
        // Exact value in ten-thousandths of a cent: amount × rate(hundredths of a percent).
        const exact = amount * toCents(r);
        const scaled = part * 10_000n;
        expect(scaled - exact).toBeLessThanOrEqual(5_000n);
        expect(exact - scaled).toBeLessThan(5_000n);
      }),
    );
  });
});
