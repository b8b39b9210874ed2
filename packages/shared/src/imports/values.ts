/**
 * Value readers of the portfolio import (DESIGN.md §10.1, "Values"). Each takes a cell as the row
 * reader gives it (string, number, boolean, Date or null) and answers `{ value }` or `{ error }`,
 * where the error is the Spanish detail shown after the field's name ("Fecha de mora inválida: …").
 * A blank cell reads as `{ value: null }`: whether the field may be empty is validate.ts's call.
 * Money never passes through a float: text is parsed as digits, and a numeric cell (a JS number) is
 * turned into its shortest decimal text first, then rounded to the cent as text.
 */
import { type CURRENCIES, FIXED_DEBT_TYPES, PROVINCES, type Province } from '../enums';
import { isValidCuit, isValidDni, normalizeDni, onlyDigits } from '../ids';
import { fromCents } from '../money';
import { MAX_YEAR, MIN_YEAR } from '../schemas/common';
import { oneLine } from '../text';

/** A cell as the row reader gives it: text (CSV, text cells), number, boolean, Date (date cells) or null. */
export type CellValue = string | number | boolean | Date | null;

export type Read<T> = { value: T } | { error: string };
export type Currency = (typeof CURRENCIES)[number];

const ok = <T>(value: T): Read<T> => ({ value });
const fail = (error: string): { error: string } => ({ error });

/** A cell with nothing in it: null, undefined, or only spaces. */
export function isBlank(raw: unknown): boolean {
  return raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '');
}

/** How a cell reads as text, for messages and text fields: numbers without exponent, dates as dd/mm/aaaa. */
export function cellText(raw: unknown): string {
  if (raw === null || raw === undefined) return '';
  // Control characters and line breaks as spaces, bidi marks dropped (a NUL cannot even be stored
  // in PostgreSQL's text, and a line break in a name would forge a line in a letter: text.ts).
  if (typeof raw === 'string') return oneLine(raw);
  if (typeof raw === 'number') return numberText(raw) ?? String(raw);
  if (raw instanceof Date) {
    const date = dateOf(raw);
    return date ? `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}` : '';
  }
  return String(raw);
}

/** A number's shortest decimal text without exponent ("1234.56", "0.1"), or null when it has none. */
function numberText(n: number): string | null {
  if (!Number.isFinite(n)) return null;
  const text = String(n);
  if (!/e/i.test(text)) return text;
  // Exponent form: below 1e-6 (nothing left at two decimals) or at least 1e21 (no amount is that big).
  return Math.abs(n) < 1 ? n.toFixed(2) : null;
}

// ---------------------------------------------------------------------------------------------------
// Amounts

/** The largest whole part money has (NUMERIC and shared/money.ts: 13 digits). */
const MAX_WHOLE_DIGITS = 13;

export interface AmountOptions {
  /** Refuse zero and negative amounts (the original amount of a debt). */
  positive?: boolean;
}

/** An amount and, when its text named one ("U$S 100", "$ 100"), the currency it was written in. */
export interface Amount {
  amount: string;
  currency: Currency | null;
}

const USD_MARK = /u\s*\$\s*[sd]|us\s*\$|usd|d[oó]lar(es)?/i;
const ARS_MARK = /\$|ars|pesos?/i;

/** Rounds a plain decimal text ("-1234.567") half away from zero to the cent: "-1234.57". */
function roundDecimalText(text: string): string {
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  let cents = BigInt(whole) * 100n + BigInt(fraction.slice(0, 2).padEnd(2, '0'));
  if (Number(fraction[2] ?? '0') >= 5) cents += 1n;
  return fromCents(negative ? -cents : cents);
}

/**
 * The digits of an amount written as text, read the Argentine way when it is ambiguous:
 * "1.234,56" and "1,234.56" (the last separator is the decimal one, the other groups thousands by
 * three), "1234,56" and "1234.56" (a lone separator followed by one or two digits is decimal),
 * "1.234" and "1.234.567" (a dot followed by groups of three is thousands). "1,234" is 1,234 pesos
 * with three decimals, refused rather than guessed. Answers a plain decimal text or an error.
 */
