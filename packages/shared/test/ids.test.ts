import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  completeCbu,
  cuitCheckDigit,
  formatCuit,
  isValidCbu,
  isValidCuit,
  isValidDni,
  onlyDigits,
} from '../src/ids';

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

describe('CBU check digits (issue 34: the agency’s account for transfers)', () => {
  it('a known CBU is valid; changing any one digit makes it invalid', () => {
    // Bank 285 (Macro), branch 0590, account 0940090418135 1; both check digits computed by hand:
    // block 1: 2·7+8·1+5·3+0·9+5·7+9·1+0·3 = 81 → (10 − 1) mod 10 = 9;
    // block 2: 0·3+9·9+4·7+0·1+0·3+9·9+0·7+4·1+1·3+8·9+1·7+3·1+5·3 = 294 → 6.
    expect(completeCbu('2850590', '0940090418135')).toBe('2850590909400904181356');
    expect(isValidCbu('2850590909400904181356')).toBe(true);
    for (let i = 0; i < 22; i++) {
      const digits = '2850590909400904181356'.split('');
      digits[i] = String((Number(digits[i]) + 1) % 10);
      expect(isValidCbu(digits.join('')), `dígito ${i}`).toBe(false);
    }
  });

  it('any 20 digits completed with their check digits are a valid CBU; other lengths never are', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{7}$/), fc.stringMatching(/^\d{13}$/), (bankBranch, account) => {
        const cbu = completeCbu(bankBranch, account);
        return cbu.length === 22 && isValidCbu(cbu) && !isValidCbu(cbu.slice(1)) && !isValidCbu(`${cbu}0`);
      }),
    );
  });
});
