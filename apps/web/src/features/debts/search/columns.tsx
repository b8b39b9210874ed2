import { type Debt, type debtsResource, LABELS, personName, type SortKeyOf } from '@cobranzas/shared';
import type { ListColumn } from '../../../components/resource/types';
import { formatDate, formatMoney } from '../../../lib/format';
import classes from '../common/common.module.css';
import { DEBT_STATUS_TONES, stageTone } from '../common/labels';
import { Pill } from '../common/Pill';

type Debts = typeof debtsResource;

/** The API's sortable debt fields that the tables offer (by a column, or in a shared link). */
export const DEBT_SORTABLE = [
  'id',
  'reference',
  'defaultDate',
  'originalAmount',
] as const satisfies readonly SortKeyOf<Debts>[];

export const debtLabel = (debt: Debt) => `deuda N.º ${debt.id} de ${personName(debt.debtor)}`;

/** Columns of the debt lists (search and stage lists); `key` ones stay on phones. */
export function debtColumns({
  stage = true,
}: {
  stage?: boolean;
} = {}): ListColumn<Debt, SortKeyOf<Debts>>[] {
  const columns: (ListColumn<Debt, SortKeyOf<Debts>> | null)[] = [
    { accessor: 'id', title: 'N.º', sortable: true, key: true, width: 72, noWrap: true },
    {
      accessor: 'debtor',
      title: 'Deudor',
      key: true,
      text: (d) => `${personName(d.debtor)} (DNI ${d.debtor.dni})`,
      render: (d) => (
        <>
          <div>{personName(d.debtor)}</div>
          <div className={classes.muted}>DNI {d.debtor.dni}</div>
        </>
      ),
    },
    { accessor: 'companyName', title: 'Compañía' },
    stage
      ? {
          accessor: 'debtTypeName',
          title: 'Etapa',
          render: (d) => <Pill tone={stageTone(d.debtTypeId)}>{d.debtTypeName}</Pill>,
        }
      : null,
    {
      accessor: 'status',
      title: 'Estado',
      text: (d) => LABELS.debtStatus[d.status],
      render: (d) => <Pill tone={DEBT_STATUS_TONES[d.status]}>{LABELS.debtStatus[d.status]}</Pill>,
    },
    { accessor: 'reference', title: 'Referencia', sortable: true },
    {
      accessor: 'defaultDate',
      title: 'Fecha de mora',
      sortable: true,
      noWrap: true,
      text: (d) => formatDate(d.defaultDate),
    },
    {
      accessor: 'balance',
      title: 'Saldo',
      key: true,
      textAlign: 'right',
      noWrap: true,
      text: (d) => formatMoney(d.balance, d.currency),
    },
  ];
  return columns.filter((column) => column !== null);
}
