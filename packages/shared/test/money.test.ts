import { describe, expect, it } from 'vitest';
import {
  addMoney,
  compareMoney,
  formatMoney,
  fromCents,
  isMoney,
  normalizeMoney,
  simpleInterest,
  splitMoney,
  subtractMoney,
  toCents,
} from '../src/money';

describe('money as decimal strings', () => {
  it('accepts dot decimals with up to two places and rejects the rest', () => {
    for (const ok of ['0', '1500', '1500.5', '1500.50', '-3.25', '9999999999999.99'])
      expect(isMoney(ok)).toBe(true);
    for (const bad of ['', '1.500,50', '1e3', '1.234', '.5', '1.', 'abc', '12345678901234'])
      expect(isMoney(bad)).toBe(false);
  });

  it('round-trips through integer cents', () => {
    expect(toCents('1500.5')).toBe(150050n);
    expect(toCents('-0.07')).toBe(-7n);
    expect(fromCents(-7n)).toBe('-0.07');
    expect(normalizeMoney('1500')).toBe('1500.00');
  });

  it('adds and subtracts without float error (0.1 + 0.2 is 0.30)', () => {
    expect(addMoney('0.1', '0.2')).toBe('0.30');
    expect(subtractMoney('100.00', '33.33', '33.33', '33.33')).toBe('0.01');
    expect(addMoney('9999999999999.99', '0.01')).toBe('10000000000000.00');
    expect(compareMoney('10.00', '9.99')).toBe(1);
  });

  it('splits a plan exactly to the cent, leftover cents to the first quotas', () => {
    expect(splitMoney('10.00', 3)).toEqual(['3.34', '3.33', '3.33']);
    expect(splitMoney('100.00', 4)).toEqual(['25.00', '25.00', '25.00', '25.00']);
    expect(splitMoney('0.05', 7)).toEqual(['0.01', '0.01', '0.01', '0.01', '0.01', '0.00', '0.00']);
    const parts = splitMoney('123456.78', 36);
    expect(addMoney(...parts)).toBe('123456.78');
    expect(() => splitMoney('10', 0)).toThrow();
  });

  it('formats es-AR money as $ 1.234,56', () => {
    expect(formatMoney('1234.56')).toBe('$ 1.234,56');
    expect(formatMoney('1500')).toBe('$ 1.500,00');
    expect(formatMoney('12345678901234.56')).toBe('$ 12.345.678.901.234,56');
    expect(formatMoney(null)).toBe('');
    expect(formatMoney('1234.5', 'USD')).toBe('US$ 1.234,50');
  });

  it('simple interest: amount × rate/100 × days/365, half-up to the cent, in BigInt', () => {
    expect(simpleInterest('1000.00', '36.5', 1)).toBe('1.00');
    expect(simpleInterest('1000.00', '36.5', 30)).toBe('30.00');
    // 100 × 10% × 1/365 = 0.0273… → 0.03
    expect(simpleInterest('100', '10', 1)).toBe('0.03');
    // 73 × 10% × 2.5/… exactly half a cent rounds up: 18.25 × 10% × 1/365 = 0.005
    expect(simpleInterest('18.25', '10', 1)).toBe('0.01');
    expect(simpleInterest('18.24', '10', 1)).toBe('0.00');
    expect(simpleInterest('9999999999999.99', '100', 365)).toBe('9999999999999.99');
    expect(simpleInterest('500', '0', 90)).toBe('0.00');
    expect(simpleInterest('500', '12.75', 0)).toBe('0.00');
    expect(() => simpleInterest('500', '10', -1)).toThrow();
    expect(() => simpleInterest('500', '10', 1.5)).toThrow();
    expect(() => simpleInterest('-500', '10', 1)).toThrow();
  });
});
