/**
 * es-AR formats for the portal, on the API's own strings: money is a decimal string ("1234.56") and is
 * never turned into a JS float; a day is "YYYY-MM-DD"; an instant is ISO 8601. The back office uses
 * @cobranzas/shared's formatMoney, whose index pulls zod in: this page keeps its own few lines.
 */

export type Currency = 'ARS' | 'USD';

/** The agency's zone: Argentina, UTC−3 all year (no daylight saving). */
export const AGENCY_OFFSET = '-03:00';
const AGENCY_ZONE = 'America/Argentina/Buenos_Aires';

const thousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');

/** "1234.5" → «$ 1.234,50»; dollars «US$ 1.234,50» (as formatMoney in @cobranzas/shared). */
export function money(value: string, currency: Currency = 'ARS'): string {
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = value.replace('-', '').split('.');
  const units = thousands(whole.replace(/^0+(?=\d)/, '') || '0');
  return `${negative ? '-' : ''}${currency === 'USD' ? 'US$' : '$'} ${units},${fraction.padEnd(2, '0').slice(0, 2)}`;
}

/** "1234.5" → "1234,50": how a bank's form takes an amount (no thousands separator). */
export const plainAmount = (value: string) => {
  const [whole = '0', fraction = ''] = value.split('.');
  return `${whole},${fraction.padEnd(2, '0').slice(0, 2)}`;
};

/**
 * What a debtor typed as an amount, as the API takes it ("1234.56"), or null. Accepts «1234,56»,
 * «1234.56», «1.234,56», «$ 1.234» and «1234»; a dot followed by exactly three digits groups thousands
 * (es-AR), one or two digits after a dot are decimals.
 */
export function parseAmount(typed: string): string | null {
  const text = typed.replace(/\s|\$|US/gi, '');
  let whole: string;
  let fraction = '';
  const comma = text.indexOf(',');
  if (comma >= 0) {
    if (text.indexOf(',', comma + 1) >= 0) return null;
    whole = text.slice(0, comma);
    fraction = text.slice(comma + 1);
    if (whole.includes('.')) {
      if (!/^\d{1,3}(\.\d{3})+$/.test(whole)) return null;
      whole = whole.replaceAll('.', '');
    }
  } else if (/^\d+\.\d{1,2}$/.test(text)) {
    [whole = '', fraction = ''] = text.split('.');
  } else if (/^\d{1,3}(\.\d{3})+$/.test(text)) {
    whole = text.replaceAll('.', '');
  } else {
    whole = text;
  }
  if (!/^\d{1,13}$/.test(whole) || !/^\d{0,2}$/.test(fraction)) return null;
  return `${whole.replace(/^0+(?=\d)/, '')}.${fraction.padEnd(2, '0')}`;
}

/** An amount as integer cents (BigInt): for comparing, never for showing. */
export const cents = (value: string): bigint => {
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = value.replace('-', '').split('.');
  const result = BigInt(whole || '0') * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
  return negative ? -result : result;
};

/** "2026-05-09" → «09/05/2026». */
export const day = (date: string) => {
  const [year, month, dayOfMonth] = date.slice(0, 10).split('-');
  return `${dayOfMonth}/${month}/${year}`;
};

const DAY_TIME = new Intl.DateTimeFormat('es-AR', {
  timeZone: AGENCY_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An instant at the agency: «30/11/2026 10:30». */
export const dayTime = (instant: string) => DAY_TIME.format(new Date(instant)).replace(',', '');

/** Today at the agency, "YYYY-MM-DD" (plus `days`). */
export const agencyToday = (days = 0) =>
  new Date(Date.now() - 3 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

/** A day and a time typed at the agency, as the instant the API takes: `…T10:30:00-03:00`. */
export const agencyInstant = (date: string, time: string) => `${date}T${time}:00${AGENCY_OFFSET}`;

/**
 * What part is of whole, in percent, exact (BigInt cents), rounded half up to the hundredth and
 * without trailing zeros: ("30000.00", "150000.00") → «20 %», ("1.00", "3.00") → «33,33 %». As the
 * offer's terms count it (percentOf in @cobranzas/shared); nothing when whole is not above zero.
 */
export function percentText(part: string, whole: string): string {
  const w = cents(whole);
  if (w <= 0n) return '';
  const p = cents(part);
  const n = (p < 0n ? -p : p) * 10_000n;
  const hundredths = (n * 2n + w) / (2n * w);
  const units = (hundredths / 100n).toString();
  const fraction = (hundredths % 100n).toString().padStart(2, '0').replace(/0+$/, '');
  return `${p < 0n ? '-' : ''}${units}${fraction ? `,${fraction}` : ''} %`;
}
