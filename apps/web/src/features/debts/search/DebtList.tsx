import { type Debt, debtsResource, type FilterKeyOf } from '@cobranzas/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Fragment, useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { type ListParams, retryTransient } from '../../../components/resource/http';
import { ListResults } from '../../../components/resource/ListTable';
import resource from '../../../components/resource/resource.module.css';
import { ForbiddenState } from '../../../components/resource/states';
import { listSpec } from '../../../components/resource/types';
import { useUrlList } from '../../../components/resource/useListQuery';
import { formatMoney } from '../../../lib/format';
import { resourceKeys } from '../../../lib/resourceQueries';
import { debtSummary } from '../common/api';
import { usePageBalances } from './balances';
import { DEBT_SORTABLE, debtColumns, debtLabel } from './columns';
import { DebtFilters, FILTER_NAMES } from './DebtFilters';
import classes from './search.module.css';

/** The search's list and, with the stage fixed, the stage lists'. */
export const DEBTS_LIST = listSpec({
  definition: debtsResource,
  columns: debtColumns(),
  sorts: DEBT_SORTABLE,
  filters: [...FILTER_NAMES, 'debtTypeId'],
});
const count = new Intl.NumberFormat('es-AR');

/**
 * The filter form and the paged, sorted table of GET /debts (filters, page and sort in the URL).
 * `fixed` adds filters the user does not choose (the stage of a stage list).
 */
export function DebtList({
  fixed,
  totals = false,
}: {
  fixed?: Partial<Record<FilterKeyOf<typeof debtsResource>, string>>;
  totals?: boolean;
}) {
  const navigate = useNavigate();
  const { params, ...view } = useUrlList(debtsResource, DEBT_SORTABLE, FILTER_NAMES, fixed);
  const { state, update, list } = view;
  // «Saldo actualizado» of the visible page: one call for its debts (at most 100, the largest page).
  const ids = useMemo(() => (list.records as Debt[]).map((debt) => debt.id), [list.records]);
  const updated = usePageBalances(ids);
  const columns = useMemo(() => debtColumns({ stage: !fixed?.debtTypeId, updated }), [fixed, updated]);
  const open = useCallback((debt: Debt) => navigate(`/debts/view/${debt.id}`), [navigate]);

  return (
    <div className={resource.card}>
      <DebtFilters state={state} update={update} stage={!fixed?.debtTypeId} />
      {totals && !list.loading && !list.forbidden ? <Totals params={params} /> : null}
      {list.forbidden ? (
        <ForbiddenState />
      ) : (
        <ListResults<Debt> {...view} columns={columns} label={debtLabel} onOpen={open} />
      )}
    </div>
  );
}

/**
 * What the filter selects over every page (GET /debts/summary): how many debts, and original, paid
 * and balance per currency — pesos and dollars are shown apart, never added.
 */
function Totals({ params }: { params: ListParams }) {
  const filters = useMemo(() => {
    const { page: _page, limit: _limit, sort: _sort, order: _order, ...rest } = params;
    return rest;
  }, [params]);
  const summary = useQuery({
    queryKey: resourceKeys(debtsResource).other('summary', filters),
    queryFn: ({ signal }) => debtSummary(filters, signal),
    placeholderData: keepPreviousData,
    retry: retryTransient,
  });
  if (!summary.data) return null;
  const lines = summary.data.byCurrency;
  return (
    <dl className={classes.summary} aria-label="Totales" aria-busy={summary.isFetching}>
      <div className={classes.summaryItem}>
        <dt>Deudas</dt>
        <dd>{count.format(summary.data.debts)}</dd>
      </div>
      {lines.map((line) => {
        const suffix = lines.length > 1 ? ` (${line.currency})` : '';
        return (
          <Fragment key={line.currency}>
            <div className={classes.summaryItem}>
              <dt>Original{suffix}</dt>
              <dd>{formatMoney(line.originalAmount, line.currency)}</dd>
            </div>
            <div className={classes.summaryItem}>
              <dt>Pagado{suffix}</dt>
              <dd>{formatMoney(line.paidAmount, line.currency)}</dd>
            </div>
            <div className={classes.summaryItem}>
              <dt>Saldo total{suffix}</dt>
              <dd>{formatMoney(line.balance, line.currency)}</dd>
            </div>
          </Fragment>
        );
      })}
    </dl>
  );
}
