import { crc32, deflateRawSync, constants as zlibConstants } from 'node:zlib';
import { cuitCheckDigit, type Import } from '@cobranzas/shared';
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { TestApp } from './helpers';
import { call } from './helpers';
import { multipartBody } from './multipart';

/** An .xlsx whose first sheet holds `rows` (the first is the header row). */
export async function xlsxOf(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Cartera');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export const csvOf = (rows: string[][], separator = ';') =>
  Buffer.from(`${rows.map((r) => r.join(separator)).join('\r\n')}\r\n`, 'utf8');

export interface UploadArgs {
  content: Buffer;
  fileName?: string;
  companyId?: number | string;
  mapping?: Record<string, string> | string;
  dryRun?: boolean;
  url?: string;
}

/** POST /api/imports (or /preview) as the web sends it. */
export function upload(t: TestApp, token: string, args: UploadArgs) {
  const parts = [
    ...(args.companyId !== undefined ? [{ name: 'companyId', value: String(args.companyId) }] : []),
    ...(args.mapping !== undefined
      ? [
          {
            name: 'mapping',
            value: typeof args.mapping === 'string' ? args.mapping : JSON.stringify(args.mapping),
          },
        ]
      : []),
    ...(args.dryRun !== undefined ? [{ name: 'dryRun', value: String(args.dryRun) }] : []),
    { name: 'file', filename: args.fileName ?? 'cartera.xlsx', content: args.content },
  ];
  const { payload, headers } = multipartBody(parts);
  return call(t.app, token, { method: 'POST', url: args.url ?? '/api/imports', payload, headers });
}

/** Polls GET /api/imports/{id} until it leaves QUEUED/RUNNING. */
export async function finished(t: TestApp, token: string, id: number, timeoutMs = 60_000): Promise<Import> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const response = await call(t.app, token, { method: 'GET', url: `/api/imports/${id}` });
    expect(response.status).toBe(200);
    const record = response.body as Import;
    if (record.status !== 'QUEUED' && record.status !== 'RUNNING') return record;
    if (Date.now() > until) throw new Error(`la importación ${id} sigue ${record.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Uploads and waits for the end. */
export async function runImport(t: TestApp, token: string, args: UploadArgs): Promise<Import> {
  const response = await upload(t, token, args);
  expect(response.status, JSON.stringify(response.body)).toBe(202);
  return finished(t, token, (response.body as { id: number }).id);
}

/** The rows of GET /api/imports/{id}/errors as objects keyed by header. */
export async function errorsFile(t: TestApp, token: string, id: number) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/imports/${id}/errors`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.statusCode).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('sin hoja');
  const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const rows: Record<string, unknown>[] = [];
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    const values = (row.values as unknown[]).slice(1);
    rows.push(Object.fromEntries(headers.map((h, i) => [h, values[i] ?? null])));
  });
  return { headers, rows };
}

/** A person's CUIT for a DNI (20, else 27 or 23 when 20 has no valid check digit). */
export function cuitFor(dni: string): string {
  for (const prefix of ['20', '27', '23']) {
    const firstTen = `${prefix}${dni.padStart(8, '0')}`;
    const check = cuitCheckDigit(firstTen);
    if (check !== null) return `${firstTen}${check}`;
  }
  throw new Error(`sin CUIT para ${dni}`);
}

/** "20123456786" → "20-12345678-6". */
export const dashed = (cuit: string) => `${cuit.slice(0, 2)}-${cuit.slice(2, 10)}-${cuit.slice(10)}`;

/** Every row of a GET list, page by page. */
export async function listAll(t: TestApp, token: string, url: string) {
  const rows: Record<string, unknown>[] = [];
  for (let page = 1; ; page++) {
    const separator = url.includes('?') ? '&' : '?';
    const response = await call(t.app, token, {
      method: 'GET',
      url: `${url}${separator}limit=500&page=${page}`,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    rows.push(...response.body.data);
    if (response.body.data.length < 500) return rows;
  }
}

/** The debts an import created, by reference. */
export async function debtsOfImport(t: TestApp, token: string, importId: number) {
  const rows = await listAll(t, token, `/api/debts?importId=${importId}`);
  return new Map(rows.map((row) => [row.reference as string, row]));
}

/** What GET /api/imports/{id} counts, for one toEqual. */
export const countsOf = (record: Import) => ({
  status: record.status,
  totalRows: record.totalRows,
  processedRows: record.processedRows,
  created: record.created,
  updatedDebtors: record.updatedDebtors,
  unchanged: record.unchanged,
  rejected: record.rejected,
  warnings: record.warnings,
});

// ---------------------------------------------------------------------------------------------------
// A zip built by hand (an .xlsx's container), for the zip bomb.

export interface ZipPart {
  name: string;
  /** Raw deflate data (method 8). */
  deflated: Buffer;
  crc: number;
  size: number;
}

export const deflatedPart = (name: string, data: Buffer): ZipPart => ({
  name,
  deflated: deflateRawSync(data),
  crc: crc32(data),
  size: data.length,
});

export function zipOf(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(part.crc >>> 0, 14);
    local.writeUInt32LE(part.deflated.length, 18);
    local.writeUInt32LE(part.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(part.crc >>> 0, 16);
    central.writeUInt32LE(part.deflated.length, 20);
    central.writeUInt32LE(part.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, part.deflated);
    centrals.push(central, name);
    offset += 30 + name.length + part.deflated.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const WORKBOOK_XML =
  '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Cartera" sheetId="1" r:id="rId1"/></sheets></workbook>';
const RELS_XML =
  '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>';

/**
 * A real zip bomb posing as an .xlsx: its sheet inflates to `megabytes` MB (a header row, a data row,
 * then blanks) but weighs about 1 KB per MB. Built from independent deflate blocks (each ends with a
 * full flush, so one compressed MB of blanks repeats), without ever holding the inflated sheet.
 */
export function zipBombXlsx(megabytes = 600): Buffer {
  const flush = { finishFlush: zlibConstants.Z_FULL_FLUSH };
  const head = Buffer.from(
    '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' +
      '<row r="1"><c r="A1" t="inlineStr"><is><t>DNI</t></is></c><c r="B1" t="inlineStr"><is><t>Cuenta</t></is></c><c r="C1" t="inlineStr"><is><t>Monto</t></is></c></row>' +
      '<row r="2"><c r="A2"><v>20123456</v></c><c r="B2" t="inlineStr"><is><t>B-1</t></is></c><c r="C2"><v>10</v></c></row>',
  );
  const blanks = Buffer.alloc(1024 * 1024, 0x20);
  const tail = Buffer.from('</sheetData></worksheet>');
  const blanksDeflated = deflateRawSync(blanks, flush);
  const chunks = [deflateRawSync(head, flush)];
  let crc = crc32(head);
  for (let i = 0; i < megabytes; i++) {
    chunks.push(blanksDeflated);
    crc = crc32(blanks, crc);
  }
  chunks.push(deflateRawSync(tail));
  crc = crc32(tail, crc);
  const size = head.length + megabytes * blanks.length + tail.length;
  if (size > 0xffffffff) throw new Error('demasiado grande para un zip sin zip64');
  return zipOf([
    deflatedPart('xl/workbook.xml', Buffer.from(WORKBOOK_XML)),
    deflatedPart('xl/_rels/workbook.xml.rels', Buffer.from(RELS_XML)),
    { name: 'xl/worksheets/sheet1.xml', deflated: Buffer.concat(chunks), crc, size },
  ]);
}
