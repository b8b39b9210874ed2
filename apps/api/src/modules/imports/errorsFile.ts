/**
 * GET /api/imports/{id}/errors (DESIGN.md §10.1): the rejected and warned rows in an .xlsx, with the
 * file's own columns plus `Fila` and `Motivo`, streamed page by page (an import may reject 100 000
 * rows) with ExcelJS's streaming writer.
 */
import { PassThrough, type Writable } from 'node:stream';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { importIssues } from '../../db/schema';
import { keepUp, streamingSheet } from '../../reports/xlsx';

const PAGE = 2000;

/** How each row's outcome starts its `Motivo`. */
export const ISSUE_PREFIX = { rejected: 'No se importó: ', warned: 'Se importó. ' };

async function* issuePages(db: Db, importId: number) {
  let after = 0;
  for (;;) {
    const page = await db
      .select()
      .from(importIssues)
      .where(and(eq(importIssues.importId, importId), gt(importIssues.rowNumber, after)))
      .orderBy(asc(importIssues.rowNumber))
      .limit(PAGE);
    if (page.length === 0) return;
    yield page;
    after = page[page.length - 1]?.rowNumber ?? after;
  }
}

async function writeErrorsWorkbook(out: Writable, db: Db, importId: number, headers: string[]) {
  const { workbook, sheet } = streamingSheet(out, 'Errores', [
    { header: 'Fila', key: 'row', width: 8 },
    ...headers.map((header, i) => ({
      header,
      key: `c${i}`,
      width: Math.min(40, Math.max(12, header.length + 2)),
    })),
    { header: 'Motivo', key: 'reason', width: 80 },
  ]);
  // One remark per row at most: the row number orders and pages them (index import_id, row_number).
  for await (const page of issuePages(db, importId)) {
    if (out.destroyed) throw new Error('el cliente cerró la conexión');
    for (const issue of page) {
      const cells = issue.cells as string[];
      const values: Record<string, string | number> = {
        row: issue.rowNumber,
        reason:
          (issue.rejected ? ISSUE_PREFIX.rejected : ISSUE_PREFIX.warned) +
          issue.reasons.split('\n').join('; '),
      };
      headers.forEach((_, i) => {
        values[`c${i}`] = cells[i] ?? '';
      });
      const row = sheet.addRow(values);
      row.getCell('reason').alignment = { wrapText: true, vertical: 'top' };
      row.commit();
    }
    await keepUp(sheet, out);
  }
  sheet.commit();
  await workbook.commit();
}

/** The workbook as a stream for the reply; a failure midway ends it (and is logged). */
export function errorsFileStream(
  db: Db,
  importId: number,
  headers: string[],
  log: Pick<FastifyBaseLogger, 'error'>,
) {
  const out = new PassThrough();
  out.on('error', () => {});
  writeErrorsWorkbook(out, db, importId, headers).catch((error: unknown) => {
    log.error({ err: error }, 'archivo de errores de importación interrumpido');
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
}
