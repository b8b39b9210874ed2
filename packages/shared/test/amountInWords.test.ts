import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AMOUNT_IN_WORDS_MAX, amountInWords, integerInWords } from '../src/amountInWords';

/** Each rule of the Spanish grammar with examples written by hand. */
const HAND: [number, string][] = [
  // units, the teens and the twenties are single words, with their accents
  [0, 'cero'],
  [1, 'uno'],
  [15, 'quince'],
  [16, 'dieciséis'],
  [19, 'diecinueve'],
  [20, 'veinte'],
  [21, 'veintiuno'],
  [22, 'veintidós'],
  [23, 'veintitrés'],
  [26, 'veintiséis'],
  // from thirty on, tens «y» units
  [30, 'treinta'],
  [31, 'treinta y uno'],
  [99, 'noventa y nueve'],
  // «cien» alone, «ciento» before more, the irregular hundreds
  [100, 'cien'],
  [101, 'ciento uno'],
  [116, 'ciento dieciséis'],
  [200, 'doscientos'],
  [500, 'quinientos'],
  [700, 'setecientos'],
  [900, 'novecientos'],
  [999, 'novecientos noventa y nueve'],
  // a thousand is «mil», never «un mil»; «uno» shortens before «mil»
  [1000, 'mil'],
  [1001, 'mil uno'],
  [1100, 'mil cien'],
  [2000, 'dos mil'],
  [21000, 'veintiún mil'],
  [21021, 'veintiún mil veintiuno'],
  [31000, 'treinta y un mil'],
  [100000, 'cien mil'],
  [101000, 'ciento un mil'],
  [500500, 'quinientos mil quinientos'],
  // «un millón», «dos millones», and the shortened «uno» before «millones»
  [1000000, 'un millón'],
  [1000001, 'un millón uno'],
  [2000000, 'dos millones'],
  [21000000, 'veintiún millones'],
  [41000000, 'cuarenta y un millones'],
  [101000000, 'ciento un millones'],
  // 10⁹ is «mil millones»
  [1000000000, 'mil millones'],
  [1001000000, 'mil un millones'],
  [2000000000, 'dos mil millones'],
  [21000000000, 'veintiún mil millones'],
  [1000001000, 'mil millones mil'],
  [
    999999999999,
    'novecientos noventa y nueve mil novecientos noventa y nueve millones novecientos noventa y nueve mil novecientos noventa y nueve',
  ],
  // beyond the brief's 999.999.999.999,99, up to what the database holds: 10¹² is «un billón»
  [1000000000000, 'un billón'],
  [1000000000001, 'un billón uno'],
  [2000001000000, 'dos billones un millón'],
  [
    9999999999999,
    'nueve billones novecientos noventa y nueve mil novecientos noventa y nueve millones novecientos noventa y nueve mil novecientos noventa y nueve',
  ],
];

describe('amountInWords (DESIGN.md §10.5)', () => {
  it.each(HAND)('%i → %s', (n, words) => {
    expect(integerInWords(n)).toBe(words);
  });

  it('writes the currency first and the cents as NN/100', () => {
    expect(amountInWords('1234.56', 'ARS')).toBe('pesos mil doscientos treinta y cuatro con 56/100');
    expect(amountInWords('1234.56', 'USD')).toBe(
      'dólares estadounidenses mil doscientos treinta y cuatro con 56/100',
    );
    expect(amountInWords('0.01', 'ARS')).toBe('pesos cero con 01/100');
    expect(amountInWords('21', 'ARS')).toBe('pesos veintiuno con 00/100');
    expect(amountInWords('1000000.5', 'ARS')).toBe('pesos un millón con 50/100');
    expect(amountInWords(AMOUNT_IN_WORDS_MAX, 'ARS')).toMatch(/ novecientos noventa y nueve con 99\/100$/);
  });

  it('refuses what cannot be written: negative, beyond the maximum, not an amount', () => {
    expect(() => amountInWords('-0.01', 'ARS')).toThrow(RangeError);
    expect(() => amountInWords('10000000000000.00', 'ARS')).toThrow(RangeError);
    expect(() => amountInWords('1.234,56', 'ARS')).toThrow(RangeError);
  });
});

