import '../../components/resource/mantineStyles';
import type { CollectorLoad } from '@cobranzas/shared';
import { Anchor, Group } from '@mantine/core';
import { Link } from 'react-router';
import { messageOf, statusOf } from '../../components/resource/http';
import { PageHeader } from '../../components/resource/PageHeader';
import { type RecordColumn, RecordsTable } from '../../components/resource/RecordsTable';
import resource from '../../components/resource/resource.module.css';
import { ForbiddenState, LoadFailed, TableSkeleton } from '../../components/resource/states';
import { formatMoney } from '../../lib/format';
import { Pill } from '../debts/common/Pill';
import { useCollectorsLoad } from './api';
import classes from './collectors.module.css';

type Row = CollectorLoad & { id: number };

const count = new Intl.NumberFormat('es-AR');
const nameOf = (row: CollectorLoad) => (row.userId === null ? 'Sin asignar' : (row.name ?? ''));

const COLUMNS: RecordColumn<Row>[] = [
  {
    accessor: 'name',
    title: 'Cobrador',
    phone: true,
    render: (row) => (
      <span className={classes.name}>
        {nameOf(row)}
        {row.active === false ? <Pill tone="gray">Inactivo</Pill> : null}
        {row.role === 'ADMIN' ? <Pill tone="blue">Administrador</Pill> : null}
      </span>
    ),
  },
  {
    accessor: 'debts',
    title: 'Deudas',
    textAlign: 'right',
    phone: true,
    render: (row) => count.format(row.debts),
  },
  {
    accessor: 'balances',
    title: 'Saldo',
    textAlign: 'right',
    phone: true,
    noWrap: true,
    render: (row) =>
      row.balances.length ? (
        <ul className={classes.money}>
          {row.balances.map((line) => (
            <li key={line.currency}>{formatMoney(line.balance, line.currency)}</li>
          ))}
        </ul>
      ) : (
        formatMoney('0.00')
      ),
  },
];

/** The links of a row: the collector's queue, and the debts list filtered by him (none for «Sin asignar»). */
function RowLinks({ row }: { row: Row }) {
  if (row.userId === null) return null;
  return (
    <Group gap="md" wrap="nowrap">
      <Anchor component={Link} to={`/queue?userId=${row.userId}`} size="sm">
        Ver cola
      </Anchor>
      <Anchor component={Link} to={`/debts/search?assignedUserId=${row.userId}`} size="sm">
        Ver deudas
      </Anchor>
    </Group>
  );
}

/**
 * /collectors (ADMIN): how much work each collector has — open debts and their balance per
 * currency — with the debts nobody has last, to hand out from the debts lists («Asignar»).
 */
export function CollectorsLoadPage() {
  const load = useCollectorsLoad();
  const rows: Row[] = (load.data?.data ?? []).map((row) => ({ ...row, id: row.userId ?? 0 }));
  return (
    <section className={resource.page} aria-labelledby="page-title">
      <PageHeader title="Carga de cobradores" />
      <div className={resource.card}>
        {load.isPending ? (
          <TableSkeleton />
        ) : load.isError && statusOf(load.error) === 403 ? (
          <ForbiddenState />
        ) : load.isError ? (
          <div className={resource.notice}>
            <LoadFailed message={messageOf(load.error)} onRetry={() => void load.refetch()} />
          </div>
        ) : (
          <RecordsTable<Row>
            records={rows}
            columns={COLUMNS}
            label={(row) => `Carga de ${nameOf(row)}`}
            actions={(row) => <RowLinks row={row} />}
          />
        )}
      </div>
      <p className={classes.note}>
        Deudas abiertas: no cuentan las canceladas, archivadas ni incobrables. Pesos y dólares se suman por
        separado.
      </p>
    </section>
  );
}
