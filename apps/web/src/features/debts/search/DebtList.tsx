import { addMoney, type Debt } from '@cobranzas/shared';
import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { ListTable } from '../../../components/resource/ListTable';
import { toApiParams, useListParams } from '../../../components/resource/listParams';
import resource from '../../../components/resource/resource.module.css';
import { ForbiddenState, TableSkeleton } from '../../../components/resource/states';
import { useListQuery } from '../../../components/resource/useListQuery';
import { formatMoney } from '../../../lib/format';
import { DEBT_SORTABLE, debtColumns, debtLabel } from './columns';
import { DebtFilters, FILTER_NAMES } from './DebtFilters';
import classes from './search.module.css';

const FILTERS = [...FILTER_NAMES];
const count = new Intl.NumberFormat('es-AR');

/**
 * The filter form and the paged, sorted table of GET /debts (filters, page and sort in the URL).
 * `fixed` adds filters the user does not choose (the stage of a stage list).
 */
export function DebtList({ fixed, totals = false }: { fixed?: Record<string, string>; totals?: boolean }) {
  const navigate = useNavigate();
  const { state, update } = useListParams(DEBT_SORTABLE, FILTERS);
  const params = useMemo(() => ({ ...toApiParams(state), ...fixed }), [state, fixed]);
  const list = useListQuery<Debt>('debts', params);
  const columns = useMemo(() => debtColumns({ stage: !fixed?.debtTypeId }), [fixed]);
  const open = useCallback((debt: Debt) => navigate(`/debts/view/${debt.id}`), [navigate]);
  const filtered = state.q !== '' || Object.keys(state.filters).length > 0;

  return (
    <div className={resource.card}>
      <DebtFilters state={state} update={update} stage={!fixed?.debtTypeId} />
      {totals && !list.loading && !list.forbidden ? (
        <Totals records={list.records} total={list.total} />
      ) : null}
      {list.forbidden ? (
        <ForbiddenState />
      ) : list.loading ? (
        <TableSkeleton />
      ) : (
        <ListTable
          columns={columns}
          records={list.records}
          total={list.total}
          fetching={list.fetching}
          state={state}
          update={update}
          filtered={filtered}
          label={debtLabel}
          onOpen={open}
        />
      )}
    </div>
  );
}

/**
 * Count of the filter, and the balance summed over what is on screen: the API gives no sum, so
 * the label says whether that is all of them or only this page.
 */
function Totals({ records, total }: { records: Debt[]; total: number }) {
  const sum = records.length ? addMoney(...records.map((debt) => debt.balance)) : '0.00';
  const all = records.length >= total;
  return (
    <dl className={classes.summary} aria-label="Totales">
      <div className={classes.summaryItem}>
        <dt>Deudas</dt>
        <dd>{count.format(total)}</dd>
      </div>
      <div className={classes.summaryItem}>
        <dt>{all ? 'Saldo total' : 'Saldo de esta página'}</dt>
        <dd>{formatMoney(sum)}</dd>
      </div>
    </dl>
  );
}
