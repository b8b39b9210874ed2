import { describe, expect, it } from 'vitest';
import { dayOffReason, judicialDaysBetween, judicialDeadline } from '../src/judicialDays';

/** 2026–27: 8 December (Inmaculada Concepción) off; the January 2027 recess. Worked by hand below. */
const calendar = {
  daysOff: new Set(['2026-12-08', '2026-12-25']),
  recesses: [{ from: '2027-01-01', to: '2027-01-31' }],
};

describe('deadlines in judicial working days (issue 37), worked by hand', () => {
  it('across a weekend: notified Thursday 26/11/2026, 5 days → Thursday 03/12/2026', () => {
    // Fri 27 (1), Sat–Sun skipped, Mon 30 (2), Tue 1 (3), Wed 2 (4), Thu 3 (5).
    expect(judicialDeadline('2026-11-26', 5, calendar)).toBe('2026-12-03');
  });

  it('across a holiday: notified Friday 04/12/2026, 3 days → Thursday 10/12/2026', () => {
    // Mon 7 (1), Tue 8 a holiday, Wed 9 (2), Thu 10 (3).
    expect(judicialDeadline('2026-12-04', 3, calendar)).toBe('2026-12-10');
    expect(dayOffReason('2026-12-08', calendar)).toBe('FERIADO');
  });

  it('across the January recess: notified Tuesday 29/12/2026, 5 days → Wednesday 03/02/2027', () => {
    // Wed 30 (1), Thu 31 (2), all of January off, Mon 1 Feb (3), Tue 2 (4), Wed 3 (5).
    expect(judicialDeadline('2026-12-29', 5, calendar)).toBe('2027-02-03');
    expect(dayOffReason('2027-01-15', calendar)).toBe('FERIA');
    expect(dayOffReason('2027-01-16', calendar)).toBe('FIN_DE_SEMANA');
  });

  it('the notice’s own day never counts, even when it is a working day', () => {
    // Notified Monday 30/11: 1 day is Tuesday 01/12.
    expect(judicialDeadline('2026-11-30', 1, calendar)).toBe('2026-12-01');
    // Notified on a Saturday: Monday is the first day.
    expect(judicialDeadline('2026-11-28', 1, calendar)).toBe('2026-11-30');
  });

  it('counts the working days between two dates, and refuses a term of no days', () => {
    expect(judicialDaysBetween('2026-11-26', '2026-12-03', calendar)).toBe(5);
    expect(judicialDaysBetween('2026-12-29', '2027-02-03', calendar)).toBe(5);
    expect(judicialDaysBetween('2026-12-03', '2026-11-26', calendar)).toBe(0);
    expect(() => judicialDeadline('2026-11-26', 0, calendar)).toThrow(RangeError);
  });
});
