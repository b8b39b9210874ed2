import { type Debt, debtsResource, LABELS } from '@cobranzas/shared';
import { Anchor } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { Link } from 'react-router';
import { emptyStateProps } from '../../components/resource/emptyState';
import classes from '../../components/resource/resource.module.css';
import { EmptyList, ForbiddenState, LoadFailed, TableSkeleton } from '../../components/resource/states';
import { listSpec } from '../../components/resource/types';
import { useListQuery } from '../../components/resource/useListQuery';
import { PHONE_UP } from '../../lib/breakpoints';
import { usePageBalances } from '../debts/search/balances';
import { updatedBalanceText } from '../debts/search/columns';

const PAGE_SIZE = 10;
/** The debtor's debts, newest first. */
export const DEBTOR_DEBTS_LIST = listSpec({
  definition: debtsResource,
  filters: ['debtorId'],
  params: { sort: 'id', order: 'desc', limit: PAGE_SIZE },
});

/** The debtor's debts (GET /debts?debtorId=), each linked to its debt view. */
export function DebtorDebts({ debtorId }: { debtorId: number }) {
  const [page, setPage] = useState(1);
  const list = useListQuery(debtsResource, { ...DEBTOR_DEBTS_LIST.params, debtorId, page });
  // The amount owed today (DESIGN.md §11.1), as the Buscador's «Saldo actualizado»: one call a page.
  const updated = usePageBalances(list.records.map((debt) => debt.id));

  let body: React.ReactNode;
  if (list.forbidden) body = <ForbiddenState />;
  else if (list.loading) body = <TableSkeleton rows={3} />;
  else if (list.error !== null) body = <LoadFailed message={list.error} onRetry={list.retry} />;
  else {
    body = (
      <DataTable<Debt>
        minHeight={list.records.length ? undefined : 160}
        verticalSpacing="sm"
        records={list.records as Debt[]}
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
            // Stage and status make room for the balance on phones.
            visibleMediaQuery: PHONE_UP,
            render: (debt) => LABELS.debtStatus[debt.status],
          },
          {
            accessor: 'updatedBalance',
            title: 'Saldo actualizado',
            textAlign: 'right',
            noWrap: true,
            render: (debt) => updatedBalanceText(updated(debt.id)),
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
