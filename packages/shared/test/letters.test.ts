import { describe, expect, it } from 'vitest';
import {
  dayMonthYear,
  formatDni,
  LETTER_FIELDS,
  letterFieldsIn,
  longDate,
  mergeLetter,
  placeAndDate,
  SAMPLE_LETTER_VALUES,
  unknownLetterFields,
} from '../src/letters';
import { letterTemplateCreateSchema } from '../src/schemas/letterTemplates';

/** The fields the seeded templates (migration 0014) use: each must be known. */
const SEEDED = [
  'agencia.nombre',
  'agencia.cuit',
  'agencia.telefono',
  'agencia.email',
  'agencia.ciudad_fecha',
  'deudor.nombre',
  'deudor.documento',
  'deudor.domicilio',
  'compania.nombre',
  'deuda.referencia',
  'deuda.tipo',
  'deuda.fecha_mora',
  'saldo.fecha',
  'saldo.total',
  'saldo.total_en_letras',
  'saldo.capital',
  'saldo.intereses',
  'saldo.punitorios',
  'saldo.gastos',
];

describe('merge fields', () => {
  it('every field the seeded templates use is in the list, each listed once with a sample', () => {
    const keys = LETTER_FIELDS.map((f) => f.key);
    for (const key of SEEDED) expect(keys).toContain(key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const f of LETTER_FIELDS) expect(SAMPLE_LETTER_VALUES[f.key]).toBeTruthy();
  });

  it('finds the fields of a text, spaces inside the braces allowed, each once', () => {
    expect(letterFieldsIn('{{deudor.nombre}} y {{ saldo.total }}, {{deudor.nombre}}')).toEqual([
      'deudor.nombre',
      'saldo.total',
    ]);
  });

  it('reports unknown fields as written', () => {
    expect(unknownLetterFields('Hola {{deudor.nombre}}, {{deudor.apodo}} {{Saldo.Total}} {{}}')).toEqual([
      'deudor.apodo',
      'Saldo.Total',
      '',
    ]);
    expect(unknownLetterFields('Sin campos')).toEqual([]);
  });
});

describe('mergeLetter', () => {
  it('replaces known fields, keeps paragraphs and leaves unknown ones as written (reported)', () => {
    const merged = mergeLetter('Sr. {{deudor.nombre}}\n\nSaldo: {{ saldo.total }}.\r\n{{otro.campo}}', {
      'deudor.nombre': 'Ana Gómez',
      'saldo.total': '$ 1.234,56',
    });
    expect(merged.text).toBe('Sr. Ana Gómez\n\nSaldo: $ 1.234,56.\n{{otro.campo}}');
    expect(merged.unknown).toEqual(['otro.campo']);
  });

  it('drops a line whose fields all came out empty and trims separators left dangling', () => {
    const body = 'A\n{{deudor.domicilio}}\n{{agencia.telefono}} · {{agencia.email}}\nB';
    expect(mergeLetter(body, { 'agencia.telefono': '4555-1234' }).text).toBe('A\n4555-1234\nB');
    expect(mergeLetter(body, {}).text).toBe('A\nB');
    // A blank line of the template (a paragraph break) is kept.
    expect(mergeLetter('A\n\nB', {}).text).toBe('A\n\nB');
  });
});

describe('dates and documents as letters print them', () => {
  it('long date, dd/mm/aaaa, place and date, DNI with dots', () => {
    expect(longDate('2026-11-25')).toBe('25 de noviembre de 2026');
    expect(longDate('2027-01-01')).toBe('1 de enero de 2027');
    expect(dayMonthYear('2026-11-05')).toBe('05/11/2026');
    expect(dayMonthYear(null)).toBe('');
    expect(placeAndDate('Córdoba', '2026-11-25')).toBe('Córdoba, 25 de noviembre de 2026');
    expect(placeAndDate('  ', '2026-11-25')).toBe('25 de noviembre de 2026');
    expect(formatDni('12345678')).toBe('12.345.678');
    expect(formatDni('1234567')).toBe('1.234.567');
  });
});

describe('letter template schema', () => {
  const valid = { code: 'intimacion-2', name: 'Intimación', body: 'Hola {{deudor.nombre}}' };
  it('accepts known fields and lowercases the code', () => {
    const parsed = letterTemplateCreateSchema.parse({ ...valid, code: 'Intimacion-2' });
    expect(parsed).toMatchObject({ code: 'intimacion-2', kind: 'OTRA', subject: null });
  });
  it('an unknown field in the body or the subject is refused, named in Spanish', () => {
    const body = letterTemplateCreateSchema.safeParse({ ...valid, body: 'Hola {{deudor.apodo}}' });
    expect(body.success).toBe(false);
    expect(body.error?.issues[0]?.message).toBe(
      'El campo {{deudor.apodo}} no existe: use uno de la lista de campos.',
    );
    const subject = letterTemplateCreateSchema.safeParse({ ...valid, subject: '{{a}} {{b}}' });
    expect(subject.error?.issues[0]?.message).toBe(
      'Los campos {{a}}, {{b}} no existen: use los de la lista de campos.',
    );
  });
  it('a code with spaces, accents or underscores is refused', () => {
    for (const code of ['libre deuda', 'intimación', 'libre_deuda', '-x', 'x--y'])
      expect(letterTemplateCreateSchema.safeParse({ ...valid, code }).success).toBe(false);
  });
});
