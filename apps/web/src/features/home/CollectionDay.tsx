import type { CollectorFigures, CollectionDay as Day } from '@cobranzas/shared';
import { Anchor, Table } from '@mantine/core';
import { IconHeartHandshake, IconHeartOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { messageOf } from '../../components/resource/http';
import { LoadFailed } from '../../components/resource/states';
import { formatDate, formatMoney, formatPercent } from '../../lib/format';
import { useDeferredData } from '../../lib/useDeferredData';
import { useProgressive } from '../../lib/useProgressive';
import { collectionDayQuery } from './api';
import { DashboardSection, TableFrame, TableFrameLoading } from './DashboardSection';
import classes from './home.module.css';
import { Kpi } from './KpiCards';

const count = new Intl.NumberFormat('es-AR');

/** The collectors' day on the dashboard (issue 18): promises, and per collector for an ADMIN. */
export function CollectionDay({
  company,
  canViewQueue,
}: {
  company: string | undefined;
  canViewQueue: boolean;
}) {
  const day = useQuery(collectionDayQuery(company));
  const { data, waiting } = useDeferredData(day);
  if (waiting)
    return (
      <div className={classes.body} aria-busy="true">
        <PromisesLoading />
        {canViewQueue ? (
          <DashboardSection titleId="collectors-title" title={COLLECTORS_TITLE}>
            <TableFrameLoading label="Cargando el equipo de cobranza" />
          </DashboardSection>
        ) : null}
      </div>
    );
  if (day.isError || !data)
    return <LoadFailed message={messageOf(day.error)} onRetry={() => void day.refetch()} />;
  return (
    <div className={classes.body}>
      <Promises day={data} />
      {data.collectors && <Collectors collectors={data.collectors} canViewQueue={canViewQueue} />}
    </div>
  );
}

const COLLECTORS_TITLE = 'Equipo de cobranza';

/** The two cards themselves, their figures still to come: the same height as when they arrive. */
function PromisesLoading() {
  return (
    <div className={classes.kpis}>
      <Kpi icon={<IconHeartHandshake size={20} />} label="Promesas de hoy" value="…" detail="Cargando…" />
      <Kpi icon={<IconHeartOff size={20} />} label="Promesas incumplidas" value="…" detail="Cargando…" />
    </div>
  );
}

function Promises({ day }: { day: Day }) {
  const { promisesToday: today, promisesBroken: broken } = day;
  return (
    <div className={classes.kpis}>
      <Kpi
        icon={<IconHeartHandshake size={20} />}
        label="Promesas de hoy"
        value={count.format(today.count)}
        detail={today.count ? `${formatMoney(today.amount)} prometidos para hoy` : 'Ninguna vence hoy'}
      />
      <Kpi
        icon={<IconHeartOff size={20} />}
        label="Promesas incumplidas"
        value={count.format(broken.count)}
        detail={
          broken.count
            ? `${formatMoney(broken.amount)} desde el ${formatDate(broken.since)}`
            : `Ninguna desde el ${formatDate(broken.since)}`
        }
        tone={broken.count ? 'bad' : undefined}
      />
    </div>
  );
}

function Collectors({ collectors, canViewQueue }: { collectors: CollectorFigures[]; canViewQueue: boolean }) {
  const shown = useProgressive(collectors);
  return (
    <DashboardSection titleId="collectors-title" title={COLLECTORS_TITLE}>
      {collectors.length === 0 ? (
        <p className={classes.kpiDetail}>No hay cobradores activos.</p>
      ) : (
        <TableFrame labelledBy="collectors-title" minWidth="40rem">
          <Table striped highlightOnHover stickyHeader aria-labelledby="collectors-title">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Cobrador</Table.Th>
                <Table.Th className={classes.number}>Gestiones hoy</Table.Th>
                <Table.Th className={classes.number}>Gestiones del mes</Table.Th>
                <Table.Th className={classes.number}>Promesas del mes</Table.Th>
                <Table.Th className={classes.number}>Cumplidas</Table.Th>
                <Table.Th className={classes.number}>Cobrado en el mes</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((c) => (
                <Table.Tr key={c.userId}>
                  <Table.Td>
                    {canViewQueue ? (
                      <Anchor component={Link} to={`/queue?userId=${c.userId}`} size="sm">
                        {c.name}
                      </Anchor>
                    ) : (
                      c.name
                    )}
                  </Table.Td>
                  <Table.Td className={classes.number}>{count.format(c.contactsToday)}</Table.Td>
                  <Table.Td className={classes.number}>{count.format(c.contactsMonth)}</Table.Td>
                  <Table.Td className={classes.number}>{count.format(c.promisesTaken)}</Table.Td>
                  <Table.Td className={classes.number}>
                    {c.keptPercent === null
                      ? '—'
                      : `${count.format(c.promisesKept)} de ${count.format(c.promisesDecided)} (${formatPercent(c.keptPercent)})`}
                  </Table.Td>
                  <Table.Td className={classes.number}>{formatMoney(c.collected)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableFrame>
      )}
    </DashboardSection>
  );
}
