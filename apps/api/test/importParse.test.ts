import { readdirSync, readlinkSync } from 'node:fs';
import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { crc32, deflateRawSync } from 'node:zlib';
import { autoMapping, formatMoney, fromCents } from '@cobranzas/shared';
import {
  excelSerialDate,
  readAmount,
  readCuit,
  readCurrency,
  readDate,
  readDebtType,
  readDni,
  readProvince,
  readRate,
  splitFullName,
  toImportRow,
} from '@cobranzas/shared/imports';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportFileError } from '../src/modules/imports/parse/errors';
import { scanRows } from '../src/modules/imports/parse/read';
import {
  decodeWindows1252,
  detectDelimiter,
  readRows,
  type SheetRow,
} from '../src/modules/imports/parse/rows';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'import-parse-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const amount = (raw: unknown, positive = false) => {
  const r = readAmount(raw, { positive });
  return 'error' in r ? r : r.value?.amount;
};

describe('amounts (§10.1: numeric cells, 1234.56, 1.234,56, $ 1.234,56)', () => {
  it.each([
    ['1234.56', '1234.56'],
    ['1.234,56', '1234.56'],
    ['$ 1.234,56', '1234.56'],
    ['$1.234,56', '1234.56'],
    ['1234,5', '1234.50'],
    ['1234', '1234.00'],
    ['1.234', '1234.00'],
    ['1.234.567', '1234567.00'],
    ['1.234.567,8', '1234567.80'],
    ['1,234,567.89', '1234567.89'],
    ['  $ 1 234,56 ', '1234.56'],
    ['U$S 1.500', '1500.00'],
    ['-1.234,56', '-1234.56'],
    ['-$ 1.234,50', '-1234.50'],
    ['(1.234,56)', '-1234.56'],
    ['0,5', '0.50'],
    [1234.56, '1234.56'],
    [0.1 + 0.2, '0.30'],
    [1.005, '1.01'],
    [1500, '1500.00'],
    [-3.333, '-3.33'],
  ])('%s → %s', (raw, expected) => {
    expect(amount(raw)).toBe(expected);
  });

  it.each([
    ['abc', { error: 'abc' }],
    ['1234,567', { error: '1234,567 (tiene más de dos decimales)' }],
    ['1.23.4', { error: '1.23.4' }],
    ['12,34,5', { error: '12,34,5' }],
    ['1e5', { error: '1e5' }],
    ['EUR 100', { error: 'EUR 100' }],
    ['12345678901234', { error: '12345678901234 (es demasiado grande)' }],
  ])('refuses %s', (raw, error) => {
    expect(readAmount(raw)).toEqual(error);
  });

  it('the original amount must be positive', () => {
    expect(readAmount('0', { positive: true })).toEqual({ error: '0 (debe ser mayor que cero)' });
    expect(readAmount('-5,00', { positive: true })).toEqual({ error: '-5,00 (debe ser mayor que cero)' });
    expect(readAmount(-5, { positive: true })).toEqual({ error: '-5 (debe ser mayor que cero)' });
    expect(readAmount(new Date(), { positive: true })).toMatchObject({
      error: expect.stringMatching(/es una fecha/),
    });
  });

  it('tells the currency written with the amount', () => {
    expect(readAmount('U$S 10')).toEqual({ value: { amount: '10.00', currency: 'USD' } });
    expect(readAmount('US$ 10')).toEqual({ value: { amount: '10.00', currency: 'USD' } });
    expect(readAmount('$ 10')).toEqual({ value: { amount: '10.00', currency: 'ARS' } });
    expect(readAmount('10')).toEqual({ value: { amount: '10.00', currency: null } });
    expect(readAmount('  ')).toEqual({ value: null });
  });

  const cents = fc.bigInt({ min: -(10n ** 15n) + 1n, max: 10n ** 15n - 1n });
  it('property: an amount formatted es-AR ($ 1.234,56) or plain (1234.56) parses back equal', () => {
    fc.assert(
      fc.property(cents, (c) => {
        const value = fromCents(c);
        expect(amount(formatMoney(value))).toBe(value);
        expect(amount(formatMoney(value).replace('$ ', ''))).toBe(value);
        expect(amount(value)).toBe(value);
        expect(amount(value.replace('.', ','))).toBe(value);
        expect(amount(value.replace(/\.00$/, ''))).toBe(value);
      }),
      { numRuns: 2000 },
    );
  });

  it('property: a numeric cell with up to two decimals reads as its decimal text', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 13n), max: 10n ** 13n }), (c) => {
        const value = fromCents(c);
        expect(amount(Number(value))).toBe(value);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('dates (§10.1: date cells, Excel serials, dd/mm/aaaa, aaaa-mm-dd)', () => {
  it.each([
    [45292, '2024-01-01'],
    ['45292', '2024-01-01'],
    [45292.75, '2024-01-01'],
    [1, '1900-01-01'],
    [59, '1900-02-28'],
    [61, '1900-03-01'],
    ['05/03/2024', '2024-03-05'],
    ['5/3/2024', '2024-03-05'],
    ['5-3-2024', '2024-03-05'],
    ['05.03.2024', '2024-03-05'],
    ['5/3/24', '2024-03-05'],
    ['5/3/85', '1985-03-05'],
    ['29/02/2024', '2024-02-29'],
    ['2024-03-05', '2024-03-05'],
    ['2024/3/5', '2024-03-05'],
    ['2024-03-05T00:00:00.000Z', '2024-03-05'],
    ['2024-03-05 14:30', '2024-03-05'],
    ['05/03/2024 10:00', '2024-03-05'],
    [20240305, '2024-03-05'],
    [new Date(Date.UTC(2024, 2, 5)), '2024-03-05'],
  ])('%s → %s', (raw, expected) => {
    expect(readDate(raw)).toEqual({ value: expected });
  });

  it.each([
    ['31/02/2024', '31/02/2024'],
    ['29/02/2023', '29/02/2023'],
    ['2024-13-01', '2024-13-01'],
    ['12/31/2024', '12/31/2024 (use dd/mm/aaaa)'],
    ['mañana', 'mañana'],
    [60, '60'],
    [0, '0'],
    ['01/01/1850', '01/01/1850 (el año debe estar entre 1900 y 2199)'],
  ])('refuses %s', (raw, error) => {
    expect(readDate(raw)).toEqual({ error });
  });

  it('property: any date written dd/mm/aaaa, d/m/aaaa, aaaa-mm-dd or as a serial reads back', () => {
    const day = fc.integer({ min: 1, max: 109_500 }); // 1900-01-01 … ~2199
    fc.assert(
      fc.property(day, (serial) => {
        const date = excelSerialDate(serial);
        if (date === null) return; // serial 60
        const [y, m, d] = date.split('-');
        expect(readDate(`${d}/${m}/${y}`)).toEqual({ value: date });
        expect(readDate(`${Number(d)}/${Number(m)}/${y}`)).toEqual({ value: date });
        expect(readDate(date)).toEqual({ value: date });
        expect(readDate(serial)).toEqual({ value: date });
        expect(readDate(new Date(`${date}T00:00:00Z`))).toEqual({ value: date });
      }),
      { numRuns: 2000 },
    );
  });
});

describe('identity', () => {
  it.each([
    ['12.345.678', '12345678'],
    ['12 345 678', '12345678'],
    ['01.234.567', '1234567'],
    [12345678, '12345678'],
    ['1234567', '1234567'],
  ])('DNI %s → %s', (raw, dni) => {
    expect(readDni(raw)).toEqual({ value: { dni, cuit: null } });
  });

  it('a whole CUIL in the DNI column gives both; a bad check digit is refused', () => {
    expect(readDni('20-12345678-6')).toEqual({ value: { dni: '12345678', cuit: '20123456786' } });
    expect(readDni('20-12345678-7')).toEqual({ error: 'el dígito verificador del CUIT no coincide' });
    expect(readDni('123')).toEqual({ error: '123 (debe tener 7 u 8 dígitos)' });
    expect(readDni('12A45678')).toEqual({ error: '12A45678' });
    expect(readDni(1234567.5)).toEqual({ error: '1234567.5' });
  });

  it('CUIT with or without dashes, check digit verified', () => {
    expect(readCuit('20-12345678-6')).toEqual({ value: '20123456786' });
    expect(readCuit(30500010912)).toEqual({ value: '30500010912' });
    expect(readCuit('20 12345678 6')).toEqual({ value: '20123456786' });
    expect(readCuit('20-12345678-7')).toEqual({ error: '20-12345678-7 (el dígito verificador no coincide)' });
    expect(readCuit('2012345678')).toEqual({ error: '2012345678 (debe tener 11 dígitos)' });
  });
});

describe('names (§10.1: "APELLIDO, Nombres" or "APELLIDO Nombres")', () => {
  it.each([
    ['PÉREZ, Juan Carlos', 'PÉREZ', 'Juan Carlos'],
    ['Pérez Gómez, Juan', 'Pérez Gómez', 'Juan'],
    ['PÉREZ Juan Carlos', 'PÉREZ', 'Juan Carlos'],
    ['PÉREZ GÓMEZ Juan Carlos', 'PÉREZ GÓMEZ', 'Juan Carlos'],
    ['PEREZ JUAN CARLOS', 'PEREZ', 'JUAN CARLOS'],
    ['DE LA FUENTE JUAN', 'DE LA FUENTE', 'JUAN'],
    ['del Valle María', 'del Valle', 'María'],
    ['  PEÑA   Ana  ', 'PEÑA', 'Ana'],
    ['GARCÍA', 'GARCÍA', null],
    ['GARCÍA,', 'GARCÍA', null],
  ])('%s → %s / %s', (text, lastName, firstName) => {
    expect(splitFullName(text)).toEqual({ lastName, firstName });
  });
});

describe('catalog values', () => {
  it.each([
    ['cordoba', 'Córdoba'],
    ['CÓRDOBA', 'Córdoba'],
    ['CABA', 'Ciudad Autónoma de Buenos Aires'],
    ['Capital Federal', 'Ciudad Autónoma de Buenos Aires'],
    ['Ciudad de Buenos Aires', 'Ciudad Autónoma de Buenos Aires'],
    ['C.A.B.A.', 'Ciudad Autónoma de Buenos Aires'],
    ['Bs. As.', 'Buenos Aires'],
    ['Pcia. de Buenos Aires', 'Buenos Aires'],
    ['Provincia de Entre Ríos', 'Entre Ríos'],
    ['tierra del fuego', 'Tierra del Fuego'],
    ['Sgo. del Estero', 'Santiago del Estero'],
  ])('province %s → %s', (raw, province) => {
    expect(readProvince(raw)).toEqual({ value: province });
  });

  it('an unknown province is refused', () => {
    expect(readProvince('Narnia')).toEqual({ error: 'Narnia (no es una provincia argentina)' });
  });

  it.each([
    ['ARS', 'ARS'],
    ['$', 'ARS'],
    ['Pesos', 'ARS'],
    ['USD', 'USD'],
    ['U$S', 'USD'],
    ['u$s', 'USD'],
    ['US$', 'USD'],
    ['Dólares', 'USD'],
    ['dolar', 'USD'],
  ])('currency %s → %s', (raw, currency) => {
    expect(readCurrency(raw)).toEqual({ value: currency });
  });

  it('other currencies are refused; blank is the default', () => {
    expect(readCurrency('EUR')).toEqual({ error: 'EUR (use ARS o USD)' });
    expect(readCurrency('')).toEqual({ value: null });
  });

  it.each([
    [1, 1],
    ['2', 2],
    ['Judicial', 3],
    ['extrajudicial', 2],
    ['PREVENTIVA', 1],
  ])('debt type %s → %s', (raw, id) => {
    expect(readDebtType(raw)).toEqual({ value: id });
  });

  it('an unknown debt type is refused', () => {
    expect(readDebtType(4)).toMatchObject({ error: expect.stringMatching(/^4 \(use 1, 2, 3/) });
  });

  it.each([
    ['12,5', '12.50'],
    ['12.5 %', '12.50'],
    ['45%', '45.00'],
    [45, '45.00'],
    ['0', '0.00'],
    ['100', '100.00'],
  ])('rate %s → %s', (raw, rate) => {
    expect(readRate(raw)).toEqual({ value: rate });
  });

  it('rates outside 0–100 are refused', () => {
    expect(readRate('150')).toEqual({ error: '150 (debe ser un porcentaje entre 0 y 100)' });
    expect(readRate('-1')).toEqual({ error: '-1 (debe ser un porcentaje entre 0 y 100)' });
    expect(readRate('$ 5')).toEqual({ error: '$ 5' });
  });
});

describe('toImportRow', () => {
  const headers = [
    'Nro Cuenta',
    'Apellido y Nombre',
    'DNI',
    'CUIT',
    'Saldo',
    'Moneda',
    'Fecha Mora',
    'Provincia',
    'Email',
    'Etapa',
  ];
  const mapping = autoMapping(headers);
  const row = (cells: Record<string, unknown>) =>
    toImportRow(
      {
        'Nro Cuenta': 'A-1',
        'Apellido y Nombre': 'PEÑA, Ana María',
        DNI: '12.345.678',
        CUIT: null,
        Saldo: '$ 1.234,56',
        Moneda: null,
        'Fecha Mora': '05/03/2024',
        Provincia: 'Córdoba',
        Email: 'ana@example.com',
        Etapa: null,
        ...cells,
      } as Record<string, string | null>,
      mapping,
    );

  it('reads a good row into the debtor and the debt', () => {
    expect(row({})).toEqual({
      debtor: {
        dni: '12345678',
        cuit: null,
        lastName: 'PEÑA',
        firstName: 'Ana María',
        email: 'ana@example.com',
        phone: null,
        altPhone: null,
        address: null,
        city: null,
        province: 'Córdoba',
        postalCode: null,
        employer: null,
        birthDate: null,
      },
      debt: {
        reference: 'A-1',
        originalAmount: '1234.56',
        currency: 'ARS',
        originDate: null,
        defaultDate: '2024-03-05',
        collectionType: null,
        debtTypeId: 1,
        punitiveRate: null,
        interestRate: null,
        notes: null,
      },
      warnings: [],
    });
  });

  it('gives every reason of a bad row in Spanish', () => {
    expect(row({ DNI: '20-12345678-7', Saldo: '', 'Fecha Mora': '31/02/2024', 'Nro Cuenta': ' ' })).toEqual({
      errors: [
        'DNI inválido: el dígito verificador del CUIT no coincide',
        'Falta la referencia',
        'Falta el importe',
        'Fecha de mora inválida: 31/02/2024',
      ],
    });
    expect(row({ DNI: null })).toEqual({ errors: ['Falta el DNI o el CUIT'] });
    expect(row({ Saldo: '-10' })).toEqual({ errors: ['Importe inválido: -10 (debe ser mayor que cero)'] });
    expect(row({ Moneda: 'EUR', Etapa: 'Final' })).toEqual({
      errors: ['Moneda inválida: EUR (use ARS o USD)', expect.stringMatching(/^Etapa inválida: Final/)],
    });
    expect(row({ Saldo: 'U$S 10', Moneda: 'ARS' })).toEqual({
      errors: ['La moneda del importe (USD) no coincide con la columna Moneda (ARS)'],
    });
  });

  it('contact details that do not read are warned about and left empty', () => {
    const r = row({ Email: 'ana@', Provincia: 'Narnia' });
    expect(r).toMatchObject({
      debtor: { email: null, province: null },
      warnings: [
        'Correo electrónico inválido: ana@ (se deja vacío)',
        'Provincia inválida: Narnia (no es una provincia argentina) (se deja vacío)',
      ],
    });
  });

  it('a person CUIT alone gives the DNI; a CUIT that disagrees with the DNI is a warning', () => {
    expect(row({ DNI: null, CUIT: '20-12345678-6' })).toMatchObject({
      debtor: { dni: '12345678', cuit: '20123456786' },
      warnings: [],
    });
    expect(row({ DNI: '11222333', CUIT: '20-12345678-6' })).toMatchObject({
      debtor: { dni: '11222333', cuit: '20123456786' },
      warnings: ['El DNI 11222333 no coincide con el del CUIT 20123456786'],
    });
    expect(row({ DNI: null, CUIT: '30-50001091-2' })).toMatchObject({
      debtor: { dni: null, cuit: '30500010912' },
    });
  });

  it('the currency of the amount is used when there is no currency column; the stage by name', () => {
    expect(row({ Saldo: 'U$S 1.500', Etapa: 'Judicial' })).toMatchObject({
      debt: { originalAmount: '1500.00', currency: 'USD', debtTypeId: 3 },
    });
  });
});

// ---------------------------------------------------------------------------------------------------
// Files

async function collect(source: AsyncIterable<SheetRow>): Promise<SheetRow[]> {
  const rows: SheetRow[] = [];
  for await (const row of source) rows.push(row);
  return rows;
}

async function fileError(promise: Promise<unknown>): Promise<ImportFileError> {
  try {
    const source = await promise;
    if (source && typeof source === 'object' && Symbol.asyncIterator in source)
      await collect(source as AsyncIterable<SheetRow>);
  } catch (error) {
    expect(error).toBeInstanceOf(ImportFileError);
    return error as ImportFileError;
  }
  throw new Error('expected an ImportFileError');
}

let fileCount = 0;
async function tempFile(content: string | Buffer, ext: string): Promise<string> {
  const path = join(dir, `f${++fileCount}.${ext}`);
  await writeFile(path, content);
  return path;
}

describe('reading .xlsx', () => {
  it('reads the first sheet: headers from the first non-empty row, typed cells, row numbers', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Cartera');
    sheet.getRow(2).values = [
      'Nro Cuenta',
      'Apellido y Nombre',
      'DNI',
      'Saldo',
      'Fecha Mora',
      'Tasa',
      'Total',
    ];
    sheet.getRow(3).values = ['A-1', 'PEÑA, Ana', 12345678, 1234.56, new Date(Date.UTC(2024, 0, 1)), 0.125];
    sheet.getCell('D3').numFmt = '#,##0.00';
    sheet.getCell('E3').numFmt = 'dd/mm/yyyy';
    sheet.getCell('F3').numFmt = '0.0%';
    sheet.getCell('G3').value = { formula: 'D3*2', result: 2469.12 };
    sheet.getCell('B5').value = { richText: [{ text: 'GÓMEZ, ' }, { font: { bold: true }, text: 'Luis' }] };
    sheet.getCell('A5').value = 'A-2';
    sheet.getCell('E5').value = 45292;
    workbook.addWorksheet('Otra').getRow(1).values = ['x'];
    const path = join(dir, 'cartera.xlsx');
    await workbook.xlsx.writeFile(path);

    const source = await readRows({ path }, 'xlsx');
    expect(source.headers).toEqual([
      'Nro Cuenta',
      'Apellido y Nombre',
      'DNI',
      'Saldo',
      'Fecha Mora',
      'Tasa',
      'Total',
    ]);
    const rows = await collect(source);
    expect(rows).toEqual([
      {
        rowNumber: 3,
        cells: {
          'Nro Cuenta': 'A-1',
          'Apellido y Nombre': 'PEÑA, Ana',
          DNI: 12345678,
          Saldo: 1234.56,
          'Fecha Mora': new Date(Date.UTC(2024, 0, 1)),
          Tasa: '12.5%',
          Total: 2469.12,
        },
      },
      {
        rowNumber: 5,
        cells: {
          'Nro Cuenta': 'A-2',
          'Apellido y Nombre': 'GÓMEZ, Luis',
          DNI: null,
          Saldo: null,
          'Fecha Mora': 45292,
          Tasa: null,
          Total: null,
        },
      },
    ]);
    expect(readDate(rows[0]?.cells['Fecha Mora'])).toEqual({ value: '2024-01-01' });
    expect(readDate(rows[1]?.cells['Fecha Mora'])).toEqual({ value: '2024-01-01' });
    expect(readRate(rows[0]?.cells.Tasa)).toEqual({ value: '12.50' });
  });

  it('the file is parsed once: the rows the upload reads come back from its staged copy exactly, in order', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Cartera');
    sheet.addRow(['DNI', 'Cuenta', 'Monto', 'Fecha Mora', 'Activo', 'Nota']);
    const rowsWritten = 2500; // more than one staged record (1 000 rows each)
    for (let i = 1; i <= rowsWritten; i++)
      sheet.addRow([
        10_000_000 + i,
        `C-${i}`,
        i % 7 === 0 ? null : i * 10.25,
        new Date(Date.UTC(2024, i % 12, 1 + (i % 28))),
        i % 2 === 0,
        i % 5 === 0 ? `PÉREZ «${i}»` : null,
      ]);
    sheet.getRow(1000).values = []; // an empty row: no row, as the file's reader says
    const path = join(dir, 'staged.xlsx');
    await workbook.xlsx.writeFile(path);
    const stageTo = join(dir, 'staged.rows');

    const scan = await scanRows(path, 'xlsx', { sampleRows: 0, all: true, stageTo });
    const direct = await collect(await readRows({ path }, 'xlsx'));
    const staged = await readRows({ path: stageTo }, 'rows');
    expect(staged.headers).toEqual(['DNI', 'Cuenta', 'Monto', 'Fecha Mora', 'Activo', 'Nota']);
    const again = await collect(staged);
    expect(scan.totalRows).toBe(rowsWritten - 1);
    expect(again).toHaveLength(rowsWritten - 1);
    expect(again).toEqual(direct);
    expect(again[0]?.cells['Fecha Mora']).toBeInstanceOf(Date);
  });

  it('reads the sheet a streaming writer made (inline strings, no shared strings) from a stream too', async () => {
    const path = join(dir, 'stream.xlsx');
    const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: false });
    const sheet = writer.addWorksheet('Hoja1');
    sheet.addRow(['DNI', 'Cuenta', 'Monto', 'Deudor']).commit();
    for (let i = 1; i <= 50; i++)
      sheet.addRow([10_000_000 + i, `C-${i}`, i * 10.5, `PÉREZ, Juan ${i}`]).commit();
    await sheet.commit();
    await writer.commit();
    const { createReadStream } = await import('node:fs');
    const rows = await collect(await readRows({ stream: createReadStream(path) }, 'xlsx'));
    expect(rows).toHaveLength(50);
    expect(rows[49]).toEqual({
      rowNumber: 51,
      cells: { DNI: 10_000_050, Cuenta: 'C-50', Monto: 525, Deudor: 'PÉREZ, Juan 50' },
    });
  });

  it('repeated and blank headers: the repeat is numbered, a blank header drops its column', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('A');
    sheet.addRow(['Tel', null, 'Tel']);
    sheet.addRow(['1', 'x', '2']);
    const path = join(dir, 'dups.xlsx');
    await workbook.xlsx.writeFile(path);
    const source = await readRows({ path }, 'xlsx');
    expect(source.headers).toEqual(['Tel', 'Tel (2)']);
    expect(await collect(source)).toEqual([{ rowNumber: 2, cells: { Tel: '1', 'Tel (2)': '2' } }]);
  });
});

