/**
 * What the .xlsx and the PDF statement of a settlement (rendición, issue 19) both say: the heading,
 * the text of each line's columns and the totals rows, so the two files never disagree.
 */
import {
  FIXED_DEBT_TYPES,
  formatCuit,
  formatMoney,
  type SettlementLineKind,
  type SettlementStatus,
} from '@cobranzas/shared';
import { dayText } from '../pdf/receipt';
import { slug } from '.';

export interface StatementHead {
  id: number;
  number: number | null;
  status: SettlementStatus;
  currency: 'ARS' | 'USD';
  from: string;
  to: string;
  items: number;
  collected: string;
  direct: string;
  commissionRate: string;
  commission: string;
  commissions: { commissionRate: string; collected: string; commission: string }[];
  vatRate: string;
  vat: string;
  net: string;
  payable: string;
  closedAt: Date | null;
  company: { id: number; name: string; cuit: string };
}

export interface StatementLine {
  id: number;
  kind: SettlementLineKind;
  date: string;
  amount: string;
  debtTypeId: number;
  commissionRate: string;
  paidToClient: boolean;
  /** «Pérez, Juan». */
  debtor: string;
  dni: string;
  cuit: string | null;
  reference: string | null;
}

export interface TotalRow {
  label: string;
  /** Never negative: a negative payable is said in words («A cobrar al cliente»). */
  amount: string;
  strong: boolean;
}

export const statementTitle = (head: StatementHead) =>
  head.number === null ? 'Rendición (borrador)' : `Rendición N° ${head.number}`;

export const periodText = (head: StatementHead) => `${dayText(head.from)} al ${dayText(head.to)}`;

/** "rendicion-12-perez-hijos-s-a.xlsx", "rendicion-borrador-7-perez-hijos-s-a.pdf". */
export const statementFileName = (head: StatementHead, extension: 'xlsx' | 'pdf') =>
  `rendicion-${head.number ?? `borrador-${head.id}`}-${slug(head.company.name, `compania-${head.company.id}`)}.${extension}`;

/** "12.50" → "12,50 %", "21.00" → "21 %". */
export const rateText = (rate: string) => `${rate.replace(/\.00$/, '').replace('.', ',')} %`;

export const stageName = (debtTypeId: number) =>
  FIXED_DEBT_TYPES.find((stage) => stage.id === debtTypeId)?.name ?? `Etapa ${debtTypeId}`;

export const collectedBy = (line: Pick<StatementLine, 'paidToClient'>) =>
  line.paidToClient ? 'Cliente directo' : 'Agencia';

/** DNI, else CUIT (20-12345678-6). */
export const debtorDocument = (line: Pick<StatementLine, 'dni' | 'cuit'>) =>
  line.dni || (line.cuit ? formatCuit(line.cuit) : '');

/** The totals under the lines, in the contract's order (DESIGN.md §10.4). */
export function totalRows(head: StatementHead): TotalRow[] {
  const rows: TotalRow[] = [
    { label: 'Cobrado', amount: head.collected, strong: true },
    { label: 'Incluye lo cobrado directamente por el cliente', amount: head.direct, strong: false },
  ];
  const rates = head.commissions.length > 0 ? head.commissions : [{ commissionRate: head.commissionRate }];
  if (rates.length === 1) {
    rows.push({
      label: `Comisión (${rateText(rates[0]?.commissionRate ?? '0')})`,
      amount: head.commission,
      strong: false,
    });
  } else {
    for (const rate of head.commissions)
      rows.push({
        label: `Comisión ${rateText(rate.commissionRate)} sobre ${formatMoney(rate.collected, head.currency)}`,
        amount: rate.commission,
        strong: false,
      });
    rows.push({ label: 'Comisión total', amount: head.commission, strong: false });
  }
  rows.push(
    { label: `IVA (${rateText(head.vatRate)} de la comisión)`, amount: head.vat, strong: false },
    { label: 'Neto (cobrado – comisión – IVA)', amount: head.net, strong: true },
  );
  rows.push(
    head.payable.startsWith('-')
      ? {
          label: 'A cobrar al cliente (cobrado por el cliente – neto)',
          amount: head.payable.slice(1),
          strong: true,
        }
      : {
          label: 'A transferir al cliente (neto – cobrado por el cliente)',
          amount: head.payable,
          strong: true,
        },
  );
  return rows;
}
