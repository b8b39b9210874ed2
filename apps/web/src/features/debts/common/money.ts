/**
 * Money typed the es-AR way ("1.234,56") ↔ the API's decimal strings ("1234.56"). Only string
 * work: an amount never passes through a JS float.
 */
import { isMoney } from '@cobranzas/shared';

const GROUPED = /^\d{1,3}(\.\d{3})+$/;

/** "1.234,56", "1234,5", "$ 1.234" or "12.50" → "1234.56", "1234.50", "1234.00", "12.50"; else null. */
export function parseMoneyInput(text: string): string | null {
  const s = text.replace(/[\s$\u00a0]/g, '');
  if (s === '' || s.startsWith('-')) return null;
  let whole: string;
  let fraction = '';
  if (s.includes(',')) {
    const parts = s.split(',');
    if (parts.length !== 2) return null;
    whole = parts[0] ?? '';
    fraction = parts[1] ?? '';
    // With a decimal comma, dots can only be thousands separators in groups of three.
    if (whole.includes('.') && !GROUPED.test(whole)) return null;
  } else if (GROUPED.test(s)) {
    whole = s;
  } else if (/^\d*\.\d{1,2}$/.test(s)) {
    // "12.5": a decimal point typed on purpose (three digits after a dot would be thousands).
    [whole = '', fraction = ''] = s.split('.');
  } else if (!s.includes('.')) {
    whole = s;
  } else {
    return null;
  }
  whole = whole.replace(/\./g, '');
  if (whole === '' && fraction !== '') whole = '0';
  if (!/^\d+$/.test(whole) || !/^\d{0,2}$/.test(fraction)) return null;
  const value = `${whole.replace(/^0+(?=\d)/, '')}.${fraction.padEnd(2, '0')}`;
  return isMoney(value) ? value : null;
}

const PLAIN = new Intl.NumberFormat('es-AR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "1234.5" → "1.234,50", the way the field shows an amount (Intl formats decimal strings exactly). */
export function formatMoneyInput(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '' || !isMoney(value)) return value ?? '';
  return PLAIN.format(value as unknown as number);
}
