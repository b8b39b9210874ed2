import {
  agencyToday,
  amountInWords,
  formatCuit,
  formatMoney,
  LABELS,
  oneLine,
  type PaymentMethod,
} from '@cobranzas/shared';
import { type Agency, letterhead } from './letterhead';
import type { Content, TDocumentDefinitions } from './render';

/** What a receipt prints (DESIGN.md §10.5), for a payment or a deposit. */
export interface ReceiptContent {
  number: number;
  issuedAt: Date;
  kind: 'payment' | 'deposit';
  /** YYYY-MM-DD: the payment's or the deposit's date. */
  paidAt: string;
  amount: string;
  currency: 'ARS' | 'USD';
  /** Payments: their method. */
  method: PaymentMethod | null;
  /** Deposits: the bank and account. */
  bank: string | null;
  account: string | null;
  /** The payment's own receipt number, as typed (a paper receipt given before, a bank's). */
  externalNumber: string | null;
  notes: string | null;
  /** What the debt still owed when the receipt was first printed (the amount owed, §11.1); null: not kept. */
  remaining: string | null;
  /** The plan's quota it was made for («cuota 3 de 12»), when it was. */
  quota: { number: number; of: number } | null;
  debtor: { lastName: string; firstName: string; dni: string; cuit: string | null };
  debt: { id: number; reference: string | null };
  company: string;
}

/** 42 → "00000042": receipt numbers print with 8 digits. */
export const receiptNumberText = (number: number) => String(number).padStart(8, '0');

/** "recibo-00000042.pdf". */
export const receiptFileName = (number: number) => `recibo-${receiptNumberText(number)}.pdf`;

/** "2026-11-25" → "25/11/2026". */
export const dayText = (date: string) => date.split('-').reverse().join('/');

/** "12345678" → "12.345.678". */
const dniText = (dni: string) => dni.replace(/\B(?=(\d{3})+$)/g, '.');

const row = (label: string, value: Content): Content[] => [{ text: label, style: 'label' }, value];

/** The receipt's whole document: letterhead, number and dates, who paid, how much, for what. */
export function receiptDocument(agency: Agency, receipt: ReceiptContent): TDocumentDefinitions {
  const number = receiptNumberText(receipt.number);
  // Stored values print on their own line only where the receipt puts them (issue 30).
  const debtor = {
    ...receipt.debtor,
    lastName: oneLine(receipt.debtor.lastName),
    firstName: oneLine(receipt.debtor.firstName),
  };
  const debt = { ...receipt.debt, reference: receipt.debt.reference && oneLine(receipt.debt.reference) };
  const company = oneLine(receipt.company);
  const ids = [`DNI ${dniText(debtor.dni)}`, debtor.cuit ? `CUIT ${formatCuit(debtor.cuit)}` : null]
    .filter(Boolean)
    .join(' · ');
  const how =
    receipt.kind === 'payment'
      ? receipt.method
        ? LABELS.paymentMethod[receipt.method]
        : 'Pago'
      : [
          'Depósito',
          receipt.bank ? `en ${oneLine(receipt.bank)}` : null,
          receipt.account ? `cuenta ${oneLine(receipt.account)}` : null,
        ]
          .filter(Boolean)
          .join(' ');
  const what = receipt.kind === 'payment' ? 'Pago' : 'Depósito';
  const forWhat = receipt.quota
    ? `${what} de la cuota ${receipt.quota.number} de ${receipt.quota.of} del plan de pagos de la deuda`
    : `${what} a cuenta de la deuda`;
  const concept = `${forWhat} ${debt.reference ? `${debt.reference} ` : ''}(N° ${debt.id}) con ${company}`;
  const rows: Content[][] = [
    row('Recibimos de', {
      text: [`${debtor.lastName}, ${debtor.firstName}`, { text: `  ${ids}`, style: 'small' }],
    }),
    row('La suma de', { text: formatMoney(receipt.amount, receipt.currency), bold: true, fontSize: 13 }),
    row('Son', { text: amountInWords(receipt.amount, receipt.currency) }),
    row('En concepto de', concept),
    row(receipt.kind === 'payment' ? 'Fecha de pago' : 'Fecha del depósito', dayText(receipt.paidAt)),
    row('Medio de pago', how),
  ];
  if (receipt.externalNumber) rows.push(row('Comprobante', oneLine(receipt.externalNumber)));
  if (receipt.remaining !== null)
    rows.push(
      row(
        'Saldo restante',
        `${formatMoney(receipt.remaining, receipt.currency)} al ${dayText(agencyToday(receipt.issuedAt))}`,
      ),
    );
  if (receipt.notes) rows.push(row('Observaciones', receipt.notes));
  return {
    info: { title: `Recibo N° ${number}`, author: agency.name || 'Agencia de cobranzas' },
    content: [
      letterhead(agency),
      {
        columns: [
          { text: `Recibo N° ${number}`, style: 'title' },
          {
            text: `Fecha de emisión: ${dayText(agencyToday(receipt.issuedAt))}`,
            alignment: 'right',
            margin: [0, 4, 0, 0],
          },
        ],
      },
      {
        table: { widths: [100, '*'], body: rows },
        layout: {
          hLineWidth: (i: number, node: { table: { body: unknown[] } }) =>
            i === 0 || i === node.table.body.length ? 0.8 : 0.3,
          vLineWidth: () => 0,
          hLineColor: () => '#999999',
          paddingTop: () => 5,
          paddingBottom: () => 5,
        },
        margin: [0, 6, 0, 0],
      },
      {
        columns: [
          { text: '' },
          {
            stack: [
              { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 180, y2: 0, lineWidth: 0.5 }] },
              { text: 'Firma y aclaración', style: 'small', alignment: 'center', margin: [0, 4, 0, 0] },
            ],
            width: 180,
          },
        ],
        margin: [0, 60, 0, 0],
      },
    ],
  };
}
