/**
 * The sample portfolio file (docs/samples/cartera-ejemplo.xlsx; `npm run sample:import` writes it):
 * what an Argentine bank sends, in its own words, that the automatic mapping of DESIGN.md §10.1
 * recognizes. The same seed always gives the same file. A few rows are wrong on purpose, so that
 * importing it shows rejected rows and a warning explained in the errors file (SAMPLE_EXPECTED).
 *
 * The "Producto" values are the demo's collection types (data.ts): on a database without the demo,
 * create them first in Tipos de cobranza, or every row is rejected as an unknown type.
 */
import ExcelJS from 'exceljs';
import { COLLECTION_TYPES } from './data';
import { type DebtorDraft, makeDebtor } from './people';
import { Random } from './random';

export const SAMPLE_FILE_NAME = 'cartera-ejemplo.xlsx';
const SAMPLE_SEED = 16_001;

/** The bank's headers: all recognized by autoMapping (see packages/shared/src/schemas/imports.ts). */
export const SAMPLE_HEADERS = [
  'Nro. Cuenta',
  'Nro. Documento',
  'CUIT/CUIL',
  'Apellido y Nombre',
  'Producto',
  'Saldo Deuda',
  'Fecha Alta',
  'Fecha Mora',
  'Celular',
  'Tel. Laboral',
  'Domicilio',
  'Localidad',
  'Provincia',
  'CP',
  'E-mail',
  'Observaciones',
] as const;

/** What importing the sample into a company with no debts yields (the planted rows below). */
export const SAMPLE_EXPECTED = {
  totalRows: 40,
  created: { debtors: 30, debts: 36 },
  rejected: 4,
  warnings: 1,
} as const;

/**
 * The rows planted wrong, by data row (1 = the first row under the headers; the errors file's
 * "Fila" is the sheet's row number, one more): each is rejected with its reason, except the
 * warning, whose row is imported with the e-mail left empty.
 */
export const SAMPLE_PLANTED = {
  wrongCuitCheckDigit: 8,
  missingAmount: 17,
  impossibleDate: 26,
  unknownProduct: 33,
  invalidEmail: 12,
} as const;
export const SAMPLE_UNKNOWN_PRODUCT = 'Seguro de sepelio';

type Cell = string | number | Date | null;

const pad = (n: number) => String(n).padStart(2, '0');
const utc = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d));
const slash = (date: Date) =>
  `${pad(date.getUTCDate())}/${pad(date.getUTCMonth() + 1)}/${date.getUTCFullYear()}`;

