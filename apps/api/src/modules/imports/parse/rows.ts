/**
 * Reads the rows of an uploaded portfolio (.xlsx or .csv) as a stream: memory stays flat whatever
 * the number of rows. The first non-empty row holds the headers; each later non-empty row comes out
 * as `{ rowNumber, cells: { header: value } }`, rowNumber being the row Excel shows (for a CSV, the
 * record's position counting blank lines, which is the row Excel shows when it opens the file).
 * A file that cannot be read at all throws an ImportFileError with a Spanish message.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type CellValue, cellText, isBlank } from '@cobranzas/shared/imports';
import { CsvError, parse as parseCsv } from 'csv-parse';
import ExcelJS from 'exceljs';
import { detectDelimiter, firstBytes } from '../../../sniff';
import { DEFAULT_READ_LIMITS, FILE_ERRORS, ImportFileError, type ReadLimits } from './errors';
import { InflateBudget, openZipEntry, readZipDirectory, type ZipEntry, ZipFormatError } from './zip';

export type ImportKind = 'xlsx' | 'csv';
/** The upload: a file on disk, or a stream of its bytes (an .xlsx stream is first copied to a temp file). */
export type ImportFile = { path: string } | { stream: Readable };
/** A cell as read: text (CSV, text cells), number, boolean, Date (date cells) or null. */
export type { CellValue };

export interface SheetRow {
  rowNumber: number;
  /** Every header of the file, with null where the row has nothing. */
  cells: Record<string, CellValue>;
}

/** The rows of one file. Iterate it once; `close` (or stopping the iteration) releases the file. */
export interface RowSource extends AsyncIterable<SheetRow> {
  /** The headers as written in the file (trimmed; a repeated one gets " (2)", " (3)"…). */
  readonly headers: string[];
  close(): Promise<void>;
}

interface RawRow {
  rowNumber: number;
  values: CellValue[];
}

// ---------------------------------------------------------------------------------------------------
// Entry point

export async function readRows(
  file: ImportFile,
  kind: ImportKind,
  limits: Partial<ReadLimits> = {},
): Promise<RowSource> {
  const max: ReadLimits = { ...DEFAULT_READ_LIMITS, ...limits };
  const cleanups: (() => Promise<void>)[] = [];
  const cleanup = async () => {
    for (const done of cleanups.splice(0)) await done().catch(() => {});
  };
  try {
    let raw: AsyncGenerator<RawRow>;
    if (kind === 'xlsx') {
      let path: string;
      if ('path' in file) {
        path = file.path;
      } else {
        const dir = await mkdtemp(join(tmpdir(), 'import-'));
        cleanups.push(() => rm(dir, { recursive: true, force: true }));
        path = join(dir, 'upload.xlsx');
        await pipeline(file.stream, sizeCap(max.maxFileBytes), createWriteStream(path));
      }
      await checkSize(path, max.maxFileBytes);
      await sniffXlsx(path);
      raw = xlsxRows(path, max);
    } else {
      let bytes: AsyncIterable<Buffer>;
      if ('path' in file) {
        await checkSize(file.path, max.maxFileBytes);
        bytes = createReadStream(file.path);
      } else {
        bytes = file.stream.pipe(sizeCap(max.maxFileBytes));
      }
      raw = csvRows(bytes, max);
    }
    cleanups.unshift(async () => {
      await raw.return(undefined);
    });
    return await withHeaders(raw, max, cleanup);
  } catch (error) {
    await cleanup();
    throw error;
  }
}

async function checkSize(path: string, limit: number): Promise<void> {
  const { size } = await stat(path);
  if (size === 0) throw FILE_ERRORS.empty();
  if (size > limit) throw FILE_ERRORS.tooLarge(limit);
}

/** A pass-through that fails with TOO_LARGE past `limit` bytes and with EMPTY when nothing came. */
function sizeCap(limit: number) {
  let total = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      total += chunk.length;
      if (total > limit) done(FILE_ERRORS.tooLarge(limit));
      else done(null, chunk);
    },
    flush(done) {
      done(total === 0 ? FILE_ERRORS.empty() : null);
    },
  });
}

