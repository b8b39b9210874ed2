import { type Debt, type debtsResource, LABELS, personName, type SortKeyOf } from '@cobranzas/shared';
import { Skeleton, VisuallyHidden } from '@mantine/core';
import type { ListColumn } from '../../../components/resource/types';
import { formatDate, formatDni, formatMoney } from '../../../lib/format';
import classes from '../common/common.module.css';
import { DEBT_STATUS_TONES, stageTone } from '../common/labels';
import { Pill } from '../common/Pill';
import type { UpdatedBalance, UpdatedBalanceOf } from './balances';

type Debts = typeof debtsResource;

/** The API's sortable debt fields that the tables offer (by a column, or in a shared link). */
export const DEBT_SORTABLE = [
  'id',
  'reference',
  'defaultDate',
  'originalAmount',
] as const satisfies readonly SortKeyOf<Debts>[];

export const debtLabel = (debt: Debt) => `deuda N.º ${debt.id} de ${personName(debt.debtor)}`;

/** «Saldo actualizado» as text: es-AR money, «…» while it loads, «—» when there is none. */
export function updatedBalanceText(balance: UpdatedBalance): string {
  if (balance === 'loading') return '…';
  return balance ? formatMoney(balance.total, balance.currency) : '—';
}

/**
 * Columns of the debt lists (search and stage lists); `key` ones stay on phones. With `updated`
 * (the page's balances to date, usePageBalances), «Saldo actualizado» follows «Saldo».
 */
export function debtColumns({
  stage = true,
  updated,
}: {
  stage?: boolean;
  updated?: UpdatedBalanceOf;
} = {}): ListColumn<Debt, SortKeyOf<Debts>>[] {
  const columns: (ListColumn<Debt, SortKeyOf<Debts>> | null)[] = [
    { accessor: 'id', title: 'N.º', sortable: true, key: true, width: 72, noWrap: true },
    {
      accessor: 'debtor',
      title: 'Deudor',
      key: true,
      text: (d) => `${personName(d.debtor)} (DNI ${formatDni(d.debtor.dni)})`,
      render: (d) => (
        <>
          <div>{personName(d.debtor)}</div>
          <div className={classes.muted}>DNI {formatDni(d.debtor.dni)}</div>
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
    updated
      ? {
          accessor: 'updatedBalance',
          title: 'Saldo actualizado',
          textAlign: 'right',
          noWrap: true,
          text: (d) => updatedBalanceText(updated(d.id)),
          render: (d) => {
            const balance = updated(d.id);
            if (balance !== 'loading') return updatedBalanceText(balance);
            return (
              <>
                <Skeleton height={14} width={88} ml="auto" aria-hidden="true" />
                <VisuallyHidden>Calculando…</VisuallyHidden>
              </>
            );
          },
        }
      : null,
  ];
  return columns.filter((column) => column !== null);
}
