import type { Import } from '@cobranzas/shared';
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
