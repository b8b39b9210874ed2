import { toCents } from './money';

/**
 * An amount in Spanish words, as receipts and letters print it (DESIGN.md §10.5):
 * "pesos mil doscientos treinta y cuatro con 56/100". Dollars: "dólares estadounidenses …".
 *
 * The grammar: "cien" alone and "ciento" before more; "uno" shortens to "un" before "mil",
 * "millón" and "millones" ("veintiún mil", "treinta y un millones", "ciento un mil"); a thousand is
 * "mil", never "un mil" (but "un millón"); 10⁹ is "mil millones" and 10¹² "un billón". After the currency the number
 * stands alone, so it ends in "uno": "pesos veintiuno con 00/100".
 */

const SMALL = [
  'cero',
  'uno',
  'dos',
  'tres',
  'cuatro',
  'cinco',
  'seis',
  'siete',
  'ocho',
  'nueve',
  'diez',
  'once',
  'doce',
  'trece',
  'catorce',
  'quince',
  'dieciséis',
  'diecisiete',
  'dieciocho',
  'diecinueve',
  'veinte',
  'veintiuno',
  'veintidós',
  'veintitrés',
  'veinticuatro',
  'veinticinco',
  'veintiséis',
  'veintisiete',
  'veintiocho',
  'veintinueve',
] as const;
const TENS = ['', '', '', 'treinta', 'cuarenta', 'cincuenta', 'sesenta', 'setenta', 'ochenta', 'noventa'];
const HUNDREDS = [
  '',
  'ciento',
  'doscientos',
  'trescientos',
  'cuatrocientos',
  'quinientos',
  'seiscientos',
  'setecientos',
  'ochocientos',
  'novecientos',
];

/**
 * The largest amount in words: the largest amount the database holds (13 whole digits),
 * 9.999.999.999.999,99 ("nueve billones …": a Spanish billón is 10¹²).
 */
export const AMOUNT_IN_WORDS_MAX = '9999999999999.99';

const CURRENCY_WORDS = { ARS: 'pesos', USD: 'dólares estadounidenses' } as const;

/** 1..99; `short`: a final "uno" becomes "un" (a noun follows). */
function belowHundred(n: number, short: boolean): string {
  if (n < 30) {
    if (!short) return SMALL[n] as string;
    return n === 1 ? 'un' : n === 21 ? 'veintiún' : (SMALL[n] as string);
  }
  const units = n % 10;
  const tens = TENS[Math.floor(n / 10)] as string;
  if (units === 0) return tens;
  return `${tens} y ${units === 1 && short ? 'un' : SMALL[units]}`;
}

/** 1..999. */
function belowThousand(n: number, short: boolean): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds === 0) return belowHundred(rest, short);
  if (rest === 0) return hundreds === 1 ? 'cien' : (HUNDREDS[hundreds] as string);
  return `${HUNDREDS[hundreds]} ${belowHundred(rest, short)}`;
}

/** 1..999 999. */
function belowMillion(n: number, short: boolean): string {
  const thousands = Math.floor(n / 1000);
  const rest = n % 1000;
  const words: string[] = [];
  if (thousands === 1) words.push('mil');
  else if (thousands > 1) words.push(`${belowThousand(thousands, true)} mil`);
  if (rest > 0) words.push(belowThousand(rest, short));
  return words.join(' ');
}

/** 0..9 999 999 999 999 in words, ending in "uno" (not "un"). */
export function integerInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0 || n > 9_999_999_999_999)
    throw new RangeError(`Número fuera de rango: ${n}`);
  if (n === 0) return 'cero';
  const billions = Math.floor(n / 1_000_000_000_000);
  const millions = Math.floor(n / 1_000_000) % 1_000_000;
  const rest = n % 1_000_000;
  const words: string[] = [];
  if (billions === 1) words.push('un billón');
  else if (billions > 1) words.push(`${belowHundred(billions, true)} billones`);
  if (millions === 1) words.push('un millón');
  else if (millions > 1) words.push(`${belowMillion(millions, true)} millones`);
  if (rest > 0) words.push(belowMillion(rest, false));
  return words.join(' ');
}

/**
 * `value` is a decimal string ("1234.56", "1234.5", "1234"); from 0 to AMOUNT_IN_WORDS_MAX.
 * Throws RangeError outside it (a negative amount is never printed in words).
 */
export function amountInWords(value: string, currency: 'ARS' | 'USD' = 'ARS'): string {
  const cents = toCents(value);
  if (cents < 0n || cents > toCents(AMOUNT_IN_WORDS_MAX))
    throw new RangeError(`Importe fuera de rango para escribir en letras: ${value}`);
  const whole = Number(cents / 100n);
  const fraction = (cents % 100n).toString().padStart(2, '0');
  return `${CURRENCY_WORDS[currency]} ${integerInWords(whole)} con ${fraction}/100`;
}
