import { describe, expect, it } from 'vitest';
import { cuitCheckDigit, formatCuit, isValidCuit, isValidDni, onlyDigits } from '../src/ids';

describe('CUIT validator (weights 5,4,3,2,7,6,5,4,3,2)', () => {
  it.each(['20123456786', '30500010912', '27000000006', '20333333334', '30712345671', '20400000000'])(
    'accepts the valid CUIT %s',
    (cuit) => {
      expect(isValidCuit(cuit)).toBe(true);
    },
  );

  it.each([
    ['20123456787', 'wrong check digit'],
    ['30500010913', 'wrong check digit'],
    ['2012345678', 'ten digits'],
    ['201234567861', 'twelve digits'],
    ['20-12345678-6', 'separators are not digits'],
    ['2012345678a', 'a letter'],
    ['', 'empty'],
  ])('rejects %s (%s)', (cuit) => {
    expect(isValidCuit(cuit)).toBe(false);
  });

  it('a computed check digit of 10 means invalid: no final digit makes 20-99999999-? valid', () => {
    expect(cuitCheckDigit('2099999999')).toBeNull();
    for (let d = 0; d <= 9; d++) expect(isValidCuit(`2099999999${d}`)).toBe(false);
  });

  it('a computed 11 becomes check digit 0', () => {
    expect(cuitCheckDigit('2040000000')).toBe(0);
  });

  it('formats as XX-XXXXXXXX-X', () => {
    expect(formatCuit('20123456786')).toBe('20-12345678-6');
    expect(formatCuit('123')).toBe('123');
  });
});

describe('DNI validator', () => {
  it.each(['1234567', '12345678', '40111222'])('accepts %s', (dni) => expect(isValidDni(dni)).toBe(true));
  it.each(['123456', '123456789', '1234567a', '0000000', ''])('rejects %s', (dni) =>
    expect(isValidDni(dni)).toBe(false),
  );
  it('onlyDigits strips what people type around the digits', () => {
    expect(onlyDigits(' 12.345.678 ')).toBe('12345678');
  });
});
