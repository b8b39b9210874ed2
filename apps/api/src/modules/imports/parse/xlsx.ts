/**
 * The rows of an .xlsx's first sheet, streamed: yauzl opens the zip by its directory (zip.ts), the
 * caps are checked on the declared sizes (which yauzl then holds the file to), and ExcelJS's public
 * streaming reader parses a zip made of just the parts it needs, in the order it needs them.
 */
import type { Readable } from 'node:stream';
import type { CellValue } from '@cobranzas/shared/imports';
import ExcelJS from 'exceljs';
import { SaxesParser } from 'saxes';
import type { Entry } from 'yauzl';
import { firstBytes } from '../../../sniff';
import { FILE_ERRORS, ImportFileError, type ReadLimits } from './errors';
import { checkReadable, openZip, repack, type Zip, ZipFormatError } from './zip';

export interface RawRow {
  rowNumber: number;
  values: CellValue[];
}

export const MAGIC = {
  zip: Buffer.from([0x50, 0x4b, 0x03, 0x04]),
  emptyZip: Buffer.from([0x50, 0x4b, 0x05, 0x06]),
  cfb: Buffer.from([0xd0, 0xcf, 0x11, 0xe0]),
  pdf: Buffer.from('%PDF'),
};

/** What a file that should be an .xlsx really is, by its first bytes. */
export async function sniffXlsx(path: string): Promise<void> {
  const head = await firstBytes(path, 512);
  if (head.subarray(0, 4).equals(MAGIC.zip) || head.subarray(0, 4).equals(MAGIC.emptyZip)) return;
  if (head.subarray(0, 4).equals(MAGIC.cfb)) throw FILE_ERRORS.legacyOrEncrypted();
  if (head.subarray(0, 4).equals(MAGIC.pdf)) throw FILE_ERRORS.notXlsx(' (es un PDF)');
  if (!head.includes(0)) throw FILE_ERRORS.notXlsx(' (parece un texto o CSV)');
  throw FILE_ERRORS.notXlsx();
}

function zipError(error: unknown): unknown {
  if (error instanceof ImportFileError) return error;
  if (error instanceof ZipFormatError) {
    if (error.reason === 'encrypted') return FILE_ERRORS.legacyOrEncrypted();
    if (error.reason === 'not-zip') return FILE_ERRORS.notXlsx();
  }
  return FILE_ERRORS.corrupt(error);
}

// ---------------------------------------------------------------------------------------------------
// Which parts: the workbook's index (its sheets and their relationships), read whole with saxes

/** workbook.xml and its relationships are a few KB; past this the file is not an ordinary workbook. */
const MAX_INDEX_BYTES = 4 * 1024 * 1024;
const MAX_STYLES_BYTES = 32 * 1024 * 1024;