describe('reading .csv', () => {
  const expected = [
    { rowNumber: 2, cells: { Apellido: 'Peña', Provincia: 'Córdoba', Monto: '1.234,56' } },
    { rowNumber: 3, cells: { Apellido: 'Núñez', Provincia: 'Neuquén', Monto: '10' } },
  ];
  const text = (sep: string) =>
    `Apellido${sep}Provincia${sep}Monto\r\nPeña${sep}Córdoba${sep}"1.234,56"\r\nNúñez${sep}Neuquén${sep}10\r\n`;

  it.each([
    ['UTF-8 with ;', Buffer.from(text(';'), 'utf8')],
    ['UTF-8 with ,', Buffer.from(text(','), 'utf8')],
    ['UTF-8 with BOM', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text(';'), 'utf8')])],
    ['Windows-1252', Buffer.from(text(';'), 'latin1')],
    [
      'UTF-16 with BOM (Excel «Texto Unicode»)',
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text('\t'), 'utf16le')]),
    ],
  ])('%s', async (_name, bytes) => {
    const path = await tempFile(bytes, 'csv');
    const source = await readRows({ path }, 'csv');
    expect(source.headers).toEqual(['Apellido', 'Provincia', 'Monto']);
    expect(await collect(source)).toEqual(expected);
  });

  it('Windows-1252 read from a stream in one-byte chunks; € and curly quotes are not Latin-1', async () => {
    const bytes = Buffer.concat([
      Buffer.from('Nombre;Nota\nPeña;', 'latin1'),
      Buffer.from([0x80, 0x93, 0x94, 0x0a]),
    ]);
    const stream = Readable.from([...bytes].map((b) => Buffer.from([b])));
    const rows = await collect(await readRows({ stream }, 'csv'));
    expect(rows).toEqual([{ rowNumber: 2, cells: { Nombre: 'Peña', Nota: '€“”' } }]);
    expect(decodeWindows1252(Buffer.from([0x80, 0x92, 0xf1]))).toBe('€’ñ');
  });

  it('UTF-8 split across chunks in the middle of a character stays UTF-8', async () => {
    const bytes = Buffer.from('Nombre\nPeña Ñandú\n', 'utf8');
    const stream = Readable.from([...bytes].map((b) => Buffer.from([b])));
    expect(await collect(await readRows({ stream }, 'csv'))).toEqual([
      { rowNumber: 2, cells: { Nombre: 'Peña Ñandú' } },
    ]);
  });

  it('quoted fields with separators, quotes and line breaks; blank lines count as rows', async () => {
    const csv =
      'Cuenta;Domicilio;Notas\n' +
      '"A;1";"Av. Corrientes 1234; 5º ""B""";"línea 1\nlínea 2"\n' +
      '\n' +
      'A2;Calle 2;sin notas\n' +
      'A3;"Calle, 3"\n';
    const rows = await collect(await readRows({ path: await tempFile(csv, 'csv') }, 'csv'));
    expect(rows).toEqual([
      {
        rowNumber: 2,
        cells: { Cuenta: 'A;1', Domicilio: 'Av. Corrientes 1234; 5º "B"', Notas: 'línea 1\nlínea 2' },
      },
      { rowNumber: 4, cells: { Cuenta: 'A2', Domicilio: 'Calle 2', Notas: 'sin notas' } },
      { rowNumber: 5, cells: { Cuenta: 'A3', Domicilio: 'Calle, 3', Notas: null } },
    ]);
  });

  it('detects the delimiter from the header line, outside quotes', () => {
    expect(detectDelimiter('a;b;c')).toBe(';');
    expect(detectDelimiter('a,b,c')).toBe(',');
    expect(detectDelimiter('"Apellido, Nombre";DNI')).toBe(';');
    expect(detectDelimiter('a\tb')).toBe('\t');
    expect(detectDelimiter('solo')).toBe(',');
  });
});

