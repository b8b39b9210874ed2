import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cuitCheckDigit } from '../src/ids';
import { lineClues, strongest } from '../src/reconciliation';

describe('what a statement line says of whose money it is (issue 35)', () => {
  it('a transfer quoting the portal reference, upper- or lower-case: the reference, nothing taken for a DNI', () => {
    const clues = lineClues('TRANSF. RECIBIDA - CONCEPTO: pk7m3qx2a VARIOS');
    expect(clues.intentReferences).toEqual(['PK7M3QX2A']);
    expect(clues.dnis).toEqual([]);
    // «PAGO1234» has an O: never a portal reference (its alphabet has no O, I, L, 0 or 1).
    expect(lineClues('PAGO12345 CUOTA').intentReferences).toEqual([]);
  });

  it('a CUIT with or without dashes is found when its check digit is right, and gives its DNI', () => {
    expect(lineClues('DEB. CTA ORIGEN 20-12345678-6 PEREZ JUAN')).toMatchObject({
      cuits: ['20123456786'],
      dnis: ['12345678'],
    });
    expect(lineClues('CUIL 20123456786').cuits).toEqual(['20123456786']);
    // The same digits with a wrong check digit are no CUIT (nor a DNI: 11 digits are not 7 or 8).
    expect(lineClues('20123456787')).toMatchObject({ cuits: [], dnis: [] });
  });

  it('a DNI alone, with or without dots; a longer number or an amount with decimals is none', () => {
    expect(lineClues('DNI 12.345.678 PAGO CUOTA').dnis).toEqual(['12345678']);
    expect(lineClues('doc 7654321').dnis).toEqual(['7654321']);
    expect(lineClues('OP 123456789012').dnis).toEqual([]);
    expect(lineClues('IMPORTE 12345678,50').dnis).toEqual([]);
    // Digits that belong to a word are a reference's, not a DNI.
    expect(lineClues('TRANSFERENCIA CONC-58149718')).toMatchObject({
      dnis: [],
      references: ['CONC-58149718'],
    });
    expect(lineClues('PAGO A12345678 / 12345678B').dnis).toEqual([]);
    expect(lineClues('TRF 30123456-PEREZ').dnis).toEqual([]);
    expect(lineClues('DNI:30123456.').dnis).toEqual(['30123456']);
  });

  it('words with a digit are reference candidates («SV-5027074768», «CTA/123»); plain words are not', () => {
    expect(lineClues('Pago ref SV-5027074768 cliente CTA/123 BANCO').references).toEqual([
      'SV-5027074768',
      'CTA/123',
    ]);
  });

  it('the strongest confidence wins', () => {
    expect(strongest('MEDIA', 'ALTA')).toBe('ALTA');
    expect(strongest('CIERTA', 'NINGUNA')).toBe('CIERTA');
    expect(strongest('NINGUNA', 'NINGUNA')).toBe('NINGUNA');
  });

  it('property: any valid CUIT written with dashes inside any text is found, with its DNI', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('20', '23', '27', '30'),
        fc.integer({ min: 10_000_000, max: 99_999_999 }),
        fc.string({ maxLength: 20 }).map((s) => s.replace(/\d/g, '')),
        (prefix, body, noise) => {
          const ten = `${prefix}${body}`;
          const check = cuitCheckDigit(ten);
          if (check === null) return true;
          const clues = lineClues(`${noise} ${prefix}-${body}-${check} ${noise}`);
          return clues.cuits.includes(`${ten}${check}`) && clues.dnis.includes(String(body));
        },
      ),
    );
  });
});