function decimalFromText(core: string): { decimal: string } | { error: string } {
  if (!/^\d[\d.,]*$/.test(core) || /[.,]$/.test(core)) return { error: 'no es un número' };
  const lastDot = core.lastIndexOf('.');
  const lastComma = core.lastIndexOf(',');
  let whole: string;
  let fraction = '';
  if (lastDot >= 0 && lastComma >= 0) {
    const decimalAt = Math.max(lastDot, lastComma);
    const thousands = decimalAt === lastDot ? ',' : '.';
    whole = core.slice(0, decimalAt);
    fraction = core.slice(decimalAt + 1);
    if (/[.,]/.test(fraction) || !groupedBy(whole, thousands)) return { error: 'no es un número' };
    whole = whole.split(thousands).join('');
  } else if (lastDot >= 0 || lastComma >= 0) {
    const separator = lastDot >= 0 ? '.' : ',';
    const parts = core.split(separator);
    const thousandsLike = parts.length > 2 || (separator === '.' && parts[1]?.length === 3);
    if (thousandsLike && groupedBy(core, separator)) {
      whole = parts.join('');
    } else if (parts.length === 2) {
      whole = parts[0] as string;
      fraction = parts[1] as string;
    } else {
      return { error: 'no es un número' };
    }
  } else {
    whole = core;
  }
  if (fraction.length > 2) return { error: 'tiene más de dos decimales' };
  whole = whole.replace(/^0+(?=\d)/, '');
  if (whole.length > MAX_WHOLE_DIGITS) return { error: 'es demasiado grande' };
  return { decimal: fraction ? `${whole}.${fraction}` : whole };
}

/** "1.234.567" grouped by "." in threes, the first group 1–3 digits without a leading zero. */
function groupedBy(text: string, separator: string): boolean {
  const groups = text.split(separator);
  return /^[1-9]\d{0,2}$/.test(groups[0] ?? '') && groups.slice(1).every((group) => /^\d{3}$/.test(group));
}

/**
 * An amount: numeric cells, "1234.56", "1.234,56", "$ 1.234,56", "1234,5", "U$S 1.500", "-1.234,56",
 * "(1.234,56)" (accounting negative). Answers "1234.56": two decimals, never a float. Text with more
 * than two decimals is refused; a numeric cell is rounded half away from zero to the cent (Excel keeps
 * binary fractions: 0.1 + 0.2 is 0.30000000000000004).
 */
export function readAmount(raw: unknown, options: AmountOptions = {}): Read<Amount | null> {
  if (isBlank(raw)) return ok(null);
  let decimal: string;
  let currency: Currency | null = null;
  const shown = cellText(raw);
  if (typeof raw === 'number') {
    if (!Number.isFinite(raw)) return fail(shown);
    const text = numberText(raw);
    if (text === null || Math.abs(raw) >= 10 ** MAX_WHOLE_DIGITS)
      return fail(`${shown} (es demasiado grande)`);
    decimal = roundDecimalText(text);
    // The check: the rounded text is within half a cent of the number Excel stored.
    if (Math.abs(Number(decimal) - raw) > 0.005000001) return fail(shown);
  } else if (typeof raw === 'string') {
    let text = raw.replace(/[\s\u00a0\u202f]+/g, ' ').trim();
    let negative = false;
    if (/^\(.*\)$/.test(text)) {
      negative = true;
      text = text.slice(1, -1).trim();
    }
    if (USD_MARK.test(text)) currency = 'USD';
    else if (ARS_MARK.test(text)) currency = 'ARS';
    text = text.replace(USD_MARK, '').replace(ARS_MARK, '').replace(/\s+/g, '');
    if (text.startsWith('-') || text.startsWith('−')) {
      negative = !negative;
      text = text.slice(1);
    } else if (text.endsWith('-')) {
      negative = !negative;
      text = text.slice(0, -1);
    } else if (text.startsWith('+')) {
      text = text.slice(1);
    }
    const parsed = decimalFromText(text);
    if ('error' in parsed)
      return fail(parsed.error === 'no es un número' ? shown : `${shown} (${parsed.error})`);
    decimal = roundDecimalText(negative ? `-${parsed.decimal}` : parsed.decimal);
  } else {
    return fail(raw instanceof Date ? `${shown} (es una fecha)` : shown);
  }
  if (decimal === '-0.00') decimal = '0.00';
  // After rounding: 9 999 999 999 999,996 becomes 10 000 000 000 000,00, one digit too many for NUMERIC(15,2).
  if ((decimal.replace('-', '').split('.')[0] ?? '').length > MAX_WHOLE_DIGITS)
    return fail(`${shown} (es demasiado grande)`);
  if (options.positive && (decimal.startsWith('-') || decimal === '0.00'))
    return fail(`${shown} (debe ser mayor que cero)`);
  return ok({ amount: decimal, currency });
}

