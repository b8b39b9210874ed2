/**
 * A statement's rows as money in (DESIGN.md §11.4): a bank's spreadsheet read by the profile's
 * column mapping (the import's reader, its limits and its value readers), Mercado Pago's
 * released-money report by its documented columns, a payment network's fixed-width text by the
 * profile's positions. What is not money in (a debit, a fee, a withdrawal, a header or trailer
 * record) is skipped; what cannot be read is rejected with its reason.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import {
  agencyToday,
  type FixedLayout,
  type FixedSlot,
  RECONCILIATION_MESSAGES as M,
  MERCADOPAGO_COLUMNS,
  type ReconciliationProfile,
  type StatementField,
} from '@cobranzas/shared';
import { type CellValue, cellText, readAmount, readDate } from '@cobranzas/shared/imports';
import { DEFAULT_READ_LIMITS, FILE_ERRORS, ImportFileError } from '../imports/parse/errors';
import { decodeWindows1252, type ImportKind, readRows } from '../imports/parse/rows';

export interface StatementLine {
  rowNumber: number;
  date: string;
  amount: string;
  description: string | null;
  reference: string | null;
  payerName: string | null;
  payerId: string | null;
  transactionId: string | null;
  /** The whole row as text (its other cells, or a text file's line), for the movement's fingerprint. */
  raw: string;
}

export type ReadLine =
  | { kind: 'line'; line: StatementLine }
  | { kind: 'skip'; rowNumber: number }
  | { kind: 'error'; rowNumber: number; message: string };

export type StatementKind = ImportKind | 'txt';
/** What reading needs of a profile (its row as stored: the JSON columns checked when it was saved). */
export interface ProfileForReading
  extends Pick<
    ReconciliationProfile,
    'source' | 'layout' | 'dateFormat' | 'impliedDecimals' | 'recordPrefix'
  > {
  mapping: unknown;
  fixedLayout: unknown;
}

export const MERCADOPAGO_MISSING = (columns: string[]) =>
  `El archivo no es un reporte de dinero liberado de Mercado Pago: faltan las columnas ${columns.join(', ')}.`;

// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point (PostgreSQL refuses NUL)
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
const text = (value: string | null | undefined, max: number) => {
  const clean = (value ?? '').replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
  return clean ? clean.slice(0, max) : null;
};

/** A row's text for its fingerprint: no case, accents, control characters or repeated spaces. */
export const foldRow = (value: string) =>
  value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(CONTROL, ' ')
    .toUpperCase()
    .replace(/\s+/g, ' ')
    .trim();

/** The date and amount checks every source shares: a real day not after today, a positive amount. */
function finish(
  rowNumber: number,
  rawDate: Read,
  rawAmount: Read,
  rest: Omit<StatementLine, 'rowNumber' | 'date' | 'amount'>,
): ReadLine {
  if ('error' in rawDate) return { kind: 'error', rowNumber, message: M.row(rowNumber, M.badDate) };
  if ('error' in rawAmount) return { kind: 'error', rowNumber, message: M.row(rowNumber, M.badAmount) };
  if (rawDate.value > agencyToday())
    return { kind: 'error', rowNumber, message: M.row(rowNumber, M.futureDate) };
  return { kind: 'line', line: { rowNumber, date: rawDate.value, amount: rawAmount.value, ...rest } };
}
type Read = { value: string } | { error: true };

function dateOf(raw: unknown): Read | null {
  const read = readDate(raw);
  if ('error' in read) return { error: true };
  return read.value === null ? null : { value: read.value };
}

/** The amount as money in: positive; null when blank, zero or negative (money out). */
function creditOf(raw: unknown): Read | null {
  const read = readAmount(raw);
  if ('error' in read) return { error: true };
  if (read.value === null || read.value.amount.startsWith('-') || /^0(\.0+)?$/.test(read.value.amount))
    return null;
  return { value: read.value.amount };
}

// ——— Spreadsheets ———

const mappingOf = (profile: ProfileForReading) => (profile.mapping ?? {}) as Record<string, string>;

const MONEY_AND_DAY: readonly StatementField[] = ['date', 'amount', 'credit', 'debit'];

function mappedLine(rowNumber: number, cells: Record<string, CellValue>, mapping: Record<string, string>) {
  const cell = (field: StatementField) => (mapping[field] ? cells[mapping[field]] : null);
  // The date and the money are in the fingerprint as read; the other cells as text, whatever is mapped.
  const own = new Set(MONEY_AND_DAY.map((field) => mapping[field]));
  const raw = foldRow(
    Object.entries(cells)
      .filter(([header]) => !own.has(header))
      .map(([, value]) => cellText(value))
      .join('|'),
  );
  const credit = mapping.amount ? creditOf(cell('amount')) : creditOf(cell('credit'));
  if (credit === null) return { kind: 'skip', rowNumber } as const;
  const date = dateOf(cell('date')) ?? { error: true as const };
  return finish(rowNumber, date, credit, {
    description: text(cellText(cell('description')), 500),
    reference: text(cellText(cell('reference')), 200),
    payerName: text(cellText(cell('payerName')), 200),
    payerId: text(cellText(cell('payerId')), 40),
    transactionId: text(cellText(cell('transactionId')), 100),
    raw,
  });
}

/** DATE is an instant with its offset («…T23:30:00.000-04:00»): the agency's day it was, not the text's. */
function releaseDay(raw: CellValue | undefined): Read {
  const value = cellText(raw).trim();
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) {
    const instant = new Date(value);
    if (!Number.isNaN(instant.getTime())) return { value: agencyToday(instant) };
  }
  return dateOf(raw) ?? { error: true };
}