async function readSmall(zip: Zip, entry: Entry): Promise<string> {
  if (entry.uncompressedSize > MAX_INDEX_BYTES) throw FILE_ERRORS.corrupt();
  const chunks: Buffer[] = [];
  for await (const chunk of await zip.open(entry)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Each element of `xml`, by its local name (a "x:" prefix dropped), with its attributes. */
function eachElement(xml: string, visit: (name: string, attributes: Record<string, string>) => void) {
  const parser = new SaxesParser();
  parser.on('opentag', (tag) =>
    visit(tag.name.replace(/^.*:/, ''), tag.attributes as Record<string, string>),
  );
  parser.write(xml).close();
}

/** A part's path inside the zip from a relationship target of xl/workbook.xml ("worksheets/sheet1.xml"). */
const partPath = (target: string) => (target.startsWith('/') ? target.slice(1) : `xl/${target}`);
const sheetNumber = (name: string) => Number(/(\d+)\.xml$/.exec(name)?.[1] ?? Number.MAX_SAFE_INTEGER);

interface WorkbookParts {
  workbook: Entry;
  rels?: Entry;
  styles?: Entry;
  strings?: Entry;
  sheet: Entry;
}

async function workbookParts(zip: Zip): Promise<WorkbookParts> {
  const workbook = zip.entries.get('xl/workbook.xml');
  if (!workbook) throw FILE_ERRORS.notXlsx();
  const rels = zip.entries.get('xl/_rels/workbook.xml.rels');
  const relations: { id: string; target: string; type: string }[] = [];
  if (rels)
    eachElement(await readSmall(zip, rels), (name, a) => {
      if (name === 'Relationship')
        relations.push({ id: a.Id ?? '', target: a.Target ?? '', type: a.Type ?? '' });
    });
  let firstSheetId: string | undefined;
  eachElement(await readSmall(zip, workbook), (name, attributes) => {
    if (name !== 'sheet' || firstSheetId !== undefined) return;
    firstSheetId = Object.entries(attributes).find(([key]) => key.endsWith(':id'))?.[1] ?? '';
  });
  const byType = (type: string) => relations.find((r) => r.type.endsWith(`/${type}`))?.target;
  const firstRel = relations.find((r) => r.id === firstSheetId);
  // The first sheet in the workbook's tab order, else the lowest-numbered sheet part.
  const sheet =
    (firstRel && zip.entries.get(partPath(firstRel.target))) ??
    [...zip.entries.entries()]
      .filter(([name]) => /^xl\/worksheets\/sheet\d+\.xml$/.test(name))
      .sort(([a], [b]) => sheetNumber(a) - sheetNumber(b))[0]?.[1];
  if (!sheet) throw FILE_ERRORS.noHeaders();
  return {
    workbook,
    rels,
    styles: zip.entries.get(partPath(byType('styles') ?? 'styles.xml')),
    strings: zip.entries.get(partPath(byType('sharedStrings') ?? 'sharedStrings.xml')),
    sheet,
  };
}

// ---------------------------------------------------------------------------------------------------
// The rows

const RELS_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
/**
 * ExcelJS reads a sheet straight from the stream only once it has seen the workbook's relationships
 * and shared strings: a file without them (a streaming writer's inline strings) gets empty ones.
 */
const EMPTY_RELS = Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${RELS_NS}"/>`);
const EMPTY_STRINGS = Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${MAIN_NS}"/>`);

export async function* xlsxRows(path: string, limits: ReadLimits): AsyncGenerator<RawRow> {
  let zip: Zip | undefined;
  let source: { stream: Readable; close(): void } | undefined;
  try {
    zip = await openZip(path);
    const parts = await workbookParts(zip);
    // Honest zip bombs declare their size, and yauzl holds each part to what it declares.
    const declared = [parts.styles, parts.strings, parts.sheet].reduce(
      (sum, e) => sum + (e?.uncompressedSize ?? 0),
      0,
    );
    if (declared > limits.maxUncompressedBytes)
      throw FILE_ERRORS.uncompressedTooLarge(limits.maxUncompressedBytes);
    if ((parts.strings?.uncompressedSize ?? 0) > limits.maxSharedStringsBytes)
      throw FILE_ERRORS.tooManyTexts(limits.maxSharedStringsBytes);
    // ExcelJS keeps in memory whatever follows the styles' closing tag (it drains the part with a
    // listener left behind): real styles weigh KB, a few MB at most.
    if ((parts.styles?.uncompressedSize ?? 0) > MAX_STYLES_BYTES) throw FILE_ERRORS.corrupt();
    for (const entry of [parts.styles, parts.strings, parts.sheet]) if (entry) checkReadable(entry);

    // What fails inside the repacked zip reaches us here, not through ExcelJS (see repack).
    const failed = new AbortController();
    source = repack(
      zip,
      [
        {
          name: 'xl/_rels/workbook.xml.rels',
          ...(parts.rels ? { entry: parts.rels } : { bytes: EMPTY_RELS }),
        },
        { name: 'xl/workbook.xml', entry: parts.workbook },
        ...(parts.styles ? [{ name: 'xl/styles.xml', entry: parts.styles }] : []),
        {
          name: 'xl/sharedStrings.xml',
          ...(parts.strings ? { entry: parts.strings } : { bytes: EMPTY_STRINGS }),
        },
        { name: 'xl/worksheets/sheet1.xml', entry: parts.sheet },
      ],
      (error) => failed.abort(error),
    );
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(source.stream, {
      worksheets: 'emit',
      sharedStrings: 'cache',
      styles: 'cache', // date cells come out as Dates only with the styles
      hyperlinks: 'ignore',
      entries: 'ignore',
    });
    const next = <T>(iterator: AsyncIterator<T>) => nextOrFailure(iterator, failed.signal);
    const sheet = await next(reader[Symbol.asyncIterator]());
    if (sheet.done) throw FILE_ERRORS.noHeaders();
    const rows = sheet.value[Symbol.asyncIterator]();
    for (let row = await next(rows); !row.done; row = await next(rows)) {
      const values: CellValue[] = [];
      row.value.eachCell({ includeEmpty: false }, (cell, column) => {
        values[column - 1] = cellValue(cell.value, cell.numFmt);
      });
      yield { rowNumber: row.value.number, values };
    }
  } catch (error) {
    throw zipError(error);
  } finally {
    source?.close();
    zip?.close();
  }
}

/**
 * The iterator's next value, or the failure `signal` aborts with, whichever comes first. (Not
 * Promise.race with one long-lived promise: each race would leave it a reaction holding its row.)
 */
function nextOrFailure<T>(iterator: AsyncIterator<T>, signal: AbortSignal): Promise<IteratorResult<T>> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    iterator.next().then(
      (result) => {
        signal.removeEventListener('abort', onAbort);
        resolve(result);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/**
 * What an .xlsx says it inflates to, all its parts together (its zip's directory, read without
 * inflating anything); Infinity when that cannot be read. yauzl holds every part to what it declares.
 */
export async function declaredXlsxSize(path: string): Promise<number> {
  try {
    const zip = await openZip(path);
    zip.close();
    return [...zip.entries.values()].reduce((sum, entry) => sum + entry.uncompressedSize, 0);
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

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
