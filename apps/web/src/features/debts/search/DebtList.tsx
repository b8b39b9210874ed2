import { useAbility } from '@casl/react';
import {
  type AppAbility,
  DEBT_TYPE_IDS,
  type Debt,
  debtsResource,
  type FilterKeyOf,
} from '@cobranzas/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Fragment, useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
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
import { AssignAction } from './AssignAction';
import { filterOf } from './assign';
import { usePageBalances } from './balances';
import { DEBT_SORTABLE, debtColumns, debtLabel } from './columns';
import { DebtFilters, FILTER_NAMES } from './DebtFilters';
import { ExportDebts } from './ExportDebts';
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
  const { params, ...latest } = useUrlList(debtsResource, DEBT_SORTABLE, FILTER_NAMES, fixed);
  // The bars over the table follow the same deferred page as the table (ListResults): they appear
  // with it, not before it, and the table's placeholder does not move down (layout shift).
  const list = useDeferredValue(latest.list);
  const view = { ...latest, list };
  const { state, update } = view;
  // «Saldo actualizado» of the visible page: one call for its debts (at most 100, the largest page).
  const ids = useMemo(() => (list.records as Debt[]).map((debt) => debt.id), [list.records]);
  const updated = usePageBalances(ids);
  const columns = useMemo(
    () =>
      debtColumns({
        stage: !fixed?.debtTypeId,
        updated,
        judicial: fixed?.debtTypeId === String(DEBT_TYPE_IDS.JUDICIAL),
      }),
    [fixed, updated],
  );
  const open = useCallback((debt: Debt) => navigate(`/debts/view/${debt.id}`), [navigate]);
  // Issue 18: an ADMIN chooses rows (any page) and assigns them, or all the filter finds.
  const admin = useAbility<AppAbility>().can('manage', 'all');
  const filter = useMemo(() => filterOf(params), [params]);
  const [selected, setSelected] = useState<Debt[]>([]);
  const filterKey = JSON.stringify(filter);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new filter starts a new choice
  useEffect(() => setSelected([]), [filterKey]);
  const selectedIds = useMemo(() => selected.map((debt) => debt.id), [selected]);
  const clear = useCallback(() => setSelected([]), []);

  return (
    <div className={resource.card}>
      <DebtFilters state={state} update={update} stage={!fixed?.debtTypeId} />
      {totals && !list.loading && !list.forbidden ? <Totals params={params} /> : null}
      {admin && !list.loading && !list.forbidden ? (
        <AssignAction
          selectedIds={selectedIds}
          filter={filter}
          total={list.total}
          estimated={list.estimated}
          onAssigned={clear}
        >
          <ExportDebts filter={filter} total={list.total} />
        </AssignAction>
      ) : null}
      {!admin && !list.loading && !list.forbidden && !list.failed ? (
        <div className={classes.exportBar}>
          <ExportDebts filter={filter} total={list.total} />
        </div>
      ) : null}
      {list.forbidden ? (
        <ForbiddenState />
      ) : (
        <ListResults<Debt>
          {...view}
          columns={columns}
          label={debtLabel}
          onOpen={open}
          selection={admin ? { selected, onChange: setSelected } : undefined}
        />
      )}
    </div>
  );
}

/**
 * What the filter selects over every page (GET /debts/summary): how many debts, and original, paid
 * and balance per currency — pesos and dollars are shown apart, never added.
 */
function Totals({ params }: { params: ListParams }) {
  const filters = useMemo(() => filterOf(params), [params]);
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