/** Headers from the first non-empty row; the first data row is read ahead so "headers only" fails here. */
async function withHeaders(
  raw: AsyncGenerator<RawRow>,
  limits: ReadLimits,
  cleanup: () => Promise<void>,
): Promise<RowSource> {
  let headerRow: RawRow | undefined;
  for (;;) {
    const next = await raw.next();
    if (next.done) throw FILE_ERRORS.noHeaders();
    if (!next.value.values.every(isBlank)) {
      headerRow = next.value;
      break;
    }
  }
  // Column index → header; blank header cells leave their column out.
  const columns: [number, string][] = [];
  const seen = new Map<string, number>();
  headerRow.values.forEach((value, index) => {
    const text = cellText(value);
    if (!text) return;
    const count = (seen.get(text) ?? 0) + 1;
    seen.set(text, count);
    columns.push([index, count === 1 ? text : `${text} (${count})`]);
  });
  const headers = columns.map(([, header]) => header);

  const toRow = (row: RawRow): SheetRow | null => {
    const cells: Record<string, CellValue> = {};
    let empty = true;
    for (const [index, header] of columns) {
      const value = row.values[index] ?? null;
      cells[header] = value;
      if (!isBlank(value)) empty = false;
    }
    return empty ? null : { rowNumber: row.rowNumber, cells };
  };

  const nextRow = async (): Promise<SheetRow | null> => {
    for (;;) {
      const next = await raw.next();
      if (next.done) return null;
      const row = toRow(next.value);
      if (row) return row;
    }
  };

  const first = await nextRow();
  if (!first) throw FILE_ERRORS.noData();

  let iterated = false;
  return {
    headers,
    close: cleanup,
    async *[Symbol.asyncIterator]() {
      if (iterated) throw new Error('Las filas de un archivo se leen una sola vez.');
      iterated = true;
      try {
        let count = 0;
        for (let row: SheetRow | null = first; row; row = await nextRow()) {
          if (++count > limits.maxRows) throw FILE_ERRORS.tooManyRows(limits.maxRows);
          yield row;
        }
      } finally {
        await cleanup();
      }
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// xlsx

const MAGIC = {
  zip: Buffer.from([0x50, 0x4b, 0x03, 0x04]),
  emptyZip: Buffer.from([0x50, 0x4b, 0x05, 0x06]),
  cfb: Buffer.from([0xd0, 0xcf, 0x11, 0xe0]),
  pdf: Buffer.from('%PDF'),
};

/** What a file that should be an .xlsx really is, by its first bytes. */
async function sniffXlsx(path: string): Promise<void> {
  const head = await firstBytes(path, 512);
  if (head.subarray(0, 4).equals(MAGIC.zip) || head.subarray(0, 4).equals(MAGIC.emptyZip)) return;
  if (head.subarray(0, 4).equals(MAGIC.cfb)) throw FILE_ERRORS.legacyOrEncrypted();
  if (head.subarray(0, 4).equals(MAGIC.pdf)) throw FILE_ERRORS.notXlsx(' (es un PDF)');
  if (!head.includes(0)) throw FILE_ERRORS.notXlsx(' (parece un texto o CSV)');
  throw FILE_ERRORS.notXlsx();
}

/** ExcelJS 4.4's WorkbookReader, driven part by part (its own `parse` walks the zip in file order). */
interface WorkbookReaderParts {
  workbookRels?: { Id: string; Target: string; Type: string }[];
  model?: { sheets?: { rId: string }[] };
  sharedStrings?: unknown[];
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseWorksheet(
    entry: Readable,
    sheetNo: string,
  ): Generator<{ eventType: string; value: AsyncIterable<ExcelJS.Row> }>;
}

function zipError(error: unknown, limits: ReadLimits): unknown {
  if (error instanceof ImportFileError) return error;
  if (error instanceof ZipFormatError) {
    if (error.reason === 'too-big') return FILE_ERRORS.uncompressedTooLarge(limits.maxUncompressedBytes);
    if (error.reason === 'encrypted') return FILE_ERRORS.legacyOrEncrypted();
    if (error.reason === 'not-zip') return FILE_ERRORS.notXlsx();
  }
  return FILE_ERRORS.corrupt(error);
}

/** A part's path inside the zip from a relationship target of xl/workbook.xml ("worksheets/sheet1.xml"). */
const partPath = (target: string) => (target.startsWith('/') ? target.slice(1) : `xl/${target}`);

async function* xlsxRows(path: string, limits: ReadLimits): AsyncGenerator<RawRow> {
  try {
    const entries = await readZipDirectory(path);
    const byName = new Map<string, ZipEntry>(entries.map((e) => [e.name.replace(/^\//, ''), e]));
    const workbookEntry = byName.get('xl/workbook.xml');
    if (!workbookEntry) throw FILE_ERRORS.notXlsx();
    const budget = new InflateBudget(limits.maxUncompressedBytes);
    const openPart = (entry: ZipEntry) => openZipEntry(path, entry, budget);

    const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, {
      worksheets: 'emit',
      sharedStrings: 'cache',
      styles: 'cache', // date cells come out as Dates only with the styles
      hyperlinks: 'ignore',
      entries: 'ignore',
    }) as unknown as WorkbookReaderParts;

    const relsEntry = byName.get('xl/_rels/workbook.xml.rels');
    if (relsEntry) await reader._parseRels(await openPart(relsEntry));
    await reader._parseWorkbook(await openPart(workbookEntry));
    const rels = reader.workbookRels ?? [];
    const relOfType = (type: string) => rels.find((r) => r.Type?.endsWith(`/${type}`));

    // The first sheet in the workbook's tab order, else the lowest-numbered sheet part.
    const firstRel = rels.find((r) => r.Id === reader.model?.sheets?.[0]?.rId);
    const sheetEntry =
      (firstRel && byName.get(partPath(firstRel.Target))) ??
      entries
        .filter((e) => /^xl\/worksheets\/sheet\d+\.xml$/.test(e.name))
        .sort((a, b) => sheetNumber(a.name) - sheetNumber(b.name))[0];
    if (!sheetEntry) throw FILE_ERRORS.noHeaders();

    const stylesEntry = byName.get(partPath(relOfType('styles')?.Target ?? 'styles.xml'));
    const stringsEntry = byName.get(partPath(relOfType('sharedStrings')?.Target ?? 'sharedStrings.xml'));
    // Honest zip bombs declare their size: refuse before inflating anything.
    const declared = [stylesEntry, stringsEntry, sheetEntry].reduce(
      (sum, e) => sum + (e?.declaredSize ?? 0),
      0,
    );
    if (declared > limits.maxUncompressedBytes)
      throw FILE_ERRORS.uncompressedTooLarge(limits.maxUncompressedBytes);
    if ((stringsEntry?.declaredSize ?? 0) > limits.maxSharedStringsBytes)
      throw FILE_ERRORS.tooManyTexts(limits.maxSharedStringsBytes);

    if (stylesEntry) await reader._parseStyles(await openPart(stylesEntry));
    if (stringsEntry) for await (const _ of reader._parseSharedStrings(await openPart(stringsEntry)));
    else reader.sharedStrings = [];

    const sheetStream = await openPart(sheetEntry);
    try {
      for (const { value: worksheet } of reader._parseWorksheet(
        sheetStream,
        String(sheetNumber(sheetEntry.name)),
      )) {
        for await (const row of worksheet) {
          const values: CellValue[] = [];
          row.eachCell({ includeEmpty: false }, (cell, column) => {
            values[column - 1] = cellValue(cell.value, cell.numFmt);
          });
          yield { rowNumber: row.number, values };
        }
      }
    } finally {
      sheetStream.destroy();
    }
  } catch (error) {
    throw zipError(error, limits);
  }
}

/**
 * What an .xlsx says it inflates to, all its parts together (its zip's directory, read without
 * inflating anything); Infinity when that cannot be read. A file may lie: the read still counts
 * every byte it inflates against its cap.
 */
export async function declaredXlsxSize(path: string): Promise<number> {
  try {
    const entries = await readZipDirectory(path);
    return entries.reduce((sum, entry) => sum + entry.declaredSize, 0);
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

const sheetNumber = (name: string) => Number(/(\d+)\.xml$/.exec(name)?.[1] ?? Number.MAX_SAFE_INTEGER);

/** An ExcelJS cell value as a plain value: rich text → its text, a formula → its result, an error → "#N/A". */
function cellValue(value: ExcelJS.CellValue, numFmt?: string): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return numFmt?.includes('%') ? percentText(value) : value;
  if (typeof value === 'string' || typeof value === 'boolean' || value instanceof Date) return value;
  if (typeof value === 'object') {
    if ('richText' in value && Array.isArray(value.richText))
      return value.richText.map((r) => r.text ?? '').join('');
    if ('formula' in value || 'sharedFormula' in value) {
      const result = (value as { result?: unknown }).result;
      if (result && typeof result === 'object' && 'error' in result) return String(result.error);
      return cellValue((result ?? null) as ExcelJS.CellValue, numFmt);
    }
    if ('error' in value) return String(value.error);
    if ('text' in value && typeof value.text === 'string') return value.text;
  }
  return null;
}

/** A percent-formatted cell's value as the text Excel shows: 0.125 → "12.5%" (decimal point moved as text). */
function percentText(value: number): string {
  const text = String(value);
  if (/e/i.test(text)) return `${value * 100}%`;
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const digits = `${whole}${fraction.padEnd(2, '0')}`;
  const point = whole.length + 2;
  const shifted = `${digits.slice(0, point)}.${digits.slice(point)}`
    .replace(/^0+(?=\d)/, '')
    .replace(/\.?0*$/, '');
  return `${negative ? '-' : ''}${shifted || '0'}%`;
}

// ---------------------------------------------------------------------------------------------------
// csv

/** Windows-1252's characters for bytes 0x80–0x9F (WHATWG index); the other bytes are Latin-1's. */
const CP1252_C1 =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';
const cp1252Decoder = new TextDecoder('windows-1252');

/**
 * Windows-1252 bytes as text. Node's TextDecoder('windows-1252') maps 0x80–0x9F as Latin-1 (C1
 * controls, not €, “, ”, –…) on Node 20.18.3+ (nodejs/node#60888), so those are mapped here.
 */
export function decodeWindows1252(bytes: Uint8Array): string {
  return cp1252Decoder
    .decode(bytes)
    .replace(/[\u0080-\u009f]/g, (c) => CP1252_C1[c.charCodeAt(0) - 0x80] as string);
}

/** How many leading bytes of `bytes` end on a complete UTF-8 sequence (the rest waits for the next chunk). */
function completeUtf8(bytes: Buffer): number {
  let i = bytes.length - 1;
  let back = 0;
  while (i >= 0 && back < 3 && ((bytes[i] as number) & 0xc0) === 0x80) {
    i--;
    back++;
  }
  if (i < 0) return bytes.length;
  const lead = bytes[i] as number;
  const need = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  return bytes.length - i < need ? i : bytes.length;
}

/**
 * The text of a CSV's bytes: UTF-8 with or without BOM; UTF-16 with its BOM (Excel's "Texto
 * Unicode"); Windows-1252 (Excel's "CSV" on Windows in Spanish) when the bytes are not valid UTF-8 —
 * from the first chunk that is not: the chunks before it were valid UTF-8, usually plain ASCII, which
 * reads the same in both.
 */
async function* decodeCsv(bytes: AsyncIterable<Buffer>): AsyncGenerator<string> {
  const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  let mode: 'start' | 'utf8' | 'cp1252' | 'utf16le' | 'utf16be' = 'start';
  let utf16: InstanceType<typeof TextDecoder> | null = null;
  let carry: Buffer = Buffer.alloc(0);
  let sawAny = false;
  for await (const chunk of bytes) {
    let data: Buffer = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
    carry = Buffer.alloc(0);
    if (data.length === 0) continue;
    if (mode === 'start') {
      if (data.length < 4 && !sawAny) {
        carry = data;
        sawAny = true;
        continue;
      }
      sniffCsv(data);
      if (data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf) {
        data = data.subarray(3);
        mode = 'utf8';
      } else if ((data[0] === 0xff && data[1] === 0xfe) || (data[0] === 0xfe && data[1] === 0xff)) {
        mode = data[0] === 0xff ? 'utf16le' : 'utf16be';
        utf16 = new TextDecoder(mode === 'utf16le' ? 'utf-16le' : 'utf-16be');
        data = data.subarray(2);
      } else {
        mode = 'utf8';
      }
    }
    if (utf16) {
      yield utf16.decode(data, { stream: true });
      continue;
    }
    if (mode === 'utf8') {
      const end = completeUtf8(data);
      try {
        const text = utf8.decode(data.subarray(0, end));
        carry = Buffer.from(data.subarray(end));
        yield text;
        continue;
      } catch {
        mode = 'cp1252';
      }
    }
    yield decodeWindows1252(data);
  }
  if (mode === 'start' && carry.length > 0) {
    // A file of fewer than four bytes.
    sniffCsv(carry);
    yield carry.toString('utf8').replace(/^\ufeff/, '');
    return;
  }
  if (utf16) {
    yield utf16.decode();
  } else if (carry.length > 0) {
    // Bytes that never completed a UTF-8 sequence: the file is not UTF-8 after all.
    yield decodeWindows1252(carry);
  }
}

/** A file that should be a CSV but is binary. */
function sniffCsv(head: Buffer): void {
  const start = head.subarray(0, 4);
  if (start.equals(MAGIC.zip) || start.equals(MAGIC.emptyZip))
    throw FILE_ERRORS.notCsv(' (es un Excel .xlsx)');
  if (start.equals(MAGIC.cfb)) throw FILE_ERRORS.notCsv(' (es un Excel antiguo .xls)');
  if (start.equals(MAGIC.pdf)) throw FILE_ERRORS.notCsv(' (es un PDF)');
  const utf16 = (head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff);
  if (!utf16 && head.subarray(0, 4096).includes(0)) throw FILE_ERRORS.notCsv(' (tiene contenido binario)');
}

export { detectDelimiter };

/** The first non-blank record of `text` when it is complete (ends with a line break outside quotes). */
function firstRecord(text: string): string | null {
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) {
      const record = text.slice(start, i);
      if (record.trim() !== '') return record;
      start = i + 1;
    }
  }
  return null;
}

const SNIFF_LIMIT = 64 * 1024;
const MAX_RECORD_CHARS = 1_000_000;

const CSV_MESSAGES: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'hay comillas sin cerrar',
  CSV_INVALID_CLOSING_QUOTE: 'hay texto pegado a unas comillas de cierre',
  CSV_MAX_RECORD_SIZE_EXCEEDED: 'una fila es demasiado larga (¿comillas sin cerrar?)',
  CSV_RECORD_INCONSISTENT_FIELDS_LENGTH: 'las filas tienen distinta cantidad de columnas',
};

async function* csvRows(bytes: AsyncIterable<Buffer>, limits: ReadLimits): AsyncGenerator<RawRow> {
  const text = decodeCsv(bytes);
  // Read ahead until the first record is complete, to pick the delimiter.
  let head = '';
  let done = false;
  while (firstRecord(head) === null && head.length < SNIFF_LIMIT) {
    const next = await text.next();
    if (next.done) {
      done = true;
      break;
    }
    head += next.value;
  }
  if (head.trim() === '') throw head.length === 0 && done ? FILE_ERRORS.empty() : FILE_ERRORS.noHeaders();
  const delimiter = detectDelimiter(firstRecord(head) ?? head);

  async function* all() {
    yield head;
    if (!done) yield* text;
  }
  const source = Readable.from(all(), { objectMode: false });
  const parser = parseCsv({
    delimiter,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
    max_record_size: MAX_RECORD_CHARS,
  });
  source.on('error', (error) => parser.destroy(error));
  source.pipe(parser);
  let rowNumber = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      rowNumber++;
      if (rowNumber > limits.maxRows * 2 + 1_000) throw FILE_ERRORS.tooManyRows(limits.maxRows);
      yield { rowNumber, values: record };
    }
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines;
      throw FILE_ERRORS.csvSyntax(line, CSV_MESSAGES[error.code] ?? 'el formato no es válido', error);
    }
    throw FILE_ERRORS.csvSyntax(undefined, 'el formato no es válido', error);
  } finally {
    source.destroy();
    parser.destroy();
  }
}
