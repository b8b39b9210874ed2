import '../../components/resource/mantineStyles';
import { type CollectedItem, LABELS } from '@cobranzas/shared';
import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { messageOf, retryTransient } from '../../components/resource/http';
import { ListTable } from '../../components/resource/ListTable';
import { useListParams } from '../../components/resource/listParams';
import { PageHeader } from '../../components/resource/PageHeader';
import resource from '../../components/resource/resource.module.css';
import { LoadFailed, TableSkeleton } from '../../components/resource/states';
import type { ListColumn } from '../../components/resource/types';
import { formatDate, formatDni, formatMoney } from '../../lib/format';
import { useSession } from '../../lib/useSession';
import { getCollected, type ReportFilters } from './api';
import classes from './collected.module.css';
import { DashboardFilters } from './DashboardFilters';
import { dashboardPath } from './drillDown';
import { useDashboardFilters } from './useDashboardFilters';

const count = new Intl.NumberFormat('es-AR');
const NO_NAMES: readonly string[] = [];

const kindOf = (row: CollectedItem) =>
  row.method
    ? `${LABELS.ledgerKind[row.kind]} · ${LABELS.paymentMethod[row.method]}`
    : LABELS.ledgerKind[row.kind];
const label = (row: CollectedItem) =>
  `${LABELS.ledgerKind[row.kind].toLowerCase()} del ${formatDate(row.date)} de ${row.debtorName}`;

function columnsFor(staff: boolean): ListColumn<CollectedItem>[] {
  return [
    { accessor: 'date', title: 'Fecha', key: true, noWrap: true, text: (row) => formatDate(row.date) },
    { accessor: 'kind', title: 'Tipo', text: kindOf },
    { accessor: 'debtorName', title: 'Deudor', key: true, text: (row) => row.debtorName },
    { accessor: 'dni', title: 'DNI', noWrap: true, text: (row) => formatDni(row.dni) },
    { accessor: 'reference', title: 'Referencia', wideOnly: true, text: (row) => row.reference ?? '' },
    ...(staff
      ? [
          {
            accessor: 'companyName',
            title: 'Compañía',
            wideOnly: true,
            text: (row: CollectedItem) => row.companyName,
          },
        ]
      : []),
    {
      accessor: 'amount',
      title: 'Importe',
      key: true,
      noWrap: true,
      textAlign: 'right',
      text: (row) => formatMoney(row.amount),
    },
  ];
}

/**
 * /collected: the list behind the dashboard's «Cobrado en el período» (issue 32) — every payment and
 * deposit dated in the period, with the dashboard's filters in the URL (?company=&start=&end=) and
 * its sum, which is the card's figure. In pesos, as the dashboard. A row opens its debt.
 */
export function CollectedPage() {
  const { userData } = useSession();
  const staff = userData?.type !== 'CLIENTE';
  const navigate = useNavigate();
  const { filters, apply } = useDashboardFilters();
  const scoped: ReportFilters = staff ? filters : { ...filters, company: undefined };
  const { state, update } = useListParams(NO_NAMES, NO_NAMES);
  const list = useQuery({
    queryKey: ['report', 'collected', scoped, state.page, state.limit],
    queryFn: ({ signal }) => getCollected(scoped, { page: state.page, limit: state.limit }, signal),
    placeholderData: keepPreviousData,
    retry: retryTransient,
  });
  const columns = useMemo(() => columnsFor(staff), [staff]);
  const open = useCallback((row: CollectedItem) => navigate(`/debts/view/${row.debtId}`), [navigate]);
  const period = scoped.start || scoped.end;

  return (
    <section className={resource.page} aria-labelledby="page-title">
      <PageHeader
        title="Cobrado en el período"
        actions={
          <Button
            component={Link}
            to={dashboardPath(scoped)}
            variant="default"
            leftSection={<IconArrowLeft size={18} />}
          >
            Volver al tablero
          </Button>
        }
      />
      <DashboardFilters filters={filters} onApply={apply} chooseCompany={staff} />
      <div className={resource.card}>
        <p className={classes.note}>
          {period
            ? 'Todo pago y depósito con fecha en el período, de cualquier deuda, en pesos.'
            : 'Todo pago y depósito, de cualquier fecha y deuda, en pesos.'}
        </p>
        {list.data ? (
          <dl className={classes.totals} aria-label="Totales" aria-busy={list.isFetching}>
            <div>
              <dt>Pagos y depósitos</dt>
              <dd>{count.format(list.data.total)}</dd>
            </div>
            <div>
              <dt>Total cobrado</dt>
              <dd>{formatMoney(list.data.amount)}</dd>
            </div>
          </dl>
        ) : null}
        {list.isError && !list.data ? (
          <div className={classes.failed}>
            <LoadFailed message={messageOf(list.error)} onRetry={() => void list.refetch()} />
          </div>
        ) : list.data ? (
          <ListTable<CollectedItem>
            columns={columns}
            records={list.data.data}
            total={list.data.total}
            fetching={list.isFetching}
            state={state}
            update={update}
            filtered={Boolean(period || scoped.company)}
            emptyText="No hubo pagos ni depósitos."
            label={label}
            onOpen={open}
          />
        ) : (
          <TableSkeleton />
        )}
      </div>
    </section>
  );
}
