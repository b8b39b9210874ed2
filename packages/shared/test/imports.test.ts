import { describe, expect, it } from 'vitest';
import {
  autoMapping,
  IMPORT_FIELDS,
  importMappingJsonSchema,
  importMappingSchema,
  mappingProblemsForHeaders,
  normalizeHeader,
} from '../src';

/** DESIGN.md §10.1's list, verbatim: each of these headers maps to its field. */
const SPEC_SYNONYMS: Record<string, string[]> = {
  dni: ['DNI', 'Documento', 'Nro Documento', 'Nº Doc', 'Num Doc'],
  cuit: ['CUIT', 'CUIL', 'CUIT/CUIL'],
  fullName: ['Apellido y Nombre', 'Nombre y Apellido', 'Titular', 'Deudor', 'Razón Social'],
  lastName: ['Apellido'],
  firstName: ['Nombre', 'Nombres'],
  reference: ['Referencia', 'Nro Cuenta', 'Cuenta', 'Nro Operación', 'Operación', 'Nro Crédito', 'Contrato'],
  originalAmount: ['Monto', 'Importe', 'Saldo', 'Deuda', 'Saldo Deuda', 'Capital', 'Monto Adeudado'],
  defaultDate: ['Fecha Mora', 'Fecha de Mora', 'Vencimiento', 'Fecha Vto'],
  originDate: ['Fecha Origen', 'Fecha Alta', 'Fecha Otorgamiento'],
  phone: ['Teléfono', 'Tel', 'Celular', 'Móvil'],
  altPhone: ['Teléfono 2', 'Tel Alternativo', 'Tel Laboral'],
  email: ['Email', 'E-mail', 'Correo', 'Mail'],
  address: ['Domicilio', 'Dirección', 'Calle'],
  city: ['Localidad', 'Ciudad'],
  province: ['Provincia'],
  postalCode: ['CP', 'Código Postal'],
  employer: ['Empleador', 'Empresa Empleadora'],
  collectionType: ['Producto', 'Tipo de Cobranza', 'Tipo Producto'],
};

describe('import header normalisation (§10.1: ignores case, accents, spaces and punctuation)', () => {
  it.each([
    ['Nº Doc', 'doc'],
    ['N° Doc', 'doc'],
    ['Nro. Doc', 'doc'],
    ['Num Doc', 'doc'],
    ['Nro Documento', 'documento'],
    ['Número de Documento', 'documento'],
    ['E-mail', 'email'],
    ['CUIT/CUIL', 'cuitcuil'],
    ['  FECHA DE MORA ', 'fechamora'],
    ['Fecha Mora', 'fechamora'],
    ['Teléfono 2', 'telefono2'],
    ['C.P.', 'cp'],
    ['Razón Social', 'razonsocial'],
    ['Número', 'numero'],
    ['No', 'no'],
  ])('%s → %s', (header, normalized) => {
    expect(normalizeHeader(header)).toBe(normalized);
  });

  it('"Nº Doc", "Nro Documento" and "Num Doc" all map to dni', () => {
    for (const header of ['Nº Doc', 'Nro Documento', 'Num Doc', 'N° Doc.', 'nro. de documento'])
      expect(autoMapping([header])).toEqual({ dni: header });
  });
});

describe('automatic mapping', () => {
  for (const [field, headers] of Object.entries(SPEC_SYNONYMS)) {
    it.each(headers)(`%s → ${field}`, (header) => {
      expect(autoMapping([header])).toEqual({ [field]: header });
      // Whatever the case, accents and spacing.
      const mangled = `  ${header
        .toUpperCase()
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')} `;
      expect(autoMapping([mangled])).toEqual({ [field]: mangled });
    });
  }

  it('every synonym of the catalog maps to its own field, and no two fields share one', () => {
    const owner = new Map<string, string>();
    for (const field of IMPORT_FIELDS) {
      for (const synonym of field.synonyms) {
        const key = normalizeHeader(synonym);
        expect(owner.get(key) ?? field.key, `${synonym} is claimed by two fields`).toBe(field.key);
        owner.set(key, field.key);
        expect(autoMapping([synonym])).toEqual({ [field.key]: synonym });
      }
    }
  });

  it('maps a realistic file: each field once, each header once, unknown columns left out', () => {
    const headers = [
      'Nro. Operación',
      'Apellido y Nombre',
      'DNI',
      'CUIT/CUIL',
      'Saldo Deuda',
      'Capital',
      'Fecha Vto.',
      'Tel',
      'Tel. Laboral',
      'Sucursal',
      'Provincia',
    ];
    expect(autoMapping(headers)).toEqual({
      reference: 'Nro. Operación',
      fullName: 'Apellido y Nombre',
      dni: 'DNI',
      cuit: 'CUIT/CUIL',
      originalAmount: 'Saldo Deuda',
      defaultDate: 'Fecha Vto.',
      phone: 'Tel',
      altPhone: 'Tel. Laboral',
      province: 'Provincia',
    });
  });

  it('between two exact matches of one field the earlier synonym wins, then the earlier column', () => {
    expect(autoMapping(['Deuda', 'Monto'])).toEqual({ originalAmount: 'Monto' });
    expect(autoMapping(['Importe', 'Importe'])).toEqual({ originalAmount: 'Importe' });
  });

  it('a header that starts with a synonym maps when nothing matches exactly', () => {
    expect(autoMapping(['DNI del titular', 'Importe en pesos', 'Tasa punitoria anual'])).toEqual({
      dni: 'DNI del titular',
      originalAmount: 'Importe en pesos',
      punitiveRate: 'Tasa punitoria anual',
    });
    // An exact match is never displaced by a prefix match.
    expect(autoMapping(['DNI cónyuge', 'DNI'])).toEqual({ dni: 'DNI' });
  });
});

describe('mapping schema', () => {
  const valid = { dni: 'DNI', reference: 'Cuenta', originalAmount: 'Saldo' };

  it('accepts field → header, trimmed', () => {
    expect(importMappingSchema.parse({ ...valid, city: ' Localidad ' })).toEqual({
      ...valid,
      city: 'Localidad',
    });
    expect(importMappingJsonSchema.parse(JSON.stringify(valid))).toEqual(valid);
  });

  it('refuses unknown fields, missing required fields and a column used twice, in Spanish', () => {
    const messages = (value: unknown) =>
      importMappingSchema.safeParse(value).error?.issues.map((i) => i.message) ?? [];
    expect(messages({ ...valid, colour: 'X' }).join(' ')).toMatch(/desconocida: "colour"/);
    expect(messages({ dni: 'DNI' })).toEqual([
      'Falta indicar la columna de «Referencia».',
      'Falta indicar la columna de «Importe original».',
    ]);
    expect(messages({ reference: 'A', originalAmount: 'B' })).toEqual([
      'Falta indicar la columna de «DNI» o «CUIT/CUIL».',
    ]);
    expect(messages({ ...valid, cuit: 'DNI' })).toEqual([
      'La columna «DNI» está asignada a más de un campo: DNI, CUIT/CUIL.',
    ]);
    expect(importMappingJsonSchema.safeParse('{nope').error?.issues[0]?.message).toBe(
      'La asignación de columnas no es un JSON válido.',
    );
  });

  it('checks the headers against the file', () => {
    expect(mappingProblemsForHeaders(valid, ['DNI', 'Cuenta'])).toEqual([
      'La columna «Saldo» (Importe original) no está en el archivo.',
    ]);
  });
});
