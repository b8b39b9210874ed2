import {
  RUN_SOURCE_LABELS,
  type Strategy,
  type StrategyRun,
  strategiesResource,
  strategyRunsResource,
} from '@cobranzas/shared';
import { Anchor, Button, Group, Table } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlayerStop } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Pager } from '../../components/Pager';
import { ConfirmModal } from '../../components/resource/ConfirmModal';
import { messageOf, statusOf } from '../../components/resource/http';
import resource from '../../components/resource/resource.module.css';
import { EmptyList, LoadFailed, TableSkeleton } from '../../components/resource/states';
import { invalidateResources } from '../../lib/resourceQueries';
import { formatDateTime } from '../debts/common/labels';
import { formatCount, StatusBadge } from '../imports/parts';
import { cancelRun } from './api';
import { isWorking, RUNS_PAGE, useStrategyRuns } from './hooks';
import { RunProgress } from './parts';
import classes from './strategies.module.css';

/** Stops a run after a confirmation; what it already applied stays applied. */
export function useCancelRun() {
  const client = useQueryClient();
  const [asking, setAsking] = useState<StrategyRun | null>(null);
  const cancel = useMutation({
    mutationFn: (run: StrategyRun) => cancelRun(run.id),
    onSuccess: (run) =>
      notifications.show({ color: 'green', message: `Se detuvo la ejecución N.º ${run.id}.` }),
    onError: (error) =>
      notifications.show({
        color: statusOf(error) === 409 ? 'blue' : 'red',
        title: statusOf(error) === 409 ? 'Ya había terminado' : 'No se pudo detener',
        message: messageOf(error),
      }),
    onSettled: () => {
      setAsking(null);
      void invalidateResources(client, [strategyRunsResource, strategiesResource]);
    },
  });
  const dialog = (
    <ConfirmModal
      opened={asking !== null}
      title="Detener la ejecución"
      confirmLabel="Sí, detenerla"
      cancelLabel="No, seguir"
      danger
      loading={cancel.isPending}
      onConfirm={() => asking && cancel.mutate(asking)}
      onCancel={() => setAsking(null)}
    >
      {`¿Detener la ejecución N.º ${asking?.id ?? ''}? Lo que ya aplicó queda aplicado; las deudas que faltan no reciben nada.`}
    </ConfirmModal>
  );
  return { ask: setAsking, dialog };
}

/** A strategy's runs, newest first, with their progress while they work and «Detener». */
export function RunsSection({ strategy, canManage }: { strategy: Strategy; canManage: boolean }) {
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const query = useStrategyRuns(strategy.id, page);
  const runs = (query.data?.data ?? []) as StrategyRun[];
  const stop = useCancelRun();

  // A run that ends changes the strategy's last run.
  const working = runs.some(isWorking);
  const wasWorking = useRef(false);
  useEffect(() => {
    if (wasWorking.current && !working) void invalidateResources(client, [strategiesResource]);
    wasWorking.current = working;
  }, [working, client]);

  let body: React.ReactNode;
  if (query.isError && !query.data)
    body = <LoadFailed message={messageOf(query.error)} onRetry={() => void query.refetch()} />;
  else if (!query.data) body = <TableSkeleton rows={3} />;
  else if (runs.length === 0)
    body = <EmptyList filtered={false} text="Esta estrategia todavía no se ejecutó." />;
  else
    body = (
      <>
        <Table.ScrollContainer minWidth={860}>
          <Table highlightOnHover verticalSpacing="xs">
            <caption className={classes.hidden}>Ejecuciones de la estrategia</caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Fecha</Table.Th>
                <Table.Th>Origen</Table.Th>
                <Table.Th>Estado</Table.Th>
                <Table.Th className={classes.number}>Encontradas</Table.Th>
                <Table.Th className={classes.number}>Aplicadas</Table.Th>
                <Table.Th className={classes.number}>Sin cambios</Table.Th>
                <Table.Th className={classes.number}>Bloqueadas</Table.Th>
                <Table.Th>
                  <span className={classes.hidden}>Acciones</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {runs.map((run) => (
                <Table.Tr key={run.id}>
                  <Table.Td className={classes.nowrap}>{formatDateTime(run.createdAt)}</Table.Td>
                  <Table.Td>{RUN_SOURCE_LABELS[run.source]}</Table.Td>
                  <Table.Td>
                    <StatusBadge status={run.status} />
                    {isWorking(run) ? <RunProgress run={run} compact /> : null}
                  </Table.Td>
                  <Table.Td className={classes.number}>{formatCount(run.counts.matched)}</Table.Td>
                  <Table.Td className={classes.number}>{formatCount(run.counts.applied)}</Table.Td>
                  <Table.Td className={classes.number}>{formatCount(run.counts.unchanged)}</Table.Td>
                  <Table.Td className={classes.number}>{formatCount(run.counts.blocked)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap" justify="flex-end">
                      {canManage && isWorking(run) ? (
                        <Button
                          size="xs"
                          variant="outline"
                          color="red.8"
                          leftSection={<IconPlayerStop size={16} />}
                          onClick={() => stop.ask(run)}
                          aria-label={`Detener la ejecución N.º ${run.id}`}
                        >
                          Detener
                        </Button>
                      ) : null}
                      <Anchor
                        component={Link}
                        to={`/strategies/runs/${run.id}`}
                        size="sm"
                        aria-label={`Ver la ejecución N.º ${run.id}`}
                      >
                        Ver
                      </Anchor>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Pager
          className={classes.pager}
          label="Páginas de las ejecuciones"
          page={page}
          size={RUNS_PAGE}
          shown={runs.length}
          total={query.data.total}
          onPage={setPage}
        />
      </>
    );
  return (
    <section className={`${resource.card} ${classes.pad}`} aria-labelledby="runs-title">
      <h2 id="runs-title" className={classes.sectionTitle}>
        Ejecuciones
      </h2>
      {body}
      {stop.dialog}
    </section>
  );
}