/** The inverse, to read the words back: an independent reading of the same grammar. */
const VALUES: Record<string, number> = {
  cero: 0,
  un: 1,
  uno: 1,
  dos: 2,
  tres: 3,
  cuatro: 4,
  cinco: 5,
  seis: 6,
  siete: 7,
  ocho: 8,
  nueve: 9,
  diez: 10,
  once: 11,
  doce: 12,
  trece: 13,
  catorce: 14,
  quince: 15,
  dieciséis: 16,
  diecisiete: 17,
  dieciocho: 18,
  diecinueve: 19,
  veinte: 20,
  veintiún: 21,
  veintiuno: 21,
  veintidós: 22,
  veintitrés: 23,
  veinticuatro: 24,
  veinticinco: 25,
  veintiséis: 26,
  veintisiete: 27,
  veintiocho: 28,
  veintinueve: 29,
  treinta: 30,
  cuarenta: 40,
  cincuenta: 50,
  sesenta: 60,
  setenta: 70,
  ochenta: 80,
  noventa: 90,
  cien: 100,
  ciento: 100,
  doscientos: 200,
  trescientos: 300,
  cuatrocientos: 400,
  quinientos: 500,
  seiscientos: 600,
  setecientos: 700,
  ochocientos: 800,
  novecientos: 900,
};

function parseWords(words: string): number {
  let total = 0;
  let current = 0;
  for (const word of words.split(' ')) {
    if (word === 'y') continue;
    if (word === 'mil') current = (current || 1) * 1000;
    else if (word === 'billón' || word === 'billones') {
      total += current * 1_000_000_000_000;
      current = 0;
    } else if (word === 'millón' || word === 'millones') {
      total += current * 1_000_000;
      current = 0;
    } else {
      const value = VALUES[word];
      if (value === undefined) throw new Error(`palabra desconocida: ${word}`);
      current += value;
    }
  }
  return total + current;
}

function parseAmount(text: string): string {
  const match = /^(pesos|dólares estadounidenses) (.+) con (\d\d)\/100$/.exec(text);
  if (!match) throw new Error(`forma inesperada: ${text}`);
  return `${parseWords(match[2] as string)}.${match[3]}`;
}

const cents = fc.bigInt({ min: 1n, max: 999_999_999_999_999n });
const amountOf = (c: bigint) => `${c / 100n}.${(c % 100n).toString().padStart(2, '0')}`;

describe('amountInWords over the whole range (properties)', () => {
  it('reads back to the same amount, in both currencies', () => {
    fc.assert(
      fc.property(cents, fc.constantFrom('ARS' as const, 'USD' as const), (c, currency) => {
        expect(parseAmount(amountInWords(amountOf(c), currency))).toBe(amountOf(c));
      }),
      { numRuns: 2000 },
    );
  });

  it('reads back every number up to a million with its own shape (small numbers are the tricky ones)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999 }), (n) => {
        expect(parseWords(integerInWords(n))).toBe(n);
      }),
      { numRuns: 2000 },
    );
  });

  it('never has double or edge spaces, «uno» before a noun, «un mil» at the start, or a lone «millón» after more', () => {
    fc.assert(
      fc.property(cents, (c) => {
        const text = amountInWords(amountOf(c), 'ARS');
        expect(text).not.toMatch(/ {2}|^ | $/);
        expect(text).not.toMatch(/uno (mil|millón|millones)\b/);
        expect(text).not.toMatch(/^pesos un mil\b/);
        expect(text).not.toMatch(/^pesos un millones\b/);
        // «millón» only as «un millón» at the start or right after the billones
        expect(text.replace(/^pesos (.* billones? )?un millón\b/, '')).not.toMatch(/millón/);
        // «un» only before «mil», «millón» or «millones»; the number ends in «uno»
        expect(text).not.toMatch(/ (un|veintiún) (?!mil\b|millón\b|millones\b|billón\b|billones\b)/);
        // «cien» only alone (not before a smaller number in the same hundred)
        expect(text).not.toMatch(/ cien (?!mil\b|millones\b|con\b)/);
      }),
      { numRuns: 2000 },
    );
  });
});
