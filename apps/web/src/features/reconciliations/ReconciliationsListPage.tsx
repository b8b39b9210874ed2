import '../../components/resource/mantineStyles';
import {
  IMPORT_STATUS_LABELS,
  RECONCILIATION_STATUSES,
  type Reconciliation,
  reconciliationProfilesResource,
  reconciliationsResource,
} from '@cobranzas/shared';
import { Button, Group } from '@mantine/core';
import { IconSettings, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { ListResults } from '../../components/resource/ListTable';
import { ListToolbar } from '../../components/resource/ListToolbar';
import { PageHeader } from '../../components/resource/PageHeader';
import resource from '../../components/resource/resource.module.css';
import { ForbiddenState } from '../../components/resource/states';
import { type ColumnsOf, type FiltersOf, listSpec } from '../../components/resource/types';
import { useUrlList } from '../../components/resource/useListQuery';
import { resourceKeys } from '../../lib/resourceQueries';
import { formatDateTime } from '../debts/common/labels';
import { formatCount, StatusBadge } from '../imports/parts';
import { isWorking, POLL_MS } from './hooks';

type Files = typeof reconciliationsResource;

const COLUMNS: ColumnsOf<Files, Reconciliation> = [
  {
    accessor: 'createdAt',
    title: 'Fecha',
    sortable: true,
    key: true,
    text: (r) => formatDateTime(r.createdAt).replace(',', ''),
  },
  { accessor: 'fileName', title: 'Archivo', key: true },
  { accessor: 'profileName', title: 'Perfil', text: (r) => r.profileName ?? '' },
  {
    accessor: 'status',
    title: 'Estado',
    noWrap: true,
    text: (r) => IMPORT_STATUS_LABELS[r.status],
    render: (r) => <StatusBadge status={r.status} />,
  },
  {
    accessor: 'counts.posted',
    title: 'Conciliadas',
    textAlign: 'right',
    text: (r) => formatCount(r.counts.posted),
  },
  {
    accessor: 'counts.toReview',
    title: 'A revisar',
    textAlign: 'right',
    key: true,
    text: (r) => formatCount(r.counts.toReview),
  },
  {
    accessor: 'counts.unmatched',
    title: 'Sin coincidencia',
    textAlign: 'right',
    text: (r) => formatCount(r.counts.unmatched),
  },
  {
    accessor: 'counts.ignored',
    title: 'Ajenas',
    textAlign: 'right',
    text: (r) => formatCount(r.counts.ignored),
  },
  { accessor: 'createdByName', title: 'Usuario', text: (r) => r.createdByName ?? '' },
];

const FILTERS: FiltersOf<Files> = [
  {
    name: 'profileId',
    label: 'Perfil',
    placeholder: 'Todos los perfiles',
    source: { definition: reconciliationProfilesResource, label: (p) => String(p.name) },
  },
  {
    name: 'status',
    label: 'Estado',
    placeholder: 'Todos los estados',
    options: RECONCILIATION_STATUSES.map((s) => ({ value: s, label: IMPORT_STATUS_LABELS[s] })),
  },
];

export const RECONCILIATIONS_LIST = listSpec({
  definition: reconciliationsResource,
  columns: COLUMNS,
  filters: FILTERS,
});

const SORTABLE = COLUMNS.filter((c) => c.sortable).map((c) => c.accessor);
const FILTER_NAMES = FILTERS.map((f) => f.name);
const label = (r: Reconciliation) => `Archivo N.º ${r.id} (${r.fileName})`;

/** /reconciliations/list: the uploaded files with their counts, newest first; a row opens its review. */
export function ReconciliationsListPage() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const { params: _params, ...view } = useUrlList(reconciliationsResource, SORTABLE, FILTER_NAMES);
  const { state, update, list } = view;
  const open = useCallback(
    (record: Reconciliation) => navigate(`/reconciliations/view/${record.id}`),
    [navigate],
  );
  const working = useMemo(() => (list.records as Reconciliation[]).some(isWorking), [list.records]);
  useEffect(() => {
    if (!working) return;
    const timer = setInterval(
      () => void client.invalidateQueries({ queryKey: resourceKeys(reconciliationsResource).lists }),
      POLL_MS * 2,
    );
    return () => clearInterval(timer);
  }, [working, client]);

  return (
    <section className={resource.page} aria-labelledby="page-title">
      <PageHeader
        title="Conciliación de cobros"
        actions={
          list.forbidden ? null : (
            <Group gap="xs">
              <Button
                component={Link}
                to="/reconciliations/profiles"
                variant="default"
                leftSection={<IconSettings size={18} />}
              >
                Perfiles
              </Button>
              <Button component={Link} to="/reconciliations/add" leftSection={<IconUpload size={18} />}>
                Subir archivo
              </Button>
            </Group>
          )
        }
      />
      <div className={resource.card}>
        {list.forbidden ? (
          <ForbiddenState />
        ) : (
          <>
            <ListToolbar state={state} update={update} filters={FILTERS} />
            <ListResults<Reconciliation>
              {...view}
              columns={COLUMNS}
              label={label}
              onOpen={open}
              emptyText="Todavía no se subió ningún extracto ni reporte de cobros."
            />
          </>
        )}
      </div>
    </section>
  );
}
