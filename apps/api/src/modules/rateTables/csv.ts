/**
 * The rate history as a CSV `fecha;tasa` (issue 17): one rate per line, an optional header line,
 * `;` or `,` between the columns. Dates dd/mm/aaaa or aaaa-mm-dd; rates "45,25", "45.25" or
 * "45.25%" (with `,` between the columns the rate must use a decimal point).
 */
import { dateSchema, MESSAGES, normalizeAnnualRate } from '@cobranzas/shared';
import { CsvError, parse } from 'csv-parse/sync';

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

/** dd/mm/aaaa (or d/m/aaaa) and aaaa-mm-dd → YYYY-MM-DD; null when it is no calendar date. */
export function parseCsvDate(text: string): string | null {
  const value = text.trim();
  const local = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  const iso = local
    ? `${local[3]}-${local[2]?.padStart(2, '0')}-${local[1]?.padStart(2, '0')}`
    : /^\d{4}-\d{2}-\d{2}$/.test(value)
      ? value
      : null;
  return iso !== null && dateSchema.safeParse(iso).success ? iso : null;
}

/** The column separator: `;` when the first line with content has one, `,` otherwise. */
function separatorOf(text: string): ';' | ',' {
  const first = text.split(/\r?\n/).find((line) => line.trim() !== '') ?? '';
  return first.includes(';') || !first.includes(',') ? ';' : ',';
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
    const from = parseCsvDate(dateText);
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
