import { type DebtBalance, formatDni, formatMoney, fromCents, oneLine, toCents } from '@cobranzas/shared';
import { type Agency, letterhead } from './letterhead';
import { dayText } from './receipt';
import type { Content, TDocumentDefinitions } from './render';
import { factsTable, thinLayout, totalsTable } from './tables';

/** A ledger row the sheet lists: a payment or deposit imputed, a cost charged, interest booked. */
export interface LiquidationLine {
  date: string;
  kind: 'PAYMENT' | 'DEPOSIT' | 'SERVICE' | 'MORA';
  amount: string;
  description: string | null;
  /** MORA: the interest booked when a plan was agreed (else a quota's late fee). */
  planInterest: boolean;
}

/** A line of the totals: what was charged, less what was paid, to the total. */
export interface TotalLine {
  label: string;
  amount: string;
  strong: boolean;
}

/**
 * The totals as a court reads them — everything charged, then what came off — from the one amount
 * owed: the original capital, each segment's interest, the interest and fees booked, the costs, less
 * the agreed reductions and the payments, equal to the balance call's total. The balance's own
 * capital, interest and costs are what is left of each after the payments, which is why they are not
 * printed here; a sheet that would not add up is an error, never a document.
 */
export function liquidationTotals(
  originalAmount: string,
  owed: DebtBalance,
  lines: readonly LiquidationLine[],
): TotalLine[] {
  const sum = (amounts: string[]) => amounts.reduce((cents, amount) => cents + toCents(amount), 0n);
  const segments = (kind: 'interest' | 'punitive') =>
    sum(owed.segments.filter((s) => s.kind === kind).map((s) => s.amount));
  const booked = (pick: (line: LiquidationLine) => boolean) => sum(lines.filter(pick).map((l) => l.amount));
  const charged: [string, bigint][] = [
    ['Capital', toCents(originalAmount)],
    ['Intereses compensatorios', segments('interest')],
    ['Intereses punitorios', segments('punitive')],
    ['Intereses del plan de pagos', booked((l) => l.kind === 'MORA' && l.planInterest)],
    ['Mora de cuotas', booked((l) => l.kind === 'MORA' && !l.planInterest)],
    ['Costas y gastos', booked((l) => l.kind === 'SERVICE')],
  ];
  const credited: [string, bigint][] = [
    ['Menos: quitas acordadas', toCents(owed.reductions)],
    ['Menos: pagos imputados', toCents(owed.paid)],
  ];
  const total =
    charged.reduce((cents, [, amount]) => cents + amount, 0n) -
    credited.reduce((cents, [, amount]) => cents + amount, 0n);
  if (total !== toCents(owed.total))
    throw new Error(`La planilla no cierra: ${fromCents(total)} contra ${owed.total} del saldo.`);
  const shown = [...charged, ...credited].filter(([label, amount]) => amount !== 0n || label === 'Capital');
  return [
    ...shown.map(([label, amount]) => ({ label, amount: fromCents(amount), strong: false })),
    { label: `Total al ${dayText(owed.date)}`, amount: owed.total, strong: true },
  ];
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
  totals: readonly TotalLine[];
}

const BASIS_TEXT = {
  RATES: 'Intereses por tabla de tasas desde la mora',
  PLAN: 'Plan de pagos acordado',
  BOOKS: 'Saldo según registros (sin intereses)',
} as const;
const LINE_KIND_TEXT = { PAYMENT: 'Pago', DEPOSIT: 'Depósito judicial' } as const;

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
  const paid = sheet.lines.filter((l) => l.kind === 'PAYMENT' || l.kind === 'DEPOSIT');
  const costs = sheet.lines.filter((l) => l.kind === 'SERVICE' || l.kind === 'MORA');
  const costText = (l: LiquidationLine) =>
    l.kind === 'SERVICE'
      ? oneLine(l.description ?? 'Gasto')
      : l.planInterest
        ? 'Intereses del plan de pagos'
        : 'Mora de cuota';
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
        paid.map((l) => [
          dayText(l.date),
          LINE_KIND_TEXT[l.kind as 'PAYMENT' | 'DEPOSIT'],
          right(money(l.amount)),
        ]),
      ),
      ...table(
        'Costas, gastos e intereses registrados',
        [60, '*', 90],
        header(['Fecha', 'Concepto', 'Importe'], 2),
        costs.map((l) => [dayText(l.date), costText(l), right(money(l.amount))]),
      ),
      totalsTable(sheet.totals.map((line) => ({ ...line, amount: money(line.amount) }))),
    ],
    footer: (page: number, pages: number) => ({
      text: `${title} · ${oneLine(sheet.caption).slice(0, 80)} · Página ${page} de ${pages}`,
      style: 'small',
      alignment: 'center',
    }),
  } as TDocumentDefinitions;
}