/**
 * A percentage with up to two decimals between 0 and 100: "12,5", "12.5 %", "45%", 45. A cell Excel
 * formats as a percentage arrives from the row reader as text "45%" (its value is 0.45).
 */
export function readRate(raw: unknown): Read<string | null> {
  if (isBlank(raw)) return ok(null);
  const shown = cellText(raw);
  const text = typeof raw === 'string' ? raw.replace(/%/g, '').trim() : raw;
  const read = readAmount(text);
  if ('error' in read || read.value === null || read.value.currency !== null) return fail(shown);
  const rate = read.value.amount;
  if (rate.startsWith('-') || Number(rate) > 100)
    return fail(`${shown} (debe ser un porcentaje entre 0 y 100)`);
  return ok(rate);
}

// ---------------------------------------------------------------------------------------------------
// Dates

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const daysInMonth = (year: number, month: number) =>
  month === 2 && isLeap(year) ? 29 : (MONTH_DAYS[month - 1] as number);

function validDate(y: number, m: number, d: number): string | null {
  if (m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return null;
  return `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
}

/** The calendar day of a Date from a cell (ExcelJS reads date cells as UTC midnight). */
function dateOf(date: Date): string | null {
  if (Number.isNaN(date.getTime())) return null;
  return validDate(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

/**
 * An Excel serial day as a date: 1 is 1900-01-01 and 60 is Excel's 29/02/1900, a day that never
 * existed (Lotus's leap-year bug), so from 61 on the days count from 1899-12-30. 45292 → 2024-01-01.
 * The fraction (the time of day) is dropped.
 */
export function excelSerialDate(serial: number): string | null {
  const day = Math.floor(serial);
  if (!Number.isFinite(serial) || day < 1 || day === 60) return null;
  const epoch = Date.UTC(1899, 11, day < 60 ? 31 : 30);
  return dateOf(new Date(epoch + day * 86_400_000));
}

/** A two-digit year as Excel reads it: 00–29 → 2000–2029, 30–99 → 1930–1999. */
const fullYear = (yy: number) => (yy < 30 ? 2000 + yy : 1900 + yy);

function inYears(date: string): boolean {
  const year = Number(date.slice(0, 4));
  return year >= MIN_YEAR && year <= MAX_YEAR;
}

/**
 * A date: date cells, Excel serials (45292 → 2024-01-01, also as text), "dd/mm/aaaa" and "d/m/aa"
 * (also with - or .), "aaaa-mm-dd" (also with /, and a time after it, which is dropped) and
 * "aaaammdd". Answers "AAAA-MM-DD". Days that do not exist (31/02/2024) are refused, and so are
 * years outside 1900–2199 (a typo). Day first always: "12/31/2024" is refused with a hint.
 */
export function readDate(raw: unknown): Read<string | null> {
  if (isBlank(raw)) return ok(null);
  const shown = cellText(raw);
  let date: string | null = null;
  if (raw instanceof Date) {
    date = dateOf(raw);
  } else if (typeof raw === 'number') {
    date = numericDate(raw);
  } else if (typeof raw === 'string') {
    const text = raw.trim();
    const iso = ISO_DATE.exec(text);
    const dmy = iso ? null : DMY_DATE.exec(text);
    if (iso) {
      date = validDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
    } else if (dmy) {
      const [d, m, y] = [Number(dmy[1]), Number(dmy[2]), dmy[3] as string];
      const year = y.length === 2 ? fullYear(Number(y)) : Number(y);
      date = validDate(year, m, d);
      if (date === null && validDate(year, d, m) !== null) return fail(`${shown} (use dd/mm/aaaa)`);
    } else if (/^\d{1,8}(\.\d+)?$/.test(text)) {
      date = numericDate(Number(text));
    }
  }
  if (date === null) return fail(shown);
  if (!inYears(date)) return fail(`${shown} (el año debe estar entre ${MIN_YEAR} y ${MAX_YEAR})`);
  return ok(date);
}

/** aaaa-mm-dd (also / or .), optionally followed by a time, which is dropped. */
const ISO_DATE =
  /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
/** dd/mm/aaaa or d/m/aa (also - or .), optionally followed by a time. */
const DMY_DATE = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})(?: \d{1,2}:\d{2}(?::\d{2})?)?$/;

/** A number as a date: an Excel serial, or eight digits aaaammdd (20240105). */
function numericDate(n: number): string | null {
  if (Number.isInteger(n) && n >= 10_000_000 && n <= 99_999_999)
    return validDate(Math.floor(n / 10_000), Math.floor(n / 100) % 100, n % 100);
  return excelSerialDate(n);
}

// ---------------------------------------------------------------------------------------------------
// Identity

/** Digits of an id cell: numeric cells as integers, text with dots, spaces or dashes. */
function idDigits(raw: unknown): string | null {
  if (typeof raw === 'number') return Number.isSafeInteger(raw) && raw > 0 ? String(raw) : null;
  if (typeof raw !== 'string') return null;
  const text = raw.trim();
  if (!/^[\d.\-\s/]+$/.test(text)) return null;
  return onlyDigits(text);
}

export interface DniRead {
  dni: string;
  /** When the DNI column held a whole CUIT/CUIL (11 digits, valid): that CUIT. */
  cuit: string | null;
}

/**
 * A DNI with or without dots or spaces ("12.345.678", "12 345 678", 12345678) → "12345678" (the stored
 * form: digits, no leading zeros, 7 or 8). A CUIT/CUIL in the DNI column is accepted when its check
 * digit is right and it belongs to a person (20, 23, 24, 27): its middle eight digits are the DNI.
 */
export function readDni(raw: unknown): Read<DniRead | null> {
  if (isBlank(raw)) return ok(null);
  const shown = cellText(raw);
  const digits = idDigits(raw);
  if (digits === null) return fail(shown);
  if (digits.length === 11) {
    if (!isValidCuit(digits)) return fail('el dígito verificador del CUIT no coincide');
    const dni = dniOfCuit(digits);
    return dni ? ok({ dni, cuit: digits }) : fail(`${shown} (es el CUIT de una persona jurídica, no un DNI)`);
  }
  const dni = normalizeDni(digits);
  if (!isValidDni(dni)) return fail(`${shown} (debe tener 7 u 8 dígitos)`);
  return ok({ dni, cuit: null });
}

/** The DNI inside a person's CUIT/CUIL (prefixes 20, 23, 24, 27), or null for a company's. */
export function dniOfCuit(cuit: string): string | null {
  if (!/^(20|23|24|27)\d{9}$/.test(cuit)) return null;
  const dni = normalizeDni(cuit.slice(2, 10));
  return isValidDni(dni) ? dni : null;
}

/** A CUIT/CUIL with or without dashes ("20-12345678-6", 20123456786) → "20123456786", check digit verified. */
export function readCuit(raw: unknown): Read<string | null> {
  if (isBlank(raw)) return ok(null);
  const shown = cellText(raw);
  const digits = idDigits(raw);
  if (digits === null || digits.length !== 11) return fail(`${shown} (debe tener 11 dígitos)`);
  if (!isValidCuit(digits)) return fail(`${shown} (el dígito verificador no coincide)`);
  return ok(digits);
}

// ---------------------------------------------------------------------------------------------------
// Names

export interface PersonName {
  lastName: string;
  firstName: string | null;
}

/** Words that begin a compound surname: "DE LA FUENTE", "DEL VALLE", "DI MARÍA", "VAN DER BERG". */
const SURNAME_PARTICLES = new Set([
  'de',
  'del',
  'la',
  'las',
  'los',
  'di',
  'da',
  'do',
  'dos',
  'van',
  'von',
  'der',
  'mc',
  'mac',
  'san',
]);

const isUpperWord = (word: string) =>
  /\p{L}/u.test(word) && word === word.toLocaleUpperCase('es') && word !== word.toLocaleLowerCase('es');

/**
 * A full name split into last and first names (§10.1: "APELLIDO, Nombres" or "APELLIDO Nombres").
 * With a comma: before it the last name, after it the first names. Without one:
 * - when the name starts with words in capitals followed by words that are not ("PÉREZ GÓMEZ Juan
 *   Carlos"), the capitalised words are the last name — the form §10.1 shows;
 * - otherwise (all capitals, or no capitals) the first word is the last name, together with the words
 *   a compound surname starts with ("DE LA FUENTE JUAN" → "DE LA FUENTE", "JUAN"). A second surname
 *   cannot be told from a first name then ("PEREZ GOMEZ JUAN" → "PEREZ", "GOMEZ JUAN"): files that
 *   have two surnames should use a comma or separate columns.
 * One word is a last name alone. Spelling and case are kept as written.
 */
export function splitFullName(text: string): PersonName | null {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (!clean) return null;
  const comma = clean.indexOf(',');
  if (comma >= 0) {
    const lastName = clean.slice(0, comma).trim();
    const firstName = clean
      .slice(comma + 1)
      .replace(/,/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    if (!lastName) return firstName ? { lastName: firstName, firstName: null } : null;
    return { lastName, firstName: firstName || null };
  }
  const words = clean.split(' ');
  if (words.length === 1) return { lastName: clean, firstName: null };
  const upperRun = words.findIndex((w) => !isUpperWord(w));
  let cut: number;
  if (upperRun > 0) {
    cut = upperRun;
  } else {
    cut = 1;
    while (cut < words.length - 1 && SURNAME_PARTICLES.has((words[cut - 1] as string).toLowerCase())) cut++;
  }
  return { lastName: words.slice(0, cut).join(' '), firstName: words.slice(cut).join(' ') || null };
}

// ---------------------------------------------------------------------------------------------------
// Catalog values

/** Lower case, no accents, letters and digits only: "Córdoba " → "cordoba", "U$S" → "us". */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

const PROVINCE_ALIASES: Record<string, Province> = {
  caba: 'Ciudad Autónoma de Buenos Aires',
  capital: 'Ciudad Autónoma de Buenos Aires',
  capitalfederal: 'Ciudad Autónoma de Buenos Aires',
  cf: 'Ciudad Autónoma de Buenos Aires',
  cdadbuenosaires: 'Ciudad Autónoma de Buenos Aires',
  ciudadbuenosaires: 'Ciudad Autónoma de Buenos Aires',
  ciudadautonoma: 'Ciudad Autónoma de Buenos Aires',
  ciudadautonomabuenosaires: 'Ciudad Autónoma de Buenos Aires',
  cabsas: 'Ciudad Autónoma de Buenos Aires',
  bsas: 'Buenos Aires',
  ba: 'Buenos Aires',
  pba: 'Buenos Aires',
  gba: 'Buenos Aires',
  granbuenosaires: 'Buenos Aires',
  tierradelfuegoantartidaeislasdelatlanticosur: 'Tierra del Fuego',
  tdf: 'Tierra del Fuego',
  santiago: 'Santiago del Estero',
  sgodelestero: 'Santiago del Estero',
  stgodelestero: 'Santiago del Estero',
};
const PROVINCE_BY_FOLD = new Map<string, Province>([
  ...PROVINCES.map((p) => [foldText(p), p] as const),
  ...Object.entries(PROVINCE_ALIASES),
]);

/**
 * A province of PROVINCES, ignoring case, accents and spacing, with or without "Provincia de" /
 * "Pcia. de" in front: "cordoba" → "Córdoba"; "CABA", "Capital Federal", "Ciudad de Buenos Aires" →
 * "Ciudad Autónoma de Buenos Aires"; "Bs. As.", "Pcia. de Buenos Aires" → "Buenos Aires".
 */
export function readProvince(raw: unknown): Read<Province | null> {
  if (isBlank(raw)) return ok(null);
  const shown = cellText(raw);
  const folded = foldText(shown);
  const bare = folded.replace(/^(provincia|pcia|prov)(de|del)?/, '');
  const withoutDe = (text: string) => text.replace(/(?<=^ciudad|^cdad|^ciudadautonoma)de/, '');
  const province =
    PROVINCE_BY_FOLD.get(folded) ?? PROVINCE_BY_FOLD.get(bare) ?? PROVINCE_BY_FOLD.get(withoutDe(folded));
  return province ? ok(province) : fail(`${shown} (no es una provincia argentina)`);
}

const USD_WORDS = new Set([
  'usd',
  'us',
  'uss',
  'usdolar',
  'usdolares',
  'dolar',
  'dolares',
  'dls',
  'u',
  'ud',
  'uds',
]);
const ARS_WORDS = new Set(['ars', '', 'ar', 'peso', 'pesos', 'pesosargentinos', 'arg']);

/** ARS or USD: "ARS", "$", "pesos"; "USD", "U$S", "US$", "u$d", "dólares". Blank → null (the caller's default). */
export function readCurrency(raw: unknown): Read<Currency | null> {
  if (isBlank(raw)) return ok(null);
  const shown = cellText(raw);
  const folded = foldText(shown);
  if (USD_WORDS.has(folded) && folded !== '') return ok('USD');
  if (ARS_WORDS.has(folded) && /[$a-z]/i.test(shown)) return ok('ARS');
  return fail(`${shown} (use ARS o USD)`);
}

/** The stage: 1, 2, 3 or its name ("Preventiva", "extrajudicial", "JUDICIAL"). Blank → null (default 1). */
export function readDebtType(raw: unknown): Read<1 | 2 | 3 | null> {
  if (isBlank(raw)) return ok(null);
  const shown = cellText(raw);
  const folded = foldText(shown);
  const byId = FIXED_DEBT_TYPES.find((t) => String(t.id) === folded);
  const byName = FIXED_DEBT_TYPES.find((t) => foldText(t.name) === folded);
  const type = byId ?? byName;
  if (type) return ok(type.id);
  return fail(`${shown} (use 1, 2, 3 o ${FIXED_DEBT_TYPES.map((t) => t.name).join(', ')})`);
}

/**
 * Free text: trimmed, inner runs of spaces made one; numbers as typed (an account number 123456 →
 * "123456"). An integer beyond 15 digits is refused: Excel has already rounded it.
 */
export function readText(raw: unknown, max: number): Read<string | null> {
  if (isBlank(raw)) return ok(null);
  if (typeof raw === 'number' && Number.isInteger(raw) && Math.abs(raw) >= 1e15)
    return fail(
      `${cellText(raw)} (Excel redondea los números de más de 15 dígitos: dé formato de texto a la columna)`,
    );
  const text = cellText(raw);
  if (text.length > max) return fail(`tiene ${text.length} caracteres (máximo ${max})`);
  return ok(text);
}
