import {
  PORTAL_DOCUMENT_MAX_BYTES,
  PORTAL_MESSAGES,
  percentOf,
  percentText as sharedPercent,
} from '@cobranzas/shared';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_MAX_BYTES, documentProblem, fileSize } from '../pagar/src/files';
import {
  agencyInstant,
  agencyToday,
  cents,
  day,
  dayTime,
  money,
  parseAmount,
  percentText,
  plainAmount,
} from '../pagar/src/format';

/** The portal's own es-AR formats (/pagar cannot import @cobranzas/shared's: its index pulls zod). */
describe('pagar formats', () => {
  it('formats money from the decimal string, as formatMoney does', () => {
    expect(money('1234.56')).toBe('$ 1.234,56');
    expect(money('1234.5')).toBe('$ 1.234,50');
    expect(money('0.07')).toBe('$ 0,07');
    expect(money('150000.00')).toBe('$ 150.000,00');
    expect(money('1234567890123.45')).toBe('$ 1.234.567.890.123,45');
    expect(money('2500.50', 'USD')).toBe('US$ 2.500,50');
    expect(money('-10.00')).toBe('-$ 10,00');
    expect(plainAmount('1234.5')).toBe('1234,50');
  });

  it.each([
    ['1234,56', '1234.56'],
    ['1234.56', '1234.56'],
    ['1.234,56', '1234.56'],
    ['$ 1.234', '1234.00'],
    ['1234', '1234.00'],
    ['1234,5', '1234.50'],
    [' 007 ', '7.00'],
    ['9999999999999,99', '9999999999999.99'],
  ])('reads «%s» as %s', (typed, sent) => {
    expect(parseAmount(typed)).toBe(sent);
  });

  it.each(['', 'abc', '1,2,3', '12.34.5', '1234,567', '1e3', '-5', '12.3456', '99999999999999'])(
    'refuses «%s»',
    (typed) => {
      expect(parseAmount(typed)).toBeNull();
    },
  );

  it('compares in integer cents, never floats', () => {
    expect(cents('0.10') + cents('0.20')).toBe(cents('0.30'));
    expect(cents('1234567890123.45')).toBe(123456789012345n);
  });

  it('shows days and agency instants as dd/mm/aaaa', () => {
    expect(day('2026-05-09')).toBe('09/05/2026');
    expect(dayTime('2026-11-30T13:30:00.000Z')).toBe('30/11/2026 10:30');
    expect(agencyInstant('2026-11-30', '10:30')).toBe('2026-11-30T10:30:00-03:00');
  });

  it('counts today at the agency, and days ahead of it', () => {
    const today = agencyToday();
    expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const later = new Date(`${today}T00:00:00Z`);
    later.setUTCDate(later.getUTCDate() + 30);
    expect(agencyToday(30)).toBe(later.toISOString().slice(0, 10));
  });

  it.each([
    ['30000.00', '150000.00', '20 %'],
    ['2000.00', '10000.00', '20 %'],
    ['1.00', '3.00', '33,33 %'],
    ['2.00', '3.00', '66,67 %'],
    ['1.00', '8.00', '12,5 %'],
    ['0.01', '1000000.00', '0 %'],
    ['0.50', '100.00', '0,5 %'],
    ['150000.00', '150000.00', '100 %'],
    ['1234567890123.45', '9999999999999.99', '12,35 %'],
    ['-10.00', '100.00', '-10 %'],
  ])('%s of %s is %s (integer cents, half up)', (part, whole, shown) => {
    expect(percentText(part, whole)).toBe(shown);
  });

  it('says the percent the offer terms say («20,00 %»), without their trailing zeros', () => {
    const trimmed = (text: string) => text.replace(/(,\d*?)0+ %$/, '$1 %').replace(', %', ' %');
    for (const [part, whole] of [
      ['30000.00', '150000.00'],
      ['1.00', '3.00'],
      ['1.00', '8.00'],
      ['12345.67', '98765.43'],
      ['0.07', '0.30'],
    ] as const)
      expect(percentText(part, whole)).toBe(trimmed(sharedPercent(percentOf(part, whole))));
  });

  it('gives no percent of nothing', () => {
    expect(percentText('10.00', '0.00')).toBe('');
  });
});

describe('pagar dispute documents', () => {
  const file = (name: string, type: string, size = 1000) => ({ name, type, size });

  it('takes a PDF, a JPG or a PNG up to 5 MB', () => {
    expect(DOCUMENT_MAX_BYTES).toBe(PORTAL_DOCUMENT_MAX_BYTES);
    expect(documentProblem(file('recibo.pdf', 'application/pdf'))).toBeNull();
    expect(documentProblem(file('foto.jpg', 'image/jpeg'))).toBeNull();
    expect(documentProblem(file('captura.png', 'image/png', 5 * 1024 * 1024))).toBeNull();
    // Some browsers give no type: the name decides.
    expect(documentProblem(file('FOTO.JPEG', ''))).toBeNull();
  });

  it('refuses other types and larger files, in Spanish', () => {
    expect(documentProblem(file('nota.docx', 'application/msword'))).toBe(PORTAL_MESSAGES.documentType);
    expect(documentProblem(file('foto.heic', 'image/heic'))).toBe(PORTAL_MESSAGES.documentType);
    expect(documentProblem(file('sin-tipo.txt', ''))).toBe(PORTAL_MESSAGES.documentType);
    expect(documentProblem(file('recibo.pdf', 'application/pdf', 5 * 1024 * 1024 + 1))).toBe(
      PORTAL_MESSAGES.documentTooLarge,
    );
    expect(documentProblem(file('vacio.pdf', 'application/pdf', 0))).toBe(
      'El archivo está vacío. Elija otro.',
    );
  });

  it('shows a size as the debtor reads it', () => {
    expect(fileSize(1)).toBe('1 KB');
    expect(fileSize(350 * 1024)).toBe('350 KB');
    expect(fileSize(1.25 * 1024 * 1024)).toBe('1,3 MB');
    expect(fileSize(5 * 1024 * 1024)).toBe('5 MB');
  });
});
