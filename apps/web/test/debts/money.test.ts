import { describe, expect, it } from 'vitest';
import { formatMoneyInput, parseMoneyInput } from '../../src/features/debts/common/money';

describe('es-AR money typed into a field', () => {
  it.each([
    ['1.234,56', '1234.56'],
    ['1234,5', '1234.50'],
    ['$ 1.234', '1234.00'],
    ['1.234.567,89', '1234567.89'],
    ['12.5', '12.50'],
    ['0,01', '0.01'],
    [',5', '0.50'],
    ['007', '7.00'],
  ])('%s → %s', (typed, sent) => {
    expect(parseMoneyInput(typed)).toBe(sent);
  });

  it.each(['', 'abc', '1,234,5', '12,345', '1.23.4', '-5', '1.2345,00', '1e3'])(
    '%s is no amount',
    (typed) => {
      expect(parseMoneyInput(typed)).toBeNull();
    },
  );

  it('keeps every digit of amounts a float would round', () => {
    expect(parseMoneyInput('9.999.999.999.999,99')).toBe('9999999999999.99');
    expect(formatMoneyInput('9999999999999.99')).toBe('9.999.999.999.999,99');
  });

  it('shows a decimal string the es-AR way', () => {
    expect(formatMoneyInput('1234.5')).toBe('1.234,50');
    expect(formatMoneyInput('')).toBe('');
  });
});
