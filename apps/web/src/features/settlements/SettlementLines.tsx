import { useAbility } from '@casl/react';
import {
  type AppAbility,
  FIXED_DEBT_TYPES,
  formatMoney,
  SETTLEMENT_LINE_KIND_LABELS,
  type Settlement,
  type SettlementLine,
  settlementsResource,
} from '@cobranzas/shared';
import { Anchor } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { Link } from 'react-router';
import { emptyStateProps } from '../../components/resource/emptyState';
import { messageOf, retryTransient } from '../../components/resource/http';
import { PAGE_SIZES } from '../../components/resource/listParams';
import classes from '../../components/resource/resource.module.css';
import { onPhone } from '../../components/resource/rowActions';
import { EmptyList, LoadFailed, TableSkeleton } from '../../components/resource/states';
import { formatCuit, formatDate, formatDni, formatPercent } from '../../lib/format';
import { resourceKeys } from '../../lib/resourceQueries';
import { getSettlementLines } from './api';
import { DirectMark } from './marks';
import local from './settlements.module.css';

const count = new Intl.NumberFormat('es-AR');
const STAGES = new Map<number, string>(FIXED_DEBT_TYPES.map((t) => [t.id, t.name]));
/** A CUIT has 11 digits (27-23842956-6); a DNI fewer (23.842.956). */
const documentText = (value: string | null) =>
  value === null ? '—' : value.length === 11 ? formatCuit(value) : formatDni(value);

/** The settlement's payments and deposits, a page at a time from the server. */
export function SettlementLines({ settlement }: { settlement: Settlement }) {
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(25);
  // Staff open the debt; a CLIENTE's list is enough (the debt file is the agency's work tool).
  const staff = useAbility<AppAbility>().can('add', 'Debts');
  const lines = useQuery({
    queryKey: resourceKeys(settlementsResource).other('lines', settlement.id, page, limit),
    queryFn: ({ signal }) => getSettlementLines(settlement.id, page, limit, signal),
    placeholderData: keepPreviousData,
    retry: retryTransient,
  });
  const money = (value: string) => formatMoney(value, settlement.currency);

  let body: React.ReactNode;
  if (lines.isPending) body = <TableSkeleton rows={4} />;
  else if (lines.isError && !lines.data)
    body = <LoadFailed message={messageOf(lines.error)} onRetry={() => void lines.refetch()} />;
  else {
    const data = lines.data?.data ?? [];
    body = (
      <DataTable<SettlementLine>
        className={`${classes.table} ${local.linesTable}`}
        minHeight={data.length ? undefined : 200}
        verticalSpacing="sm"
        records={data}
        columns={columns(staff, money)}
        fetching={lines.isFetching}
        loaderType="dots"
        {...emptyStateProps(
          !lines.isFetching && !data.length,
          <EmptyList filtered={false} text="Esta rendición no tiene pagos ni depósitos." />,
        )}
        totalRecords={lines.data?.total ?? 0}
        recordsPerPage={limit}
        page={page}
        onPageChange={setPage}
        recordsPerPageOptions={PAGE_SIZES}
        onRecordsPerPageChange={(size) => {
          setLimit(size);
          setPage(1);
        }}
        recordsPerPageLabel="Por página"
        paginationText={({ from, to, totalRecords }) =>
          `${count.format(from)}–${count.format(to)} de ${count.format(totalRecords)}`
        }
        getPaginationControlProps={(control) => ({ 'aria-label': PAGINATION_LABELS[control] })}
        getPaginationItemProps={(n) => ({ 'aria-label': `Página ${n}` })}
        customRowAttributes={(line) => ({
          'aria-label': `${SETTLEMENT_LINE_KIND_LABELS[line.kind]} de ${money(line.amount)} del ${formatDate(line.date)}`,
        })}
      />
    );
  }
  return (
    <section className={`${classes.card} ${local.lines}`} aria-labelledby="settlement-lines">
      <h2 id="settlement-lines" className={local.sectionTitle}>
        Pagos y depósitos ({count.format(settlement.items)})
      </h2>
      {body}
    </section>
  );
}

function columns(staff: boolean, money: (value: string) => string): DataTableColumn<SettlementLine>[] {
  const all: (DataTableColumn<SettlementLine> & { phone?: boolean })[] = [
    { accessor: 'date', title: 'Fecha', phone: true, noWrap: true, render: (l) => formatDate(l.date) },
    { accessor: 'kind', title: 'Tipo', render: (l) => SETTLEMENT_LINE_KIND_LABELS[l.kind] },
    { accessor: 'debtorName', title: 'Deudor', phone: true },
    {
      accessor: 'debtorDocument',
      title: 'DNI/CUIT',
      noWrap: true,
      render: (l) => documentText(l.debtorDocument),
    },
    {
      accessor: 'debtReference',
      title: 'Referencia',
      noWrap: true,
      render: (l) =>
        staff ? (
          <Anchor component={Link} to={`/debts/view/${l.debtId}`} size="sm">
            {l.debtReference}
          </Anchor>
        ) : (
          l.debtReference
        ),
    },
    { accessor: 'debtTypeId', title: 'Etapa', render: (l) => STAGES.get(l.debtTypeId) ?? '—' },
    {
      accessor: 'commissionRate',
      title: 'Comisión',
      textAlign: 'right',
      noWrap: true,
      render: (l) => formatPercent(l.commissionRate),
    },
    {
      accessor: 'amount',
      title: 'Importe',
      phone: true,
      textAlign: 'right',
      noWrap: true,
      render: (l) => money(l.amount),
    },
    {
      accessor: 'paidToClient',
      title: 'Directo al cliente',
      render: (l) => (l.paidToClient ? <DirectMark /> : null),
    },
  ];
  return all.map(({ phone, ...column }) => onPhone(column, phone));
}

const PAGINATION_LABELS = {
  first: 'Primera página',
  previous: 'Página anterior',
  next: 'Página siguiente',
  last: 'Última página',
} as const;
