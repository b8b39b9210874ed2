import '../../components/resource/mantineStyles';
import {
  describeStrategy,
  IMPORT_STATUS_LABELS,
  STRATEGY_TRIGGER_LABELS,
  STRATEGY_TRIGGERS,
  type Strategy,
  type StrategyNames,
  strategiesResource,
} from '@cobranzas/shared';
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { ActiveBadge } from '../../components/resource/ActiveBadge';
import { ListResults } from '../../components/resource/ListTable';
import { ListToolbar } from '../../components/resource/ListToolbar';
import { PageHeader } from '../../components/resource/PageHeader';
import resource from '../../components/resource/resource.module.css';
import { ForbiddenState } from '../../components/resource/states';
import { type ColumnsOf, type FiltersOf, listSpec } from '../../components/resource/types';
import { useUrlList } from '../../components/resource/useListQuery';
import { activeLabel } from '../../lib/format';
import { resourceKeys } from '../../lib/resourceQueries';
import { formatDateTime } from '../debts/common/labels';
import { StatusBadge } from '../imports/parts';
import { isWorking, POLL_MS, useCanManage, useStrategyCatalogs } from './hooks';
import { triggerText } from './parts';
import classes from './strategies.module.css';

type Strategies = typeof strategiesResource;

const lastRunText = (s: Strategy) =>
  s.lastRunAt
    ? `${formatDateTime(s.lastRunAt)}${s.lastRunStatus ? ` · ${IMPORT_STATUS_LABELS[s.lastRunStatus]}` : ''}`
    : 'Nunca';

/** The columns; the summary names the companies, stages and collectors of the catalogs. */
const columnsFor = (names: StrategyNames): ColumnsOf<Strategies, Strategy> => [
  { accessor: 'name', title: 'Nombre', sortable: true, key: true },
  { accessor: 'trigger', title: 'Cuándo corre', text: triggerText },
  {
    accessor: 'active',
    title: 'Estado',
    key: true,
    noWrap: true,
    text: (s) => activeLabel(s.active, true),
    render: (s) => <ActiveBadge active={s.active} feminine />,
  },
  { accessor: 'summary', title: 'Qué hace', text: (s) => describeStrategy(s, names) },
  {
    accessor: 'lastRunAt',
    title: 'Última ejecución',
    text: lastRunText,
    render: (s) =>
      s.lastRunAt ? (
        <span className={classes.lastRun}>
          <span>{formatDateTime(s.lastRunAt)}</span>
          {s.lastRunStatus ? <StatusBadge status={s.lastRunStatus} /> : null}
        </span>
      ) : (
        'Nunca'
      ),
  },
];

const FILTERS: FiltersOf<Strategies> = [
  {
    name: 'trigger',
    label: 'Cuándo corre',
    placeholder: 'Todas',
    options: STRATEGY_TRIGGERS.map((t) => ({ value: t, label: STRATEGY_TRIGGER_LABELS[t] })),
  },
  {
    name: 'active',
    label: 'Estado',
    placeholder: 'Activas e inactivas',
    options: [
      { value: 'true', label: 'Activas' },
      { value: 'false', label: 'Inactivas' },
    ],
  },
];

export const STRATEGIES_LIST = listSpec({
  definition: strategiesResource,
  columns: columnsFor({}),
  filters: FILTERS,
});

const SORTABLE = ['name'];
const FILTER_NAMES = FILTERS.map((f) => f.name);
const label = (s: Strategy) => s.name;

/** /strategies/list: the rules, what each does in words and how its last run went; a row opens it. */
export function StrategiesListPage() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const canManage = useCanManage();
  const { names } = useStrategyCatalogs();
  const columns = useMemo(() => columnsFor(names), [names]);
  const { params: _params, ...view } = useUrlList(strategiesResource, SORTABLE, FILTER_NAMES);
  const { state, update, list } = view;
  const open = useCallback((s: Strategy) => navigate(`/strategies/view/${s.id}`), [navigate]);

  // A run in course: its status word changes by itself.
  const working = useMemo(
    () =>
      (list.records as Strategy[]).some(
        (s) => s.lastRunStatus !== null && isWorking({ status: s.lastRunStatus }),
      ),
    [list.records],
  );
  useEffect(() => {
    if (!working) return;
    const timer = setInterval(
      () => void client.invalidateQueries({ queryKey: resourceKeys(strategiesResource).lists }),
      POLL_MS,
    );
    return () => clearInterval(timer);
  }, [working, client]);

  return (
    <section className={resource.page} aria-labelledby="page-title">
      <PageHeader
        title="Estrategias"
        actions={
          canManage && !list.forbidden ? (
            <Button component={Link} to="/strategies/add" leftSection={<IconPlus size={18} />}>
              Nueva estrategia
            </Button>
          ) : null
        }
      />
      <div className={resource.card}>
        {list.forbidden ? (
          <ForbiddenState />
        ) : (
          <>
            <ListToolbar
              state={state}
              update={update}
              filters={FILTERS}
              searchPlaceholder="Buscar por nombre"
            />
            <ListResults<Strategy>
              {...view}
              columns={columns}
              label={label}
              onOpen={open}
              emptyText="Todavía no hay estrategias. Una estrategia cambia de etapa, asigna o agenda tareas sobre las deudas que cumplen sus condiciones."
            />
          </>
        )}
      </div>
    </section>
  );
}
