/**
 * GET /api/reconciliations/{id}/pending: what is left of a file (lines to review and unmatched), in an
 * .xlsx streamed page by page with ExcelJS's streaming writer, as the import's errors file is.
 */
import { PassThrough, type Writable } from 'node:stream';
import { LINE_STATUS_LABELS, MATCH_CONFIDENCE_LABELS } from '@cobranzas/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { keepUp, streamingSheet } from '../../reports/xlsx';
import { listLines } from './lines';

const PAGE = 200;

async function writePending(out: Writable, db: Db, reconciliationId: number) {
  const { workbook, sheet } = streamingSheet(out, 'Pendientes', [
    { header: 'Fila', key: 'row', width: 8 },
    { header: 'Fecha', key: 'date', width: 12, style: { numFmt: 'dd/mm/yyyy' } },
    { header: 'Importe', key: 'amount', width: 16, style: { numFmt: '"$" #,##0.00' } },
    { header: 'Concepto', key: 'description', width: 40 },
    { header: 'Referencia', key: 'reference', width: 20 },
    { header: 'Ordenante', key: 'payer', width: 28 },
    { header: 'CUIT/DNI del ordenante', key: 'payerId', width: 18 },
    { header: 'Número de transacción', key: 'transaction', width: 22 },
    { header: 'Estado', key: 'status', width: 18 },
    { header: 'Confianza', key: 'confidence', width: 30 },
    { header: 'Candidatos', key: 'candidates', width: 70 },
  ]);
  for (const status of ['A_REVISAR', 'SIN_COINCIDENCIA'] as const) {
    for (let page = 1; ; page++) {
      if (out.destroyed) throw new Error('el cliente cerró la conexión');
      const { data } = await listLines(db, reconciliationId, { status, page, pageSize: PAGE });
      for (const line of data) {
        const row = sheet.addRow({
          row: line.rowNumber,
          date: new Date(`${line.date}T00:00:00Z`),
          // An Excel number (its cells are binary): exact to the cent for any amount NUMERIC(15,2) holds.
          amount: Number(line.amount),
          description: line.description ?? '',
          reference: line.reference ?? '',
          payer: line.payerName ?? '',
          payerId: line.payerId ?? '',
          transaction: line.transactionId ?? '',
          status: LINE_STATUS_LABELS[line.status],
          confidence: MATCH_CONFIDENCE_LABELS[line.confidence],
          candidates: line.candidates
            .map(
              (c) =>
                `${c.debtorName} (DNI ${c.dni}, ${c.companyName}${c.reference ? `, ${c.reference}` : ''}): ${c.reason}`,
            )
            .join('; '),
        });
        row.commit();
      }
      await keepUp(sheet, out);
      if (data.length < PAGE) break;
    }
  }
  sheet.commit();
  await workbook.commit();
}

export function pendingFileStream(db: Db, reconciliationId: number, log: Pick<FastifyBaseLogger, 'error'>) {
  const out = new PassThrough();
  out.on('error', () => {});
  writePending(out, db, reconciliationId).catch((error: unknown) => {
    log.error({ err: error }, 'planilla de pendientes de conciliación interrumpida');
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
}
