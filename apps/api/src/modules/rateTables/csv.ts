/**
 * The rate history as a CSV `fecha;tasa` (issue 17): one rate per line, an optional header line,
 * `;`, `,` or a tab between the columns (detected as the portfolio import does). Dates as the
 * portfolio import reads them (dd/mm/aaaa, aaaa-mm-dd and the other forms of readDate); rates
 * "45,25", "45.25" or "45.25%" (with `,` between the columns the rate must use a decimal point),
 * up to 999,99: readRate's 0–100 is for a debt's rates, and annual rates have been above 100 %.
 */
import { MESSAGES, normalizeAnnualRate } from '@cobranzas/shared';
import { readDate } from '@cobranzas/shared/imports';
import { CsvError, parse } from 'csv-parse/sync';
import { detectDelimiter } from '../../sniff';

export interface ParsedRate {
  line: number;
  from: string;
  annualRate: string;
}
export interface ParsedRates {
  /** Valid lines, one per date (the first line that gives it). */
  entries: ParsedRate[];
  /** Lines not imported, with their Spanish reason. */
  rejected: { line: number; reason: string }[];
}

/** A file that cannot be read as `fecha;tasa` lines at all (an unclosed quote, …). */
export class RateCsvError extends Error {}

/** The column separator, from the first line with content. */
const separatorOf = (text: string) =>
  detectDelimiter(text.split(/\r?\n/).find((line) => line.trim() !== '') ?? '');

/** The day a line's date column gives (YYYY-MM-DD), or null when it is no date. */
function dateOf(text: string): string | null {
  const read = readDate(text);
  return 'value' in read ? read.value : null;
}

/** A first line whose date column has no digit ("fecha;tasa", "Desde,Tasa anual") is a header. */
const isHeader = (cells: string[]) => !/\d/.test(cells[0] ?? '');

export function parseRatesCsv(text: string): ParsedRates {
  const separator = separatorOf(text);
  let records: { record: string[]; info: { lines: number } }[];
  try {
    // With `info: true` each record comes with where it was read (its typing does not say so).
    records = parse(text, {
      delimiter: separator,
      bom: true,
      trim: true,
      info: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
    }) as unknown as typeof records;
  } catch (error) {
    if (error instanceof CsvError) throw new RateCsvError(MESSAGES.rateImportNotText);
    throw error;
  }
  const entries: ParsedRate[] = [];
  const rejected: ParsedRates['rejected'] = [];
  const lineOfDate = new Map<string, number>();
  records.forEach(({ record, info }, index) => {
    const line = info.lines;
    const cells = record.filter((cell, i) => i < 2 || cell !== '');
    if (cells.every((cell) => cell === '')) return;
    if (index === 0 && isHeader(cells)) return;
    if (cells.length !== 2) {
      const commaRate = separator === ',' && cells.length === 3 && /^\d+$/.test(cells[2] ?? '');
      rejected.push({ line, reason: commaRate ? MESSAGES.rateImportCommaRate : MESSAGES.rateImportColumns });
      return;
    }
    const [dateText = '', rateText = ''] = cells;
    const from = dateOf(dateText);
    if (from === null) {
      rejected.push({ line, reason: MESSAGES.rateImportBadDate });
      return;
    }
    if (separator === ',' && rateText.includes(',')) {
      rejected.push({ line, reason: MESSAGES.rateImportCommaRate });
      return;
    }
    const annualRate = normalizeAnnualRate(rateText.replace(/\s*%$/, ''));
    if (annualRate === null) {
      rejected.push({ line, reason: MESSAGES.rateImportBadRate });
      return;
    }
    const earlier = lineOfDate.get(from);
    if (earlier !== undefined) {
      rejected.push({ line, reason: MESSAGES.rateImportRepeated(earlier) });
      return;
    }
    lineOfDate.set(from, line);
    entries.push({ line, from, annualRate });
  });
  return { entries, rejected };
}
