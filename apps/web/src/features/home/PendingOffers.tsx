import type { Offer } from '@cobranzas/shared';
import { Anchor, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { messageOf } from '../../components/resource/http';
import { LoadFailed } from '../../components/resource/states';
import { formatDate, formatMoney, formatPercent } from '../../lib/format';
import { useDeferredData } from '../../lib/useDeferredData';
import { PENDING_OFFERS_SHOWN, pendingOffersQuery } from './api';
import { DashboardSection, TableFrame, TableFrameLoading } from './DashboardSection';
import classes from './home.module.css';

const TITLE = 'Ofertas pendientes de aprobación';
const currencyOf = (offer: Offer) => (offer.currency === 'USD' ? 'USD' : 'ARS');

/**
 * The offers (quitas) beyond their company's limits, oldest first, of the dashboard's company when one
 * is chosen: an ADMIN approves them on the debt.
 */
export function PendingOffers({ company }: { company: string | undefined }) {
  const offers = useQuery(pendingOffersQuery(company));
  const deferred = useDeferredData(offers);
  if (deferred.waiting)
    return (
      <DashboardSection titleId="pending-offers-title" title={TITLE}>
        <TableFrameLoading label="Cargando ofertas pendientes" />
      </DashboardSection>
    );
  if (offers.isError || !deferred.data)
    return <LoadFailed message={messageOf(offers.error)} onRetry={() => void offers.refetch()} />;
  const { data, total } = deferred.data;
  return (
    <DashboardSection titleId="pending-offers-title" title={`${TITLE}${total ? ` (${total})` : ''}`}>
      {total === 0 ? (
        <p className={classes.kpiDetail}>No hay ofertas de quita esperando aprobación.</p>
      ) : (
        <>
          <TableFrame labelledBy="pending-offers-title" minWidth="40rem">
            <Table striped highlightOnHover stickyHeader aria-labelledby="pending-offers-title">
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
          </TableFrame>
          {total > PENDING_OFFERS_SHOWN && (
            <p className={classes.kpiDetail}>
              Se muestran las {PENDING_OFFERS_SHOWN} más antiguas de {total}.
            </p>
          )}
        </>
      )}
    </DashboardSection>
  );
}
