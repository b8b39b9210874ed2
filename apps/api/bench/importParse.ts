/**
 * The import's parsing layer on a big portfolio: writes an N-row .xlsx (default 100 000) with
 * ExcelJS's streaming writer, then reads it with readRows and validates each row with toImportRow,
 * reporting the time and the growth of the resident memory over the reading (sampled every 10 ms)
 * against the memory before it. Flat memory = the growth does not depend on N.
 *
 *   node --expose-gc --import tsx apps/api/bench/importParse.ts [rows] [xlsx|csv]
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { autoMapping } from '@cobranzas/shared';
import { toImportRow } from '@cobranzas/shared/imports';
import ExcelJS from 'exceljs';
import { readRows } from '../src/modules/imports/parse/rows';

const HEADERS = [
  'Nro Operación',
  'Apellido y Nombre',
  'DNI',
  'CUIT',
  'Saldo Deuda',
  'Fecha Mora',
  'Provincia',
  'Teléfono',
  'Domicilio',
];
const PROVINCES = ['Córdoba', 'CABA', 'Buenos Aires', 'Santa Fe', 'Mendoza'];

function rowOf(i: number): (string | number | Date)[] {
  return [
    `OP-${i}`,
    `PÉREZ${i % 997}, Juan ${i % 13}`,
    10_000_000 + i,
    '',
    Math.round(i * 137.31) / 100,
    new Date(Date.UTC(2020 + (i % 5), i % 12, 1 + (i % 28))),
    PROVINCES[i % PROVINCES.length] as string,
    `11${String(40_000_000 + i)}`,
    `Calle ${i % 500} ${i % 9000}`,
  ];
}

async function writeXlsx(path: string, rows: number) {
  const writer = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: path,
    useSharedStrings: process.env.INLINE !== '1',
    useStyles: true,
  });
  const sheet = writer.addWorksheet('Cartera');
  sheet.addRow(HEADERS).commit();
  for (let i = 1; i <= rows; i++) {
    const row = sheet.addRow(rowOf(i));
    row.getCell(6).numFmt = 'dd/mm/yyyy';
    row.commit();
  }
  await sheet.commit();
  await writer.commit();
}

async function writeCsv(path: string, rows: number) {
  const out = createWriteStream(path);
  const line = (cells: unknown[]) =>
    `${cells.map((c) => (c instanceof Date ? c.toISOString().slice(0, 10) : String(c))).join(';')}\n`;
  out.write(line(HEADERS));
  for (let i = 1; i <= rows; i++)
    if (!out.write(line(rowOf(i)))) await new Promise<void>((r) => out.once('drain', () => r()));
  await new Promise<void>((r) => out.end(() => r()));
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main() {
  const rows = Number(process.argv[2] ?? 100_000);
  const kind = (process.argv[3] ?? 'xlsx') as 'xlsx' | 'csv';
  const dir = await mkdtemp(join(tmpdir(), 'import-bench-'));
  try {
    const path = join(dir, `cartera.${kind}`);
    let t = performance.now();
    await (kind === 'xlsx' ? writeXlsx(path, rows) : writeCsv(path, rows));
    const { size } = await stat(path);
    console.log(
      `wrote ${rows} rows (${kind}, ${mb(size)}) in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );

    globalThis.gc?.();
    await new Promise((r) => setTimeout(r, 200));
    globalThis.gc?.();
    const base = process.memoryUsage().rss;
    let peak = base;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 10);

    t = performance.now();
    const source = await readRows({ path }, kind);
    const mapping = autoMapping(source.headers);
    let read = 0;
    let ok = 0;
    for await (const row of source) {
      read++;
      if (!('errors' in toImportRow(row.cells, mapping))) ok++;
      if (read % 10_000 === 0) peak = Math.max(peak, process.memoryUsage().rss);
    }
    const seconds = (performance.now() - t) / 1000;
    clearInterval(sampler);
    console.log(
      `read+validated ${read} rows (${ok} valid) in ${seconds.toFixed(2)} s (${Math.round(read / seconds)} rows/s); ` +
        `RSS before ${mb(base)}, peak ${mb(peak)}, growth ${mb(peak - base)}`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