/** Released-money report: only released payments (not fees, reserves, payouts, refunds) are money in. */
function mercadoPagoLine(rowNumber: number, cells: Record<string, CellValue>): ReadLine {
  const c = MERCADOPAGO_COLUMNS;
  const word = (column: string) => cellText(cells[column]).trim().toLowerCase();
  if (word(c.recordType) !== 'release' || word(c.description) !== 'payment')
    return { kind: 'skip', rowNumber };
  const net = creditOf(cells[c.netCredit]);
  if (net === null) return { kind: 'skip', rowNumber };
  // What the debtor paid is the gross amount; Mercado Pago's fee is the agency's cost.
  const gross = creditOf(cells[c.gross]) ?? net;
  return finish(rowNumber, releaseDay(cells[c.date]), gross, {
    description: text(`Mercado Pago ${cellText(cells[c.description])}`, 500),
    reference: text(cellText(cells[c.externalReference]), 200),
    payerName: null,
    payerId: null,
    transactionId: text(cellText(cells[c.sourceId]), 100),
    raw: '',
  });
}

async function* spreadsheetLines(
  path: string,
  kind: ImportKind,
  profile: ProfileForReading,
): AsyncGenerator<ReadLine> {
  const source = await readRows({ path }, kind);
  try {
    if (profile.source === 'MERCADOPAGO') {
      const missing = Object.values(MERCADOPAGO_COLUMNS).filter((column) => !source.headers.includes(column));
      if (missing.length > 0) throw new ImportFileError('NO_HEADERS', MERCADOPAGO_MISSING(missing));
    } else {
      const absent = Object.values(mappingOf(profile)).filter((header) => !source.headers.includes(header));
      if (absent.length > 0)
        throw new ImportFileError(
          'NO_HEADERS',
          `El archivo no tiene las columnas del perfil: ${absent.map((h) => `«${h}»`).join(', ')}.`,
        );
    }
    for await (const row of source)
      yield profile.source === 'MERCADOPAGO'
        ? mercadoPagoLine(row.rowNumber, row.cells)
        : mappedLine(row.rowNumber, row.cells, mappingOf(profile));
  } finally {
    await source.close();
  }
}

// ——— Fixed width ———

/** A field's characters: the file is read byte for byte (latin1), so positions are the layout's bytes. */
function slot(line: string, at: FixedSlot | undefined): string {
  if (!at) return '';
  const bytes = Buffer.from(line.slice(at.start - 1, at.start - 1 + at.length), 'latin1');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).trim();
  } catch {
    return decodeWindows1252(bytes).trim();
  }
}

function fixedDate(raw: string, format: ProfileForReading['dateFormat']): Read {
  const digits = /^\d+$/.test(raw) ? raw : '';
  let iso = '';
  if (format === 'AAAAMMDD' && digits.length === 8)
    iso = `${digits.slice(0, 4)}-${digits.slice(4, 6)}-${digits.slice(6, 8)}`;
  else if (format === 'DDMMAAAA' && digits.length === 8)
    iso = `${digits.slice(4, 8)}-${digits.slice(2, 4)}-${digits.slice(0, 2)}`;
  else if (format === 'DDMMAA' && digits.length === 6)
    iso = `20${digits.slice(4, 6)}-${digits.slice(2, 4)}-${digits.slice(0, 2)}`;
  const read = iso ? readDate(iso) : null;
  return read && 'value' in read && read.value ? { value: read.value } : { error: true };
}

function fixedAmount(raw: string, decimals: number): Read | null {
  if (!/^\d+$/.test(raw)) return { error: true };
  const cents = BigInt(raw) * (decimals === 2 ? 1n : 100n);
  if (cents === 0n) return null;
  const whole = cents / 100n;
  if (whole >= 10n ** 13n) return { error: true };
  return { value: `${whole}.${String(cents % 100n).padStart(2, '0')}` };
}

async function* fixedWidthLines(path: string, profile: ProfileForReading): AsyncGenerator<ReadLine> {
  if ((await stat(path)).size > DEFAULT_READ_LIMITS.maxFileBytes)
    throw FILE_ERRORS.tooLarge(DEFAULT_READ_LIMITS.maxFileBytes);
  const layout = (profile.fixedLayout ?? {}) as FixedLayout;
  const lines = createInterface({
    input: createReadStream(path, { encoding: 'latin1' }),
    crlfDelay: Infinity,
  });
  let rowNumber = 0;
  for await (const line of lines) {
    rowNumber++;
    if (rowNumber > DEFAULT_READ_LIMITS.maxRows) throw FILE_ERRORS.tooManyRows(DEFAULT_READ_LIMITS.maxRows);
    if (line.trim() === '') continue;
    if (profile.recordPrefix && !line.startsWith(profile.recordPrefix)) {
      yield { kind: 'skip', rowNumber };
      continue;
    }
    const amount = fixedAmount(slot(line, layout.amount), profile.impliedDecimals);
    if (amount === null) {
      yield { kind: 'skip', rowNumber };
      continue;
    }
    yield finish(rowNumber, fixedDate(slot(line, layout.date), profile.dateFormat), amount, {
      description: text(slot(line, layout.description), 500),
      reference: text(slot(line, layout.reference), 200),
      payerName: text(slot(line, layout.payerName), 200),
      payerId: text(slot(line, layout.payerId), 40),
      transactionId: text(slot(line, layout.transactionId), 100),
      raw: foldRow(line),
    });
  }
}

/** Every row of the file, in order, as a line, a skip or a rejection. */
export function statementLines(
  path: string,
  kind: StatementKind,
  profile: ProfileForReading,
): AsyncGenerator<ReadLine> {
  if (profile.layout === 'ANCHO_FIJO') return fixedWidthLines(path, profile);
  if (kind === 'txt') return spreadsheetLines(path, 'csv', profile);
  return spreadsheetLines(path, kind, profile);
}
