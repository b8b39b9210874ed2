import type { Writable } from 'node:stream';
import { agencyToday, formatCuit, oneLine, SETTLEMENT_LINE_KIND_LABELS } from '@cobranzas/shared';
import ExcelJS from 'exceljs';
import type { Agency } from '../pdf/letterhead';
import { dayText } from '../pdf/receipt';
import {
  collectedBy,
  debtorDocument,
  periodText,
  type StatementHead,
  type StatementLine,
  stageName,
  statementTitle,
  totalRows,
} from './settlementStatement';
import { keepUp } from './xlsx';

const MONEY_STYLE: Record<StatementHead['currency'], Partial<ExcelJS.Style>> = {
  ARS: { numFmt: '"$" #,##0.00' },
  USD: { numFmt: '"US$" #,##0.00' },
};
const DATE_STYLE: Partial<ExcelJS.Style> = { numFmt: 'dd/mm/yyyy' };
const RATE_STYLE: Partial<ExcelJS.Style> = { numFmt: '0.00" %"' };

export const STATEMENT_COLUMNS = [
  { header: 'Fecha', key: 'date', width: 12 },
  { header: 'Tipo', key: 'kind', width: 11 },
  { header: 'Deudor', key: 'debtor', width: 34 },
  { header: 'DNI/CUIT', key: 'document', width: 15 },
  { header: 'Referencia', key: 'reference', width: 18 },
  { header: 'Etapa', key: 'stage', width: 14 },
  { header: 'Comisión %', key: 'rate', width: 12 },
  { header: 'Importe', key: 'amount', width: 18 },
  { header: 'Cobrado por', key: 'by', width: 16 },
];
/** Where the totals' amounts go: under the lines' Importe. */
const AMOUNT_COLUMN = 8;

/** A day (YYYY-MM-DD) as an Excel date: ExcelJS writes Dates as UTC serials. */
const excelDate = (day: string) => new Date(`${day}T00:00:00Z`);

/**
 * Writes the statement with ExcelJS's streaming writer: the heading (agency, company, number or
 * «Borrador», period, currency), one row per line as `pages` yields them, then the totals as the
 * settlement stored them. Amounts are the stored decimal strings, made numbers only at the cell.
 * Returns how many lines it wrote.
 */
export async function writeSettlementWorkbook(
  out: Writable,
  agency: Agency,
  head: StatementHead,
  pages: AsyncIterable<StatementLine[]>,
): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = agency.name || 'Cobranzas';
  // ExcelJS listens to its zip's errors only while finishing; before that one would crash the process.
  (workbook as unknown as { zip: NodeJS.EventEmitter }).zip.on('error', (error: Error) => out.destroy(error));
  const heading: [string, string][] = [
    ['Compañía', `${head.company.name} (CUIT ${formatCuit(head.company.cuit)})`],
    ['Período', periodText(head)],
    ['Moneda', head.currency],
    ['Estado', head.closedAt ? `Cerrada el ${dayText(agencyToday(head.closedAt))}` : 'Borrador'],
  ];
  // Agency name, its CUIT, the title, the heading, a blank row: then the lines' header.
  const headerRow = 3 + heading.length + 2;
  const sheet = workbook.addWorksheet('Rendición', { views: [{ state: 'frozen', ySplit: headerRow }] });
  sheet.columns = STATEMENT_COLUMNS.map(({ key, width }) => ({ key, width }));
  sheet.autoFilter = `A${headerRow}:I${headerRow}`;

  const agencyRow = sheet.addRow([agency.name || 'Agencia de cobranzas']);
  agencyRow.font = { bold: true, size: 13 };
  agencyRow.commit();
  sheet.addRow([agency.cuit ? `CUIT ${formatCuit(agency.cuit)}` : '']).commit();
  const title = sheet.addRow([statementTitle(head)]);
  title.font = { bold: true, size: 12 };
  title.commit();
  for (const [label, value] of heading) {
    const row = sheet.addRow([label, value]);
    row.getCell(1).font = { bold: true };
    row.commit();
  }
  sheet.addRow([]).commit();
  const header = sheet.addRow(STATEMENT_COLUMNS.map((column) => column.header));
  header.font = { bold: true };
  header.commit();

  const money = MONEY_STYLE[head.currency];
  let count = 0;
  for await (const page of pages) {
    if (out.destroyed) throw new Error('el cliente cerró la conexión');
    for (const line of page) {
      const row = sheet.addRow({
        date: excelDate(line.date),
        kind: SETTLEMENT_LINE_KIND_LABELS[line.kind],
        debtor: oneLine(line.debtor),
        document: debtorDocument(line),
        reference: oneLine(line.reference ?? ''),
        stage: stageName(line.debtTypeId),
        rate: Number(line.commissionRate),
        amount: Number(line.amount),
        by: collectedBy(line),
      });
      row.getCell('date').style = DATE_STYLE;
      row.getCell('rate').style = RATE_STYLE;
      row.getCell('amount').style = money;
      row.commit();
      count++;
    }
    await keepUp(sheet, out);
  }

  sheet.addRow([]).commit();
  for (const total of totalRows(head)) {
    const row = sheet.addRow([total.label]);
    const cell = row.getCell(AMOUNT_COLUMN);
    cell.value = Number(total.amount);
    // Not the shared style object: a bold row would make every amount in the sheet bold.
    cell.numFmt = money.numFmt as string;
    if (total.strong) row.font = { bold: true };
    row.commit();
  }
  sheet.commit();
  await workbook.commit();
  return count;
}
