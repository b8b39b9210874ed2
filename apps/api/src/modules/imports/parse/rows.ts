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
import { detectDelimiter } from '../../../sniff';
import { DEFAULT_READ_LIMITS, FILE_ERRORS, ImportFileError, type ReadLimits } from './errors';
import { stagedRows } from './staged';
import { MAGIC, type RawRow, sniffXlsx, xlsxRows } from './xlsx';

/** What an upload is read as. */
export type FileKind = 'xlsx' | 'csv';
/** And `rows`: the rows the upload staged for the job (staged.ts). */
export type ImportKind = FileKind | 'rows';
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

// ---------------------------------------------------------------------------------------------------
// Entry point

export async function readRows(
  file: ImportFile,
  kind: ImportKind,
  limits: Partial<ReadLimits> = {},
): Promise<RowSource> {
  if (kind === 'rows') {
    if (!('path' in file)) throw new Error('Las filas guardadas se leen de un archivo.');
    return stagedRows(file.path);
  }
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
// csv

const cp1252Decoder = new TextDecoder('windows-1252');

/** Windows-1252 bytes as text (0x80–0x9F as €, “, ”, –…: right on Node 24; Node 20 read them as Latin-1). */
export function decodeWindows1252(bytes: Uint8Array): string {
  return cp1252Decoder.decode(bytes);
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
