import { type Offer, offersResource } from '@cobranzas/shared';
import { Anchor, Skeleton, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { messageOf, retryTransient } from '../../components/resource/http';
import { LoadFailed } from '../../components/resource/states';
import { api } from '../../lib/api';
import { formatDate, formatMoney, formatPercent } from '../../lib/format';
import classes from './home.module.css';

const SHOWN = 10;
const currencyOf = (offer: Offer) => (offer.currency === 'USD' ? 'USD' : 'ARS');

/**
 * The offers (quitas) beyond their company's limits, oldest first, of the dashboard's company when one
 * is chosen: an ADMIN approves them on the debt.
 */
export function PendingOffers({ company }: { company: string | undefined }) {
  const offers = useQuery({
    queryKey: [offersResource.path, 'pending-dashboard', company ?? null],
    queryFn: async ({ signal }) =>
      (
        await api.get<{ data: Offer[]; total: number }>(`/${offersResource.path}`, {
          params: { status: 'PENDIENTE', sort: 'createdAt', order: 'asc', limit: SHOWN, companyId: company },
          signal,
        })
      ).data,
    retry: retryTransient,
  });
  if (offers.isPending) return <Skeleton height={120} radius="md" aria-label="Cargando ofertas pendientes" />;
  if (offers.isError)
    return <LoadFailed message={messageOf(offers.error)} onRetry={() => void offers.refetch()} />;
  const { data, total } = offers.data;
  return (
    <section className={classes.collectors} aria-labelledby="pending-offers-title">
      <h2 id="pending-offers-title" className={classes.chartTitle}>
        Ofertas pendientes de aprobación{total ? ` (${total})` : ''}
      </h2>
      {total === 0 ? (
        <p className={classes.kpiDetail}>No hay ofertas de quita esperando aprobación.</p>
      ) : (
        <>
          <Table.ScrollContainer minWidth={640}>
            <Table striped highlightOnHover aria-labelledby="pending-offers-title">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Deudor</Table.Th>
                  <Table.Th>Compañía</Table.Th>
                  <Table.Th>Cobrador</Table.Th>
                  <Table.Th>Fecha</Table.Th>
                  <Table.Th className={classes.number}>Saldo</Table.Th>
                  <Table.Th className={classes.number}>Oferta</Table.Th>
                  <Table.Th className={classes.number}>Quita</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.map((offer) => (
                  <Table.Tr key={offer.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/debts/view/${offer.debtId}?tab=ofertas`} size="sm">
                        {offer.debtorName ?? `Deuda ${offer.debtId}`}
                      </Anchor>
                      {offer.debtReference ? ` · ${offer.debtReference}` : ''}
                    </Table.Td>
                    <Table.Td>{offer.companyName}</Table.Td>
                    <Table.Td>{offer.userName}</Table.Td>
                    <Table.Td>{formatDate(offer.createdAt)}</Table.Td>
                    <Table.Td className={classes.number}>
                      {formatMoney(offer.balance, currencyOf(offer))}
                    </Table.Td>
                    <Table.Td className={classes.number}>
                      {formatMoney(offer.amount, currencyOf(offer))} en {offer.quotas}{' '}
                      {offer.quotas === 1 ? 'pago' : 'cuotas'}
                    </Table.Td>
                    <Table.Td className={classes.number}>{formatPercent(offer.discountPercent)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {total > SHOWN && (
            <p className={classes.kpiDetail}>
              Se muestran las {SHOWN} más antiguas de {total}.
            </p>
          )}
        </>
      )}
    </section>
  );
}
