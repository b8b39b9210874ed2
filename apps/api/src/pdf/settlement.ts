import {
  agencyToday,
  formatCuit,
  formatMoney,
  oneLine,
  SETTLEMENT_LINE_KIND_LABELS,
} from '@cobranzas/shared';
import {
  collectedBy,
  debtorDocument,
  periodText,
  rateText,
  type StatementHead,
  type StatementLine,
  stageName,
  statementTitle,
  totalRows,
} from '../reports/settlementStatement';
import { type Agency, letterhead } from './letterhead';
import { dayText } from './receipt';
import type { Content, TDocumentDefinitions } from './render';
import { factsTable, thinLayout, totalsTable } from './tables';

const HEADERS = [
  'Fecha',
  'Tipo',
  'Deudor',
  'DNI/CUIT',
  'Referencia',
  'Etapa',
  'Com.',
  'Importe',
  'Cobrado por',
];
// 483 pt between the margins; the debtor takes what is left.
const WIDTHS = [42, 38, '*', 50, 56, 50, 28, 62, 48];

/** A table cell: one line of text whatever was stored (issue 30). */
const cell = (value: string, right = false): Content => {
  const text = oneLine(value);
  return right ? { text, alignment: 'right' } : { text };
};

function lineRow(line: StatementLine, currency: StatementHead['currency']): Content[] {
  return [
    cell(dayText(line.date)),
    cell(SETTLEMENT_LINE_KIND_LABELS[line.kind]),
    cell(line.debtor),
    cell(debtorDocument(line)),
    cell(line.reference ?? ''),
    cell(stageName(line.debtTypeId)),
    cell(rateText(line.commissionRate), true),
    cell(formatMoney(line.amount, currency), true),
    cell(collectedBy(line)),
  ];
}

/**
 * The statement as a PDF (DESIGN.md §10.4): the agency's letterhead, who and what period, the lines
 * in a small-type table whose header repeats on every page, and the totals. A draft says so across
 * every page.
 */
export function settlementDocument(
  agency: Agency,
  head: StatementHead,
  lines: readonly StatementLine[],
): TDocumentDefinitions {
  const title = statementTitle(head);
  const facts: [string, string][] = [
    ['Compañía', `${oneLine(head.company.name)} · CUIT ${formatCuit(head.company.cuit)}`],
    ['Período', periodText(head)],
    ['Moneda', head.currency],
    ['Estado', head.closedAt ? `Cerrada el ${dayText(agencyToday(head.closedAt))}` : 'Borrador'],
    ['Líneas', String(head.items)],
  ];
  const totals = totalRows(head).map((row) => ({ ...row, amount: formatMoney(row.amount, head.currency) }));
  return {
    info: { title, author: agency.name || 'Agencia de cobranzas' },
    ...(head.number === null ? { watermark: { text: 'BORRADOR', opacity: 0.08, bold: true } } : {}),
    content: [
      letterhead(agency),
      { text: title, style: 'title' },
      factsTable(facts),
      {
        table: {
          headerRows: 1,
          widths: WIDTHS,
          body: [
            HEADERS.map((text, i) => ({
              text,
              bold: true,
              alignment: i === 6 || i === 7 ? 'right' : 'left',
            })),
            ...lines.map((line) => lineRow(line, head.currency)),
          ],
        },
        layout: thinLayout,
        fontSize: 7,
        lineHeight: 1,
      },
      totalsTable(totals),
    ],
    footer: (page, pages) => ({
      text: `${title} · Página ${page} de ${pages}`,
      style: 'small',
      alignment: 'center',
    }),
  } as TDocumentDefinitions;
}
