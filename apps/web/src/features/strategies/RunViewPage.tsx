import '../../components/resource/mantineStyles';
import {
  RUN_OUTCOME_LABELS,
  RUN_OUTCOMES,
  RUN_SOURCE_LABELS,
  type RunOutcome,
  type StrategyRun,
} from '@cobranzas/shared';
import { Button, Group, Select } from '@mantine/core';
import { IconPlayerStop, IconRoute } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Pager } from '../../components/Pager';
import { messageOf, statusOf } from '../../components/resource/http';
import { PageHeader } from '../../components/resource/PageHeader';
import resource from '../../components/resource/resource.module.css';
import {
  Callout,
  EmptyList,
  LoadFailed,
  MissingRecord,
  TableSkeleton,
} from '../../components/resource/states';
import { formatDate } from '../../lib/format';
import { formatDateTime } from '../debts/common/labels';
import { StatusBadge } from '../imports/parts';
import { DEBTS_PAGE } from './api';
import { DebtsTable } from './DebtsTable';
import { isWorking, runDebtsKey, useCanManage, useRunDebts, useStrategyRun } from './hooks';
import { RunCounts, RunProgress } from './parts';
import { useCancelRun } from './RunsSection';
import classes from './strategies.module.css';

const OUTCOME_OPTIONS = [
  { value: 'ALL', label: 'Todos los resultados' },
  ...RUN_OUTCOMES.map((o) => ({ value: o, label: RUN_OUTCOME_LABELS[o] })),
];

/** The run's debts, by outcome, page by page; each opens its debt. */
function RunDebts({ run }: { run: StrategyRun }) {
  const [outcome, setOutcome] = useState<RunOutcome | null>(null);
  const [page, setPage] = useState(1);
  const query = useRunDebts(run.id, outcome, page, isWorking(run));
  const answer = query.data;
  let body: React.ReactNode;
  if (query.isError && !answer)
    body = <LoadFailed message={messageOf(query.error)} onRetry={() => void query.refetch()} />;
  else if (!answer) body = <TableSkeleton rows={4} />;
  else if (answer.data.length === 0)
    body = (
      <EmptyList
        filtered={outcome !== null}
        text={isWorking(run) ? 'Todavía no pasó por ninguna deuda.' : 'La ejecución no tomó ninguna deuda.'}
      />
    );
  else
    body = (
      <>
        <DebtsTable rows={answer.data} would={false} caption="Deudas de la ejecución" />
        <Pager
          className={classes.pager}
          label="Páginas de las deudas"
          page={page}
          size={DEBTS_PAGE}
          shown={answer.data.length}
          total={answer.total}
          onPage={setPage}
        />
      </>
    );
  return (
    <section className={`${resource.card} ${classes.pad}`} aria-labelledby="run-debts">
      <div className={classes.sectionHead}>
        <h2 id="run-debts" className={classes.sectionTitle}>
          Deudas
        </h2>
        <Select
          className={classes.filter}
          label="Resultado"
          data={OUTCOME_OPTIONS}
          value={outcome ?? 'ALL'}
          onChange={(v) => {
            setOutcome(v && v !== 'ALL' ? (v as RunOutcome) : null);
            setPage(1);
          }}
          allowDeselect={false}
        />
      </div>
      {body}
    </section>
  );
}

/** /strategies/runs/:id: one run's progress, counts, error and debts. */
export function RunViewPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const client = useQueryClient();
  const canManage = useCanManage();
  const query = useStrategyRun(valid ? id : 0);
  const run = query.data;
  const stop = useCancelRun();

  // When the run ends, its last debts are on the list.
  const wasWorking = useRef(false);
  useEffect(() => {
    if (!run) return;
    if (wasWorking.current && !isWorking(run))
      void client.invalidateQueries({ queryKey: runDebtsKey(run.id) });
    wasWorking.current = isWorking(run);
  }, [run, client]);

  let body: React.ReactNode;
  if (!valid || statusOf(query.error) === 404) body = <MissingRecord listPath="/strategies/list" />;
  else if (query.isError && !run)
    body = <LoadFailed message={messageOf(query.error)} onRetry={() => void query.refetch()} />;
  else if (!run) body = <TableSkeleton rows={4} />;
  else
    body = (
      <>
        <section className={resource.card} aria-labelledby="run-facts">
          <h2 id="run-facts" className={classes.hidden}>
            La ejecución
          </h2>
          <dl className={resource.facts}>
            <div>
              <dt>Estado</dt>
              <dd>
                <StatusBadge status={run.status} />
              </dd>
            </div>
            <div>
              <dt>Origen</dt>
              <dd>{RUN_SOURCE_LABELS[run.source]}</dd>
            </div>
            <div>
              <dt>Deudas</dt>
              <dd>{run.scope ?? 'Todas las que cumplen las condiciones'}</dd>
            </div>
            <div>
              <dt>Cifras del día</dt>
              <dd>{formatDate(run.runDate)}</dd>
            </div>
            <div>
              <dt>Comenzó</dt>
              <dd>
                {formatDateTime(run.createdAt)}
                {run.createdByName ? ` · ${run.createdByName}` : ''}
              </dd>
            </div>
            <div>
              <dt>Terminó</dt>
              <dd>{run.finishedAt ? formatDateTime(run.finishedAt) : '—'}</dd>
            </div>
          </dl>
          <div className={classes.pad}>
            {isWorking(run) ? <RunProgress run={run} /> : null}
            <RunCounts run={run} />
            {run.status === 'FAILED' ? (
              <Callout tone="error" title="La ejecución falló">
                <p>{run.error ?? 'Error desconocido.'}</p>
              </Callout>
            ) : null}
            {run.status === 'CANCELLED' ? (
              <Callout tone="warning" title="Ejecución detenida">
                <p>Se detuvo antes de terminar: lo ya aplicado quedó aplicado.</p>
              </Callout>
            ) : null}
          </div>
        </section>
        <RunDebts run={run} />
      </>
    );

  return (
    <section className={resource.page} aria-labelledby="page-title">
      <PageHeader
        title={run ? `Ejecución N.º ${run.id} de «${run.strategyName}»` : 'Ejecución de estrategia'}
        actions={
          <Group gap="xs">
            {run ? (
              <Button
                component={Link}
                to={`/strategies/view/${run.strategyId}`}
                variant="default"
                leftSection={<IconRoute size={18} />}
              >
                Ver la estrategia
              </Button>
            ) : null}
            {run && canManage && isWorking(run) ? (
              <Button
                variant="outline"
                color="red.8"
                leftSection={<IconPlayerStop size={18} />}
                onClick={() => stop.ask(run)}
              >
                Detener
              </Button>
            ) : null}
          </Group>
        }
      />
      <div className={classes.stack}>{body}</div>
      {stop.dialog}
    </section>
  );
}
