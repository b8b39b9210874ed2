import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { prescription } from '../src/prescription';

const base = { from: '2021-03-10', years: 5, interruptions: [] as string[], demandDeliveredOn: null };

describe('when a claim prescribes (CCyC; issue 37), worked by hand', () => {
  it('five years from the default date, ending on the same day number (art. 2560, art. 6)', () => {
    expect(prescription(base)).toEqual({
      prescribesOn: '2026-03-10',
      runsFrom: '2021-03-10',
      suspended: null,
    });
  });

  it('two years for periodic charges; a 29 February ends on the month’s last day (art. 2562, art. 6)', () => {
    expect(prescription({ ...base, from: '2020-02-29', years: 2 }).prescribesOn).toBe('2022-02-28');
  });

  it('a payment interrupts: a new term from its day (art. 2544)', () => {
    const result = prescription({ ...base, interruptions: ['2023-06-15', '2022-01-05'] });
    expect(result).toMatchObject({ prescribesOn: '2028-06-15', runsFrom: '2023-06-15' });
  });

  it('a carta documento delivered within the term suspends it six months (art. 2541)', () => {
    // Delivered 20/01/2025: suspended to 20/07/2025, 181 days (11 + 28 + 31 + 30 + 31 + 30 + 20);
    // 10/03/2026 + 181 days = 07/09/2026 (21 + 30 + 31 + 30 + 31 + 31 + 7).
    expect(prescription({ ...base, demandDeliveredOn: '2025-01-20' })).toEqual({
      prescribesOn: '2026-09-07',
      runsFrom: '2021-03-10',
      suspended: { from: '2025-01-20', to: '2025-07-20' },
    });
  });

  it('a payment after the suspension starts a new term: the suspension is spent', () => {
    const result = prescription({ ...base, demandDeliveredOn: '2025-01-20', interruptions: ['2025-03-01'] });
    expect(result).toEqual({ prescribesOn: '2030-03-01', runsFrom: '2025-03-01', suspended: null });
  });

  it('a demand after the term ended revives nothing', () => {
    expect(prescription({ ...base, demandDeliveredOn: '2026-04-01' }).prescribesOn).toBe('2026-03-10');
  });

  it('properties: an interruption never brings the day closer; a suspension delays it at most six months', () => {
    const day = fc
      .integer({ min: 0, max: 3650 })
      .map((n) => new Date(Date.UTC(2015, 0, 1) + n * 86_400_000).toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, day, day, fc.constantFrom(2, 5), (from, interruption, demand, years) => {
        const plain = prescription({ from, years, interruptions: [], demandDeliveredOn: null }).prescribesOn;
        const interrupted = prescription({
          from,
          years,
          interruptions: [interruption],
          demandDeliveredOn: null,
        });
        expect(interrupted.prescribesOn >= plain).toBe(true);
        const suspended = prescription({ from, years, interruptions: [], demandDeliveredOn: demand });
        expect(suspended.prescribesOn >= plain).toBe(true);
        const limit = new Date(`${plain}T00:00:00Z`);
        limit.setUTCDate(limit.getUTCDate() + 184);
        expect(suspended.prescribesOn <= limit.toISOString().slice(0, 10)).toBe(true);
      }),
    );
  });
});
