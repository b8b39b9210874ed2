import { debtLedgerCall, debtsResource, LABELS, type LedgerEntry } from '@cobranzas/shared';
import { useQuery } from '@tanstack/react-query';
import { DataTable } from 'mantine-datatable';
import { callApi } from '../../lib/call';
import { formatDate } from '../../lib/format';
import { resourceKeys } from '../../lib/resourceQueries';
import { useMoney } from '../debts/view/currency';
import type { TabProps } from '../debts/view/RecordTab';
import { TabSection } from '../debts/view/TabSection';
import classes from '../debts/view/view.module.css';

/** What a row does to what the debt owes: costs add, money in takes away; a reversal undoes its row. */
const SIGN: Record<LedgerEntry['kind'], 1 | -1 | 0> = {
  SERVICE: 1,
  MORA: 1,
  PAYMENT: -1,
  DEPOSIT: -1,
  REDUCTION: -1,
  REVERSAL: 0,
};

/**
 * Movimientos (DESIGN.md §11.1): the debt's ledger, every money movement in date order — payments,
 * deposits, costs, mora, discounts and the reversals that undid any of them, who recorded each (staff
 * only) and why a reversal was made. Under the debt's detail key: every write that refreshes the debt
 * refreshes it.
 */
export function LedgerTab({ debt }: TabProps) {
  const money = useMoney();
  const query = useQuery({
    queryKey: [...resourceKeys(debtsResource).detail(debt.id), 'ledger'],
    queryFn: ({ signal }) => callApi(debtLedgerCall, { params: { id: debt.id } }, signal),
  });
  const rows = query.data?.data ?? [];
  const kindOf = new Map(rows.map((row) => [row.id, row.kind]));
  const signed = (row: LedgerEntry) => {
    const sign =
      row.kind === 'REVERSAL' ? -SIGN[kindOf.get(row.reversalOf ?? 0) ?? 'REVERSAL'] : SIGN[row.kind];
    return `${sign > 0 ? '+' : sign < 0 ? '−' : ''}${money(row.amount)}`;
  };
  return (
    <TabSection
      title="Movimientos"
      count={rows.length}
      query={query}
      empty={rows.length === 0 ? 'Todavía no hay movimientos de dinero.' : null}
      extra={
        // Also without rows: a debt with interest owes more than its original from day one.
        query.data ? (
          <p className={classes.tabSummary}>
            Lo que debe hoy: <strong>{money(query.data.owed)}</strong>
          </p>
        ) : null
      }
    >
      <DataTable<LedgerEntry>
        className={classes.table}
        records={rows}
        verticalSpacing="sm"
        customRowAttributes={(row) => ({ 'aria-label': `Movimiento ${row.id}` })}
        columns={[
          { accessor: 'date', title: 'Fecha', noWrap: true, render: (row) => formatDate(row.date) },
          {
            accessor: 'kind',
            title: 'Movimiento',
            render: (row) => (
              <>
                {LABELS.ledgerKind[row.kind]}
                {row.reversalOf ? (
                  <span className={classes.muted}> del movimiento {row.reversalOf}</span>
                ) : null}
                {row.reversedBy ? <span className={classes.muted}> · anulado</span> : null}
              </>
            ),
          },
          { accessor: 'amount', title: 'Importe', textAlign: 'right', noWrap: true, render: signed },
          { accessor: 'note', title: 'Detalle', render: (row) => row.note ?? '' },
          {
            accessor: 'createdByName',
            title: 'Registrado por',
            render: (row) => row.createdByName ?? <span className={classes.muted}>—</span>,
          },
          { accessor: 'id', title: 'N.º', textAlign: 'right', width: 64 },
        ]}
      />
    </TabSection>
  );
}
