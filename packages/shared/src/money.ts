/**
 * Money is a decimal string with two decimals ("1500.00") on the wire and NUMERIC in the database.
 * Arithmetic here is on integer cents as BigInt: no JS float ever holds an amount.
 */

const MONEY_PATTERN = /^-?\d{1,13}(\.\d{1,2})?$/;

/** True for "1500", "1500.5", "-3.25"; false for "1.500,50", "1e3", "" or three decimals. */
export function isMoney(value: string): boolean {
  return MONEY_PATTERN.test(value);
}

export function toCents(value: string): bigint {
  if (!isMoney(value)) throw new RangeError(`Importe inválido: ${value}`);
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = value.replace('-', '').split('.');
  const cents = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  return negative ? -cents : cents;
}

export function fromCents(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const fraction = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${abs / 100n}.${fraction}`;
}

/** "1500" → "1500.00". */
export function normalizeMoney(value: string): string {
  return fromCents(toCents(value));
}

export function addMoney(...values: string[]): string {
  return fromCents(values.reduce((sum, v) => sum + toCents(v), 0n));
}

export function subtractMoney(from: string, ...values: string[]): string {
  return fromCents(values.reduce((rest, v) => rest - toCents(v), toCents(from)));
}

export function compareMoney(a: string, b: string): -1 | 0 | 1 {
  const d = toCents(a) - toCents(b);
  return d < 0n ? -1 : d > 0n ? 1 : 0;
}

/**
 * Splits `total` into `parts` amounts that add up exactly to the cent; the leftover cents go one each
 * to the first installments (10.00 in 3 → 3.34, 3.33, 3.33).
 */
export function splitMoney(total: string, parts: number): string[] {
  if (!Number.isInteger(parts) || parts < 1)
    throw new RangeError('La cantidad de cuotas debe ser al menos 1.');
  const cents = toCents(total);
  const n = BigInt(parts);
  const base = cents / n;
  const leftover = cents - base * n;
  return Array.from({ length: parts }, (_, i) => fromCents(base + (BigInt(i) < leftover ? 1n : 0n)));
}

const FORMATS = {
  ARS: new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS' }),
  USD: new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'USD' }),
};

/**
 * es-AR money, "$ 1.234,56" (dollars "US$ 1.234,56"), from the decimal string itself (Intl formats
 * strings exactly). Plain spaces: the text reads and compares the same everywhere.
 */
export function formatMoney(value: string | null | undefined, currency: 'ARS' | 'USD' = 'ARS'): string {
  if (value === null || value === undefined || value === '') return '';
  // Intl accepts decimal strings at full precision; the typings only admit number | bigint.
  return FORMATS[currency].format(value as unknown as number).replace(/\u00a0/g, ' ');
}

/**
 * Simple interest on `amount` at `annualRate` percent for `days` days (365-day year), rounded half-up
 * to the cent: amount × rate/100 × days/365. The rate takes up to two decimals ("12.5", "45.75").
 * All in BigInt: cents × hundredths-of-a-percent × days over 100 × 100 × 365.
 */
export function simpleInterest(amount: string, annualRate: string, days: number): string {
  if (!Number.isInteger(days) || days < 0) throw new RangeError('Los días deben ser un entero no negativo.');
  const cents = toCents(amount);
  const rate = toCents(annualRate);
  if (cents < 0n || rate < 0n) throw new RangeError('El importe y la tasa no pueden ser negativos.');
  return fromCents(interestCents(cents, rate, days));
}

/**
 * simpleInterest on cents and a rate in hundredths of a percent (both ≥ 0), in cents: what a loop of
 * many segments calls, without parsing a string each time.
 */
export function interestCents(cents: bigint, rateHundredths: bigint, days: number): bigint {
  const numerator = cents * rateHundredths * BigInt(days);
  const denominator = 100n * 100n * 365n;
  // Half-up for non-negative values: floor((2n + d) / 2d).
  return (numerator * 2n + denominator) / (denominator * 2n);
}
