import '../../components/resource/mantineStyles';
import {
  describeAction,
  describeStrategy,
  IMPORT_STATUS_LABELS,
  STRATEGY_ACTION_LABELS,
  type Strategy,
  type StrategyNames,
  strategiesResource,
  strategyRunsResource,
} from '@cobranzas/shared';
import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEdit, IconFlask, IconList, IconPlayerPlay } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ConfirmModal } from '../../components/resource/ConfirmModal';
import { messageOf, statusOf } from '../../components/resource/http';
import { PageHeader } from '../../components/resource/PageHeader';
import resource from '../../components/resource/resource.module.css';
import { LoadFailed, MissingRecord, TableSkeleton } from '../../components/resource/states';
import { activeLabel, formatDate } from '../../lib/format';
import { invalidateResources } from '../../lib/resourceQueries';
import { formatDateTime } from '../debts/common/labels';
import { formatCount } from '../imports/parts';
import { runNow } from './api';
import { DryRunSection } from './DryRunSection';
import { useCanManage, useDryRun, useStrategy, useStrategyCatalogs } from './hooks';
import { triggerText } from './parts';
import { RunsSection } from './RunsSection';
import classes from './strategies.module.css';

/** The rule in a sentence, its facts and its actions in order. */
function StrategyFacts({ strategy, names }: { strategy: Strategy; names: StrategyNames }) {
  return (
    <section className={resource.card} aria-labelledby="strategy-facts">
      <h2 id="strategy-facts" className={classes.hidden}>
        La estrategia
      </h2>
      <div className={classes.pad}>
        <p className={classes.summaryText}>{describeStrategy(strategy, names)}</p>
        {strategy.description ? <p className={classes.muted}>{strategy.description}</p> : null}
      </div>
      <dl className={resource.facts}>
        <div>
          <dt>Cuándo corre</dt>
          <dd>{triggerText(strategy)}</dd>
        </div>
        <div>
          <dt>Estado</dt>
          <dd>{activeLabel(strategy.active, true)}</dd>
        </div>
        <div>
          <dt>Creada</dt>
          <dd>
            {formatDate(strategy.createdAt)}
            {strategy.createdByName ? ` por ${strategy.createdByName}` : ''}
          </dd>
        </div>
        <div>
          <dt>Última ejecución</dt>
          <dd>
            {strategy.lastRunAt
              ? `${formatDateTime(strategy.lastRunAt)}${strategy.lastRunStatus ? ` · ${IMPORT_STATUS_LABELS[strategy.lastRunStatus]}` : ''}`
              : 'Nunca'}
          </dd>
        </div>
      </dl>
      <div className={classes.pad}>
        <h3 className={classes.subTitle}>Acciones, en orden</h3>
        <ol className={classes.steps}>
          {strategy.actions.map((action, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the actions' order is their identity
            <li key={index}>
              <strong>{STRATEGY_ACTION_LABELS[action.type]}</strong>: {describeAction(action, names)}
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

/**
 * /strategies/view/:id: the strategy, its dry run and «Ejecutar ahora» (ADMIN), and its runs with
 * their progress, asked again every 2 s while one works.
 */
export function StrategyViewPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const client = useQueryClient();
  const canManage = useCanManage();
  const { names } = useStrategyCatalogs();
  const query = useStrategy(valid ? id : 0);
  const strategy = query.data;
  const [dry, setDry] = useState<{ round: number; page: number } | null>(null);
  const simulation = useDryRun(id, dry);
  const [confirming, setConfirming] = useState(false);

  const run = useMutation({
    mutationFn: () => runNow(id),
    onSuccess: (started) =>
      notifications.show({
        color: 'green',
        title: 'Ejecución iniciada',
        message: `La ejecución N.º ${started.id} corre en el servidor; su avance se ve en la lista de ejecuciones.`,
      }),
    onError: (error) =>
      notifications.show({ color: 'red', title: 'No se pudo ejecutar', message: messageOf(error) }),
    onSettled: () => {
      setConfirming(false);
      void invalidateResources(client, [strategyRunsResource, strategiesResource]);
    },
  });

  // What the last simulation found, for the confirmation (only a finished one counts).
  const found = dry && simulation.data && !simulation.isPlaceholderData ? simulation.data : null;

  let body: React.ReactNode;
  if (!valid || statusOf(query.error) === 404) body = <MissingRecord listPath="/strategies/list" />;
  else if (query.isError && !strategy)
    body = <LoadFailed message={messageOf(query.error)} onRetry={() => void query.refetch()} />;
  else if (!strategy) body = <TableSkeleton rows={4} />;
  else
    body = (
      <>
        <StrategyFacts strategy={strategy} names={names} />
        {dry ? (
          <DryRunSection query={simulation} page={dry.page} onPage={(page) => setDry({ ...dry, page })} />
        ) : null}
        <RunsSection strategy={strategy} canManage={canManage} />
      </>
    );

  return (
    <section className={resource.page} aria-labelledby="page-title">
      <PageHeader
        title={strategy ? strategy.name : 'Estrategia'}
        {...(strategy ? { badge: activeLabel(strategy.active, true) } : {})}
        actions={
          <Group gap="xs">
            <Button
              component={Link}
              to="/strategies/list"
              variant="default"
              leftSection={<IconList size={18} />}
            >
              Estrategias
            </Button>
            {strategy && canManage ? (
              <>
                <Button
                  component={Link}
                  to={`/strategies/edit/${strategy.id}`}
                  variant="default"
                  leftSection={<IconEdit size={18} />}
                >
                  Editar
                </Button>
                <Button
                  variant="default"
                  leftSection={<IconFlask size={18} />}
                  loading={simulation.isFetching}
                  onClick={() => setDry((d) => ({ round: (d?.round ?? 0) + 1, page: 1 }))}
                >
                  Simular
                </Button>
                <Button leftSection={<IconPlayerPlay size={18} />} onClick={() => setConfirming(true)}>
                  Ejecutar ahora
                </Button>
              </>
            ) : null}
          </Group>
        }
      />
      <div className={classes.stack}>{body}</div>
      <ConfirmModal
        opened={confirming}
        title="Ejecutar la estrategia ahora"
        confirmLabel="Ejecutar"
        loading={run.isPending}
        onConfirm={() => run.mutate()}
        onCancel={() => setConfirming(false)}
      >
        {found
          ? `La última simulación encontró ${formatCount(found.total)} ${found.total === 1 ? 'deuda' : 'deudas'} (${formatCount(found.blocked)} bloqueadas por las reglas de contacto). `
          : 'Todavía no se simuló: «Simular» muestra antes cuántas deudas toma. '}
        {`Se aplicarán las acciones de «${strategy?.name ?? ''}» a todas las deudas que hoy cumplen sus condiciones. Lo aplicado no se deshace solo.`}
      </ConfirmModal>
    </section>
  );
}
