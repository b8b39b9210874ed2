import { MESSAGES } from '@cobranzas/shared';
import { describe, expect, it } from 'vitest';
import { parseRatesCsv } from '../src/modules/rateTables/csv';

describe('rate CSV lines read as the portfolio import reads its files', () => {
  it('dates as readDate takes them: dashes or dots, two-digit years, Excel serials, a time to drop', () => {
    const parsed = parseRatesCsv(
      'fecha;tasa\n01-02-2024;10\n1.3.24;11\n45413;12\n2024-06-01 00:00;13\n2024/07/01;120,5\n',
    );
    expect(parsed.rejected).toEqual([]);
    expect(parsed.entries.map(({ from, annualRate }) => [from, annualRate])).toEqual([
      ['2024-02-01', '10.00'],
      ['2024-03-01', '11.00'],
      // Excel's serial day 45413 is 01/05/2024.
      ['2024-05-01', '12.00'],
      ['2024-06-01', '13.00'],
      // Above 100 %: an annual rate may be (readRate's 0–100 is not used here).
      ['2024-07-01', '120.50'],
    ]);
  });

  it('days that do not exist, month-first dates and years out of range are still bad dates', () => {
    const parsed = parseRatesCsv('29/02/2023;10\n12/31/2024;10\n01/01/1800;10\n');
    expect(parsed.entries).toEqual([]);
    expect(parsed.rejected).toEqual([1, 2, 3].map((line) => ({ line, reason: MESSAGES.rateImportBadDate })));
  });

  it('the delimiter is detected as the import detects it: a tab-separated file reads', () => {
    const parsed = parseRatesCsv('Fecha\tTasa\n01/02/2024\t45,25\n');
    expect(parsed.rejected).toEqual([]);
    expect(parsed.entries.map(({ from, annualRate }) => [from, annualRate])).toEqual([
      ['2024-02-01', '45.25'],
    ]);
  });
});
