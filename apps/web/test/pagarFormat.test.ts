import { describe, expect, it } from 'vitest';
import { agencyInstant, cents, day, dayTime, money, parseAmount, plainAmount } from '../pagar/src/format';

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
});
