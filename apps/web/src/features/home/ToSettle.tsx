import { formatMoney } from '@cobranzas/shared';
import { Anchor, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { messageOf } from '../../components/resource/http';
import { LoadFailed } from '../../components/resource/states';
import { formatDate } from '../../lib/format';
import { useDeferredData } from '../../lib/useDeferredData';
import { toSettleQuery } from './api';
import { DashboardSection, TableFrame, TableFrameLoading } from './DashboardSection';
import classes from './home.module.css';

const count = new Intl.NumberFormat('es-AR');

/** «A rendir» (issue 19, ADMIN): per company and currency, the money not yet settled, since when. */
export function ToSettle() {
  const pending = useQuery(toSettleQuery());
  const { data: rows, waiting } = useDeferredData(pending);
  if (waiting)
    return (
      <DashboardSection titleId="to-settle-title" title="A rendir">
        <TableFrameLoading label="Cargando lo pendiente de rendir" />
      </DashboardSection>
    );
  if (pending.isError || !rows)
    return <LoadFailed message={messageOf(pending.error)} onRetry={() => void pending.refetch()} />;
  return (
    <DashboardSection titleId="to-settle-title" title="A rendir">
      {rows.length === 0 ? (
        <p className={classes.kpiDetail}>Nada pendiente de rendir.</p>
      ) : (
        <TableFrame labelledBy="to-settle-title" minWidth="28rem">
          <Table striped highlightOnHover stickyHeader aria-labelledby="to-settle-title">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Compañía</Table.Th>
                <Table.Th className={classes.number}>Importe</Table.Th>
                <Table.Th className={classes.number}>Pagos y depósitos</Table.Th>
                <Table.Th>Pendiente</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={`${row.companyId}-${row.currency}`}>
                  <Table.Td>
                    {/* The company opens its new draft, this currency chosen. */}
                    <Anchor
                      component={Link}
                      to={`/settlements/add?companyId=${row.companyId}&currency=${row.currency}`}
                      size="sm"
                      title="Generar la rendición"
                    >
                      {row.companyName}
                    </Anchor>
                  </Table.Td>
                  <Table.Td className={classes.number}>{formatMoney(row.amount, row.currency)}</Table.Td>
                  <Table.Td className={classes.number}>{count.format(row.items)}</Table.Td>
                  <Table.Td>desde {formatDate(row.since)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableFrame>
      )}
    </DashboardSection>
  );
}