// A minimal zip writer for hostile files: entries deflated, sizes as given (or true).
function zip(entries: { name: string; data: Buffer; declaredSize?: number }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, data, declaredSize } of entries) {
    const compressed = deflateRawSync(data, { level: 9 });
    const nameBytes = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(declaredSize ?? data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(declaredSize ?? data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, compressed);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const WORKBOOK_XML =
  '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="A" sheetId="1" r:id="rId1"/></sheets></workbook>';
const RELS_XML =
  '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>';
const sheetXml = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${body}</sheetData></worksheet>`;
const inlineRow = (r: number, texts: string[]) =>
  `<row r="${r}">${texts.map((t, i) => `<c r="${String.fromCharCode(65 + i)}${r}" t="inlineStr"><is><t>${t}</t></is></c>`).join('')}</row>`;

describe('bad files: a clear Spanish error, never a crash', () => {
  it('the hand-made zip is a readable xlsx (the bombs below differ only in size)', async () => {
    const path = await tempFile(
      zip([
        { name: 'xl/workbook.xml', data: Buffer.from(WORKBOOK_XML) },
        { name: 'xl/_rels/workbook.xml.rels', data: Buffer.from(RELS_XML) },
        {
          name: 'xl/worksheets/sheet1.xml',
          data: Buffer.from(sheetXml(inlineRow(1, ['DNI']) + inlineRow(2, ['123']))),
        },
      ]),
      'xlsx',
    );
    expect(await collect(await readRows({ path }, 'xlsx'))).toEqual([
      { rowNumber: 2, cells: { DNI: '123' } },
    ]);
  });

  it('a zip bomb that lies about its size stops at its declared size: the file is damaged', async () => {
    const padding = ' '.repeat(8 * 1024 * 1024);
    const path = await tempFile(
      zip([
        { name: 'xl/workbook.xml', data: Buffer.from(WORKBOOK_XML) },
        { name: 'xl/_rels/workbook.xml.rels', data: Buffer.from(RELS_XML) },
        {
          name: 'xl/worksheets/sheet1.xml',
          data: Buffer.from(sheetXml(inlineRow(1, ['DNI']) + inlineRow(2, ['1']) + padding)),
          declaredSize: 1000,
        },
      ]),
      'xlsx',
    );
    const error = await fileError(readRows({ path }, 'xlsx', { maxUncompressedBytes: 1024 * 1024 }));
    expect(error.code).toBe('CORRUPT');
    expect(error.message).toBe('El archivo de Excel está dañado y no se puede leer.');
  });

  it('the first sheet is the first of the tab order, whatever its part is called', async () => {
    const workbook = WORKBOOK_XML.replace(
      '<sheet name="A" sheetId="1" r:id="rId1"/>',
      '<sheet name="Datos" sheetId="2" r:id="rId2"/><sheet name="A" sheetId="1" r:id="rId1"/>',
    );
    const rels = RELS_XML.replace(
      '</Relationships>',
      '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/datos.xml"/></Relationships>',
    );
    const path = await tempFile(
      zip([
        { name: 'xl/workbook.xml', data: Buffer.from(workbook) },
        { name: 'xl/_rels/workbook.xml.rels', data: Buffer.from(rels) },
        {
          name: 'xl/worksheets/sheet1.xml',
          data: Buffer.from(sheetXml(inlineRow(1, ['Otra']) + inlineRow(2, ['x']))),
        },
        {
          name: 'xl/worksheets/datos.xml',
          data: Buffer.from(sheetXml(inlineRow(1, ['DNI']) + inlineRow(2, ['456']))),
        },
      ]),
      'xlsx',
    );
    expect(await collect(await readRows({ path }, 'xlsx'))).toEqual([
      { rowNumber: 2, cells: { DNI: '456' } },
    ]);
  });

  it('bytes XML never holds (a zip signature among them) make the file damaged, never a shorter sheet', async () => {
    const body = `${inlineRow(1, ['DNI'])}${inlineRow(2, ['1'])}PK\u0007\u0008${inlineRow(3, ['2'])}`;
    const path = await tempFile(
      zip([
        { name: 'xl/workbook.xml', data: Buffer.from(WORKBOOK_XML) },
        { name: 'xl/_rels/workbook.xml.rels', data: Buffer.from(RELS_XML) },
        { name: 'xl/worksheets/sheet1.xml', data: Buffer.from(sheetXml(body), 'latin1') },
      ]),
      'xlsx',
    );
    const error = await fileError(readRows({ path }, 'xlsx'));
    expect(error.code).toBe('CORRUPT');
  });

  it('styles far past what styles weigh are refused before inflating (ExcelJS would keep the excess)', async () => {
    const styles = `<?xml version="1.0"?><styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>${' '.repeat(40 * 1024 * 1024)}`;
    const path = await tempFile(
      zip([
        { name: 'xl/workbook.xml', data: Buffer.from(WORKBOOK_XML) },
        { name: 'xl/_rels/workbook.xml.rels', data: Buffer.from(RELS_XML) },
        { name: 'xl/styles.xml', data: Buffer.from(styles) },
        {
          name: 'xl/worksheets/sheet1.xml',
          data: Buffer.from(sheetXml(inlineRow(1, ['DNI']) + inlineRow(2, ['1']))),
        },
      ]),
      'xlsx',
    );
    expect((await fileError(readRows({ path }, 'xlsx'))).code).toBe('CORRUPT');
  });

  it('a reader stopped after its first row leaves the file closed', async () => {
    const path = join(dir, 'cartera.xlsx');
    const openOnFile = () =>
      readdirSync('/proc/self/fd').filter((fd) => {
        try {
          return readlinkSync(`/proc/self/fd/${fd}`) === path;
        } catch {
          return false;
        }
      }).length;
    const before = openOnFile();
    for (let i = 0; i < 3; i++) {
      const source = await readRows({ path }, 'xlsx');
      for await (const _ of source) break;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(openOnFile()).toBe(before);
  });

  it('a zip bomb that declares its size is refused before inflating', async () => {
    const path = await tempFile(
      zip([
        { name: 'xl/workbook.xml', data: Buffer.from(WORKBOOK_XML) },
        { name: 'xl/_rels/workbook.xml.rels', data: Buffer.from(RELS_XML) },
        { name: 'xl/worksheets/sheet1.xml', data: Buffer.from(sheetXml('')), declaredSize: 4_000_000_000 },
      ]),
      'xlsx',
    );
    const error = await fileError(readRows({ path }, 'xlsx'));
    expect(error.code).toBe('UNCOMPRESSED_TOO_LARGE');
    expect(error.message).toMatch(/más de 512 MB/);
  });

  it('a PDF renamed .xlsx', async () => {
    const path = await tempFile(Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'), 'xlsx');
    const error = await fileError(readRows({ path }, 'xlsx'));
    expect(error.code).toBe('NOT_XLSX');
    expect(error.message).toMatch(/^El archivo no es una planilla de Excel \(\.xlsx\) válida \(es un PDF\)/);
    const asCsv = await fileError(
      readRows({ path: await tempFile(Buffer.from('%PDF-1.7\n\0\0'), 'csv') }, 'csv'),
    );
    expect(asCsv.code).toBe('NOT_CSV');
  });

  it('a CSV renamed .xlsx, a .xls, a broken zip, an xlsx renamed .csv', async () => {
    expect(
      (await fileError(readRows({ path: await tempFile('DNI;Monto\n1;2\n', 'xlsx') }, 'xlsx'))).message,
    ).toMatch(/parece un texto o CSV/);
    const xls = Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      Buffer.alloc(504),
    ]);
    expect((await fileError(readRows({ path: await tempFile(xls, 'xlsx') }, 'xlsx'))).code).toBe(
      'LEGACY_OR_ENCRYPTED',
    );
    const broken = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]);
    expect((await fileError(readRows({ path: await tempFile(broken, 'xlsx') }, 'xlsx'))).code).toBe(
      'NOT_XLSX',
    );
    const real = join(dir, 'cartera.xlsx');
    const { readFile } = await import('node:fs/promises');
    const asCsv = await fileError(readRows({ path: await tempFile(await readFile(real), 'csv') }, 'csv'));
    expect(asCsv.message).toBe(
      'El archivo no es un CSV de texto (es un Excel .xlsx). Súbalo como .xlsx o como .csv.',
    );
  });

  it('an xlsx whose sheet is not XML is damaged', async () => {
    const path = await tempFile(
      zip([
        { name: 'xl/workbook.xml', data: Buffer.from(WORKBOOK_XML) },
        { name: 'xl/_rels/workbook.xml.rels', data: Buffer.from(RELS_XML) },
        { name: 'xl/worksheets/sheet1.xml', data: Buffer.from('<worksheet><sheetData><row r="1"><c') },
      ]),
      'xlsx',
    );
    const error = await fileError(readRows({ path }, 'xlsx'));
    expect(error.message).toMatch(/El archivo|no tiene datos/);
  });

  it('an empty file', async () => {
    for (const kind of ['xlsx', 'csv'] as const) {
      const error = await fileError(readRows({ path: await tempFile('', kind) }, kind));
      expect(error.message).toBe('El archivo está vacío.');
    }
    expect((await fileError(readRows({ stream: Readable.from([]) }, 'csv'))).message).toBe(
      'El archivo está vacío.',
    );
  });

  it('headers only, or nothing but blank lines', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('A').addRow(['DNI', 'Monto']);
    const path = join(dir, 'headers.xlsx');
    await workbook.xlsx.writeFile(path);
    const only = 'El archivo solo tiene la fila de encabezados: no hay filas para importar.';
    expect((await fileError(readRows({ path }, 'xlsx'))).message).toBe(only);
    expect(
      (await fileError(readRows({ path: await tempFile('DNI;Monto\r\n;\r\n\r\n', 'csv') }, 'csv'))).message,
    ).toBe(only);
    expect((await fileError(readRows({ path: await tempFile('\r\n  \r\n', 'csv') }, 'csv'))).code).toBe(
      'NO_HEADERS',
    );
    const empty = new ExcelJS.Workbook();
    empty.addWorksheet('A');
    const emptyPath = join(dir, 'emptysheet.xlsx');
    await empty.xlsx.writeFile(emptyPath);
    expect((await fileError(readRows({ path: emptyPath }, 'xlsx'))).code).toBe('NO_HEADERS');
  });

  it('over 50 MB, on disk or as a stream', async () => {
    const path = join(dir, 'big.csv');
    await writeFile(path, 'DNI\n');
    await truncate(path, 50 * 1024 * 1024 + 1); // sparse: no 50 MB written
    for (const kind of ['xlsx', 'csv'] as const) {
      const error = await fileError(readRows({ path }, kind));
      expect(error.message).toBe('El archivo supera el máximo de 50 MB. Divídalo en partes.');
    }
    const stream = Readable.from([Buffer.from('DNI\n'), Buffer.alloc(2000, 0x31)]);
    expect((await fileError(readRows({ stream }, 'csv', { maxFileBytes: 1000 }))).code).toBe('TOO_LARGE');
  });

  it('more rows than the cap', async () => {
    const csv = `DNI\n${'1\n'.repeat(20)}`;
    const error = await fileError(readRows({ path: await tempFile(csv, 'csv') }, 'csv', { maxRows: 10 }));
    expect(error.message).toBe('El archivo tiene más de 10 filas. Divídalo en partes.');
  });

  it('a CSV with an unclosed quote', async () => {
    const error = await fileError(
      readRows({ path: await tempFile('DNI;Nota\n1;"abierta\n2;x\n', 'csv') }, 'csv'),
    );
    expect(error.code).toBe('CSV_SYNTAX');
    expect(error.message).toMatch(/^El CSV no se puede leer.*hay comillas sin cerrar\.$/);
  });
});
