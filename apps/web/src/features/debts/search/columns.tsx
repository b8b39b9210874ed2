import { type Debt, type debtsResource, LABELS, personName, type SortKeyOf } from '@cobranzas/shared';
import { Anchor, Skeleton, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import type { ListColumn } from '../../../components/resource/types';
import { formatDate, formatDni, formatMoney } from '../../../lib/format';
import classes from '../common/common.module.css';
import { DEBT_STATUS_TONES, stageTone } from '../common/labels';
import { Pill } from '../common/Pill';
import { PRESCRIPTION_TONES, prescriptionUrgency } from '../common/prescription';
import type { UpdatedBalance, UpdatedBalanceOf } from './balances';

type Debts = typeof debtsResource;

/** The API's sortable debt fields that the tables offer (by a column, or in a shared link). */
export const DEBT_SORTABLE = [
  'id',
  'reference',
  'defaultDate',
  'originalAmount',
  'prescribesOn',
] as const satisfies readonly SortKeyOf<Debts>[];

export const debtLabel = (debt: Debt) => `deuda N.º ${debt.id} de ${personName(debt.debtor)}`;

/** «Saldo actualizado» as text: es-AR money, «…» while it loads, «—» when there is none. */
export function updatedBalanceText(balance: UpdatedBalance): string {
  if (balance === 'loading') return '…';
  return balance ? formatMoney(balance.total, balance.currency) : '—';
}

type DebtColumn = ListColumn<Debt, SortKeyOf<Debts>>;

/** «Prescribe» (issue 37): the claim's last day, red when gone and orange when near (open debts). */
const prescribesColumn: DebtColumn = {
  accessor: 'prescribesOn',
  title: 'Prescribe',
  sortable: true,
  noWrap: true,
  text: (d) => formatDate(d.prescribesOn),
  render: (d) => {
    const urgency = prescriptionUrgency(d);
    const date = formatDate(d.prescribesOn);
    return urgency ? <Pill tone={PRESCRIPTION_TONES[urgency.level]}>{date}</Pill> : date;
  },
};

/**
 * The judicial list's case columns (issue 37): jurisdiction, juzgado, the number (a link to the
 * case's page) and its next procedural deadline.
 */
const judicialColumns: DebtColumn[] = [
  {
    accessor: 'jurisdictionName',
    title: 'Jurisdicción',
    // The court names the place: on a laptop the number and the deadline matter more.
    wideOnly: true,
    text: (d) => d.judicialCase?.jurisdictionName ?? '',
  },
  {
    accessor: 'court',
    title: 'Juzgado',
    width: 130,
    text: (d) => d.judicialCase?.court ?? d.court ?? '',
    // A court's name is long («Juzgado Nacional de Primera Instancia en lo Comercial N° 12»): two lines.
    render: (d) => {
      const court = d.judicialCase?.court ?? d.court ?? '';
      return (
        <Text span size="sm" lineClamp={2} title={court}>
          {court}
        </Text>
      );
    },
  },
  {
    accessor: 'caseNumber',
    title: 'Expediente',
    noWrap: true,
    text: (d) => d.judicialCase?.number ?? d.caseNumber ?? '',
    render: (d) => {
      const number = d.judicialCase?.number ?? d.caseNumber;
      if (!d.judicialCase) return number ?? '';
      return (
        <Anchor
          component={Link}
          to={`/cases/${d.judicialCase.id}`}
          inherit
          // The row opens the debt: the link opens the case alone.
          onClick={(event) => event.stopPropagation()}
          aria-label={`Expediente ${number ?? `N.º ${d.judicialCase.id}`} (${personName(d.debtor)})`}
        >
          {number ?? 'Ver expediente'}
        </Anchor>
      );
    },
  },
  {
    accessor: 'nextDeadlineOn',
    title: 'Vence',
    noWrap: true,
    text: (d) => formatDate(d.judicialCase?.nextDeadlineOn),
  },
];

/**
 * Columns of the debt lists (search and stage lists); `key` ones stay on phones. With `updated`
 * (the page's balances to date, usePageBalances), «Saldo actualizado» follows «Saldo»; `judicial`
 * (the judicial stage's list) adds the court case's columns.
 */
export function debtColumns({
  stage = true,
  updated,
  judicial = false,
}: {
  stage?: boolean;
  updated?: UpdatedBalanceOf;
  judicial?: boolean;
} = {}): DebtColumn[] {
  const columns: (DebtColumn | null)[] = [
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
    // The judicial list makes room for the case's columns: its number names the debt there, and
    // «Prescribe» says more than the default date.
    { accessor: 'reference', title: 'Referencia', sortable: true, wideOnly: judicial },
    {
      accessor: 'defaultDate',
      title: 'Fecha de mora',
      sortable: true,
      wideOnly: judicial,
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
    // A pending case holds prescription: on the judicial list the case's columns come first.
    { ...prescribesColumn, wideOnly: judicial },
    ...(judicial ? judicialColumns : []),
  ];
  return columns.filter((column) => column !== null);
}
