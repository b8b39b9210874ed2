import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMonthsClamped,
  agencyDayStart,
  agencyDayTime,
  agencyToday,
  daysBetween,
  monthlyDueDates,
  nextDay,
} from '../src/dates';

describe('calendar dates', () => {
  it('adds months clamping to the month end (Jan 31 → Feb 28/29 → Mar 31)', () => {
    expect(addMonthsClamped('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonthsClamped('2023-01-31', 1)).toBe('2023-02-28');
    expect(addMonthsClamped('2024-12-15', 1)).toBe('2025-01-15');
    expect(addMonthsClamped('2024-03-31', -1)).toBe('2024-02-29');
    expect(addMonthsClamped('1900-01-31', 1)).toBe('1900-02-28');
    expect(addMonthsClamped('2000-01-31', 1)).toBe('2000-02-29');
  });

  it('plan due dates are each computed from the first date, not from the previous one', () => {
    expect(monthlyDueDates('2024-01-31', 5)).toEqual([
      '2024-01-31',
      '2024-02-29',
      '2024-03-31',
      '2024-04-30',
      '2024-05-31',
    ]);
    expect(monthlyDueDates('2024-11-10', 3)).toEqual(['2024-11-10', '2024-12-10', '2025-01-10']);
  });

  it('counts days across leap years and agrees with Date for any pair', () => {
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(daysBetween('2023-02-28', '2023-03-01')).toBe(1);
    expect(daysBetween('2024-03-01', '2024-02-28')).toBe(-2);
    const day = fc
      .date({
        min: new Date('1900-01-01T00:00:00Z'),
        max: new Date('2199-12-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, day, (a, b) => {
        expect(daysBetween(a, b)).toBe(Math.round((Date.parse(b) - Date.parse(a)) / 86_400_000));
      }),
    );
  });

  it('next day rolls months and years', () => {
    expect(nextDay('2024-02-28')).toBe('2024-02-29');
    expect(nextDay('2023-02-28')).toBe('2023-03-01');
    expect(nextDay('2024-12-31')).toBe('2025-01-01');
  });

  it('the agency day is UTC−3: 02:59Z is still yesterday there', () => {
    expect(agencyToday(new Date('2024-05-02T02:59:00Z'))).toBe('2024-05-01');
    expect(agencyToday(new Date('2024-05-02T03:00:00Z'))).toBe('2024-05-02');
    expect(agencyDayStart('2024-05-02')).toBe('2024-05-02T00:00:00-03:00');
    expect(() => agencyDayStart('2024-5-2')).toThrow();
  });
});

describe('agencyDayTime: an instant on the agency clock (UTC−3)', () => {
  it('13:30 UTC is 10:30 at the agency; the previous day just after midnight UTC', () => {
    expect(agencyDayTime(new Date('2026-11-30T13:30:05Z'))).toBe('30/11/2026 10:30');
    expect(agencyDayTime(new Date('2026-11-30T13:30:05Z'), true)).toBe('30/11/2026 10:30:05');
    expect(agencyDayTime(new Date('2026-12-01T02:15:00Z'))).toBe('30/11/2026 23:15');
  });
});