/** "1.234.567,89" from cents. */
function esAr(cents: number): string {
  const whole = Math.floor(cents / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${whole},${pad(cents % 100)}`;
}

const dotted = (dni: string) => dni.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
const dashed = (cuit: string) => `${cuit.slice(0, 2)}-${cuit.slice(2, 10)}-${cuit.slice(10)}`;

/** A CUIT whose check digit is off by one (the planted error). */
const wrongCheckDigit = (cuit: string) => `${cuit.slice(0, 10)}${(Number(cuit.slice(10)) + 1) % 10}`;

const NOTES = [
  'Refinanciado en 2023, cuotas impagas desde la 4',
  'Sin contacto desde marzo',
  'Pidió plan de pagos por teléfono',
  'Domicilio laboral informado por el titular',
  'Deuda cedida por el área de recupero',
];

const PRODUCTS = ['Tarjeta de crédito', 'Tarjeta de crédito', 'Préstamo personal'];

/** The sample's rows (without the header row), the same on every call. */
export function sampleRows(): Cell[][] {
  const rng = new Random(SAMPLE_SEED);
  const taken = new Set<string>();
  const people: DebtorDraft[] = Array.from({ length: 34 }, () => makeDebtor(rng, taken));
  const references = new Set<string>();
  const rows: Cell[][] = [];
  // 30 debtors with one account, six of them with a second: 36 good rows; then the four planted.
  const plan: DebtorDraft[] = [];
  for (let i = 0; i < 30; i++) {
    plan.push(people[i] as DebtorDraft);
    if (i % 5 === 2) plan.push(people[i] as DebtorDraft);
  }
  const planted = new Map<number, number>([
    [SAMPLE_PLANTED.wrongCuitCheckDigit, 30],
    [SAMPLE_PLANTED.missingAmount, 31],
    [SAMPLE_PLANTED.impossibleDate, 32],
    [SAMPLE_PLANTED.unknownProduct, 33],
  ]);
  let next = 0;
  for (let n = 1; n <= SAMPLE_EXPECTED.totalRows; n++) {
    const plantedIndex = planted.get(n);
    const person = plantedIndex === undefined ? plan[next++] : people[plantedIndex];
    if (!person) throw new Error('faltan personas para la planilla de ejemplo');
    let product = PRODUCTS[rng.int(0, PRODUCTS.length - 1)] as string;
    const range = COLLECTION_TYPES[product] ?? { min: 10_000, max: 500_000, prefix: 'DE' };
    let reference: string;
    do reference = `${range.prefix === 'TC' ? '4517' : '0285'}-${rng.digits(8)}`;
    while (references.has(reference));
    references.add(reference);

    const cents = rng.int(range.min * 100, Math.min(range.max, 2_500_000) * 100);
    // Amounts: a numeric cell, es-AR text, or with the peso sign.
    const style = n % 3;
    let amount: Cell = style === 0 ? cents / 100 : style === 1 ? esAr(cents) : `$ ${esAr(cents)}`;
    const origin = utc(rng.int(2019, 2023), rng.int(1, 12), rng.int(1, 28));
    const mora = utc(origin.getUTCFullYear() + 1, rng.int(1, 12), rng.int(1, 28));
    // Dates: date cells in most rows, dd/mm/aaaa text in every fourth.
    let moraCell: Cell = n % 4 === 0 ? slash(mora) : mora;
    const originCell: Cell = n % 4 === 0 ? slash(origin) : origin;

    // Identity: DNI with or without dots, CUIT with or without dashes; row 21 has only the CUIT.
    let dni: Cell = n % 2 === 0 ? dotted(person.dni) : Number(person.dni);
    let cuit: Cell = person.cuit ? (n % 3 === 0 ? person.cuit : dashed(person.cuit)) : null;
    if (n === 21) dni = null;
    let email: Cell = person.email;
    if (n === SAMPLE_PLANTED.wrongCuitCheckDigit && person.cuit) cuit = dashed(wrongCheckDigit(person.cuit));
    if (n === SAMPLE_PLANTED.missingAmount) amount = null;
    if (n === SAMPLE_PLANTED.impossibleDate) moraCell = '31/02/2024';
    if (n === SAMPLE_PLANTED.unknownProduct) product = SAMPLE_UNKNOWN_PRODUCT;
    if (n === SAMPLE_PLANTED.invalidEmail)
      email = `${person.lastName.toLowerCase().replace(/\s/g, '')}@gmail`;
    if (n === 21) cuit = person.cuit;

    rows.push([
      reference,
      dni,
      cuit,
      `${person.lastName.toUpperCase()}, ${person.firstName}`,
      product,
      amount,
      originCell,
      moraCell,
      person.phone,
      person.altPhone,
      person.address,
      person.city,
      person.province === 'Ciudad Autónoma de Buenos Aires' ? 'CABA' : person.province,
      person.postalCode,
      email,
      rng.chance(0.25) ? (NOTES[rng.int(0, NOTES.length - 1)] as string) : null,
    ]);
  }
  return rows;
}

/** The sample workbook: one sheet "Cartera", headers in bold, date cells shown as dd/mm/aaaa. */
export async function sampleWorkbook(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Banco del Plata S.A.';
  // Fixed, so the file's bytes do not change from one run to the next.
  workbook.created = utc(2026, 1, 5);
  workbook.modified = utc(2026, 1, 5);
  const sheet = workbook.addWorksheet('Cartera');
  sheet.addRow([...SAMPLE_HEADERS]).font = { bold: true };
  for (const values of sampleRows()) {
    const row = sheet.addRow(values);
    row.eachCell((cell, column) => {
      if (cell.value instanceof Date) cell.numFmt = 'dd/mm/yyyy';
      else if (typeof cell.value === 'number' && column === 6) cell.numFmt = '#,##0.00';
    });
  }
  sheet.columns.forEach((column, i) => {
    column.width = [14, 14, 16, 30, 20, 16, 12, 12, 16, 16, 34, 20, 16, 8, 32, 40][i] ?? 14;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
