import { type DebtBalance, formatDni, formatMoney, oneLine } from '@cobranzas/shared';
import { type Agency, letterhead } from './letterhead';
import { dayText } from './receipt';
import type { Content, TDocumentDefinitions } from './render';
import { factsTable, thinLayout, totalsTable } from './tables';

/** A ledger row the sheet lists: a payment or deposit imputed, a cost charged. */
export interface LiquidationLine {
  date: string;
  kind: 'PAYMENT' | 'DEPOSIT' | 'SERVICE';
  amount: string;
  description: string | null;
}

export interface LiquidationSheet {
  date: string;
  caption: string;
  number: string | null;
  court: string | null;
  secretary: string | null;
  fuero: string | null;
  jurisdiction: string | null;
  debtor: string;
  dni: string;
  company: string;
  defaultDate: string | null;
  owed: DebtBalance;
  lines: readonly LiquidationLine[];
}

const BASIS_TEXT = {
  RATES: 'Intereses por tabla de tasas desde la mora',
  PLAN: 'Plan de pagos acordado',
  BOOKS: 'Saldo según registros (sin intereses)',
} as const;
const LINE_KIND_TEXT = { PAYMENT: 'Pago', DEPOSIT: 'Depósito judicial', SERVICE: 'Costas' } as const;

const right = (text: string): Content => ({ text, alignment: 'right' });
const header = (labels: string[], rightFrom: number): Content[] =>
  labels.map((text, i) => ({ text, bold: true, alignment: i >= rightFrom ? 'right' : 'left' }));

function table(title: string, widths: (number | string)[], head: Content[], rows: Content[][]): Content[] {
  if (rows.length === 0) return [];
  return [
    { text: title, bold: true, margin: [0, 10, 0, 4] },
    { table: { headerRows: 1, widths, body: [head, ...rows] }, layout: thinLayout, fontSize: 8 },
  ];
}

/**
 * The liquidation sheet a court expects (issue 37, DESIGN.md §11.6): the case's carátula, capital,
 * interest segment by segment from the default date to the date, payments imputed, costs and the
 * total — every figure the one amount owed's for that date (GET /api/debts/{id}/balance).
 */
export function liquidationDocument(agency: Agency, sheet: LiquidationSheet): TDocumentDefinitions {
  const { owed } = sheet;
  const money = (value: string) => formatMoney(value, owed.currency as 'ARS' | 'USD');
  const title = `Planilla de liquidación al ${dayText(sheet.date)}`;
  const court = [sheet.fuero, sheet.court, sheet.secretary].filter(Boolean).join(' · ');
  const facts: [string, string][] = [
    ['Autos', oneLine(sheet.caption)],
    ['Expediente', sheet.number ?? 'sin número'],
    ...(court ? ([['Tribunal', oneLine(court)]] as [string, string][]) : []),
    ...(sheet.jurisdiction ? ([['Jurisdicción', oneLine(sheet.jurisdiction)]] as [string, string][]) : []),
    ['Acreedor', oneLine(sheet.company)],
    ['Deudor', `${oneLine(sheet.debtor)} · DNI ${formatDni(sheet.dni)}`],
    ['Mora desde', sheet.defaultDate ? dayText(sheet.defaultDate) : '—'],
    ['Cálculo', BASIS_TEXT[owed.basis]],
  ];
  const segments = owed.segments.map((s) => [
    dayText(s.from),
    dayText(s.to),
    s.kind === 'interest' ? 'Compensatorio' : 'Punitorio',
    right(String(s.days)),
    right(money(s.capital)),
    right(`${s.annualRate.replace('.', ',')} %`),
    right(money(s.amount)),
  ]);
  const paid = sheet.lines.filter((l) => l.kind !== 'SERVICE');
  const costs = sheet.lines.filter((l) => l.kind === 'SERVICE');
  const totals: [string, string, boolean][] = [
    ['Capital', owed.capital, false],
    ['Intereses compensatorios', owed.interest, false],
    ['Intereses punitorios', owed.punitive, false],
    ['Costas y gastos', owed.services, false],
    ...(owed.reductions !== '0.00'
      ? ([['Menos: quitas acordadas', owed.reductions, false]] as [string, string, boolean][])
      : []),
    ['Menos: pagos imputados', owed.paid, false],
    [`Total al ${dayText(sheet.date)}`, owed.total, true],
  ];
  return {
    info: { title, author: agency.name || 'Agencia de cobranzas' },
    content: [
      letterhead(agency),
      { text: title, style: 'title' },
      factsTable(facts),
      ...table(
        'Intereses por tramo',
        [52, 52, 70, 30, 80, 50, '*'],
        header(['Desde', 'Hasta', 'Tipo', 'Días', 'Capital', 'Tasa anual', 'Importe'], 3),
        segments,
      ),
      ...table(
        'Pagos imputados',
        [60, '*', 90],
        header(['Fecha', 'Tipo', 'Importe'], 2),
        paid.map((l) => [dayText(l.date), LINE_KIND_TEXT[l.kind], right(money(l.amount))]),
      ),
      ...table(
        'Costas y gastos',
        [60, '*', 90],
        header(['Fecha', 'Concepto', 'Importe'], 2),
        costs.map((l) => [dayText(l.date), oneLine(l.description ?? 'Gasto'), right(money(l.amount))]),
      ),
      totalsTable(totals.map(([label, amount, strong]) => ({ label, amount: money(amount), strong }))),
    ],
    footer: (page: number, pages: number) => ({
      text: `${title} · ${oneLine(sheet.caption).slice(0, 80)} · Página ${page} de ${pages}`,
      style: 'small',
      alignment: 'center',
    }),
  } as TDocumentDefinitions;
}
