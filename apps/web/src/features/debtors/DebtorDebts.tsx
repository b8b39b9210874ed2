import { type Debt, LABELS } from '@cobranzas/shared';
import { Anchor } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { Link } from 'react-router';
import { emptyStateProps } from '../../components/resource/emptyState';
import classes from '../../components/resource/resource.module.css';
import { EmptyList, ForbiddenState, TableSkeleton } from '../../components/resource/states';
import { useListQuery } from '../../components/resource/useListQuery';
import { formatMoney } from '../../lib/format';

const PAGE_SIZE = 10;
/** Stage and status make room for the balance on phones. */
const PHONE_UP = '(min-width: 576px)';

/** The debtor's debts (GET /debts?debtorId=), each linked to its debt view. */
export function DebtorDebts({ debtorId }: { debtorId: number }) {
  const [page, setPage] = useState(1);
  const list = useListQuery<Debt>('debts', { debtorId, page, limit: PAGE_SIZE, sort: 'id', order: 'desc' });

  let body: React.ReactNode;
  if (list.forbidden) body = <ForbiddenState />;
  else if (list.loading) body = <TableSkeleton rows={3} />;
  else {
    body = (
      <DataTable<Debt>
        minHeight={list.records.length ? undefined : 160}
        verticalSpacing="sm"
        records={list.records}
        fetching={list.fetching}
        {...emptyStateProps(!list.fetching && !list.records.length, <EmptyList filtered={false} />)}
        totalRecords={list.total}
        recordsPerPage={PAGE_SIZE}
        page={page}
        onPageChange={setPage}
        paginationText={({ from, to, totalRecords }) => `${from}–${to} de ${totalRecords}`}
        columns={[
          {
            accessor: 'id',
            title: 'Deuda',
            render: (debt) => (
              <Anchor component={Link} to={`/debts/view/${debt.id}`}>
                N.º {debt.id}
              </Anchor>
            ),
          },
          { accessor: 'debtTypeName', title: 'Etapa', visibleMediaQuery: PHONE_UP },
          { accessor: 'companyName', title: 'Compañía' },
          {
            accessor: 'status',
            title: 'Estado',
            visibleMediaQuery: PHONE_UP,
            render: (debt) => LABELS.debtStatus[debt.status],
          },
          {
            accessor: 'balance',
            title: 'Saldo',
            textAlign: 'right',
            noWrap: true,
            render: (debt) => formatMoney(debt.balance, debt.currency),
          },
        ]}
      />
    );
  }

  return (
    <section className={classes.card} aria-labelledby="deudas-del-deudor">
      <h2 id="deudas-del-deudor" className={`${classes.sectionTitle} ${classes.cardTitle}`}>
        Deudas del deudor
      </h2>
      {body}
    </section>
  );
}
