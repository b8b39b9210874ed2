import { formatMoney } from '@cobranzas/shared';
import { Anchor, Skeleton, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { messageOf, retryTransient } from '../../components/resource/http';
import { LoadFailed } from '../../components/resource/states';
import { formatDate } from '../../lib/format';
import { getToSettle } from './api';
import classes from './home.module.css';

const count = new Intl.NumberFormat('es-AR');

/** «A rendir» (issue 19, ADMIN): per company and currency, the money not yet settled, since when. */
export function ToSettle() {
  const pending = useQuery({
    queryKey: ['report', 'to-settle'],
    queryFn: ({ signal }) => getToSettle(signal),
    retry: retryTransient,
  });
  if (pending.isPending)
    return <Skeleton height={120} radius="md" aria-label="Cargando lo pendiente de rendir" />;
  if (pending.isError)
    return <LoadFailed message={messageOf(pending.error)} onRetry={() => void pending.refetch()} />;
  const rows = pending.data;
  return (
    <section className={classes.collectors} aria-labelledby="to-settle-title">
      <h2 id="to-settle-title" className={classes.chartTitle}>
        A rendir
      </h2>
      {rows.length === 0 ? (
        <p className={classes.kpiDetail}>Nada pendiente de rendir.</p>
      ) : (
        <Table.ScrollContainer minWidth={440}>
          <Table striped highlightOnHover aria-labelledby="to-settle-title">
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
        </Table.ScrollContainer>
      )}
    </section>
  );
}
