import '../../components/resource/mantineStyles';
import {
  companiesResource,
  IMPORT_STATUS_LABELS,
  IMPORT_STATUSES,
  type Import,
  importIsActive,
  importsResource,
} from '@cobranzas/shared';
import { Button } from '@mantine/core';
import { IconDatabaseImport } from '@tabler/icons-react';
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
import { POLL_MS } from './hooks';
import { formatCount, StatusBadge, typeLabel } from './parts';

type Imports = typeof importsResource;

const COLUMNS: ColumnsOf<Imports, Import> = [
  {
    accessor: 'createdAt',
    title: 'Fecha',
    sortable: true,
    key: true,
    text: (i) => formatDateTime(i.createdAt).replace(',', ''),
  },
  { accessor: 'companyName', title: 'Compañía', key: true, text: (i) => i.companyName ?? '' },
  { accessor: 'fileName', title: 'Archivo' },
  { accessor: 'dryRun', title: 'Tipo', text: (i) => typeLabel(i.dryRun) },
  {
    accessor: 'status',
    title: 'Estado',
    key: true,
    noWrap: true,
    text: (i) => IMPORT_STATUS_LABELS[i.status],
    render: (i) => <StatusBadge status={i.status} />,
  },
  {
    accessor: 'totalRows',
    title: 'Filas',
    textAlign: 'right',
    text: (i) => (i.totalRows === null ? '' : formatCount(i.totalRows)),
  },
  {
    accessor: 'created.debts',
    title: 'Deudas creadas',
    textAlign: 'right',
    text: (i) => (i.dryRun ? '—' : formatCount(i.created.debts)),
  },
  { accessor: 'rejected', title: 'Rechazadas', textAlign: 'right', text: (i) => formatCount(i.rejected) },
  { accessor: 'createdByName', title: 'Usuario', text: (i) => i.createdByName ?? '' },
];

const FILTERS: FiltersOf<Imports> = [
  {
    name: 'companyId',
    label: 'Compañía',
    placeholder: 'Todas las compañías',
    source: { definition: companiesResource, label: (c) => String(c.name) },
  },
  {
    name: 'dryRun',
    label: 'Tipo',
    placeholder: 'Todos los tipos',
    options: [
      { value: 'false', label: 'Importaciones' },
      { value: 'true', label: 'Validaciones' },
    ],
  },
  {
    name: 'status',
    label: 'Estado',
    placeholder: 'Todos los estados',
    options: IMPORT_STATUSES.map((s) => ({ value: s, label: IMPORT_STATUS_LABELS[s] })),
  },
];

export const IMPORTS_LIST = listSpec({ definition: importsResource, columns: COLUMNS, filters: FILTERS });

const SORTABLE = COLUMNS.filter((c) => c.sortable).map((c) => c.accessor);
const FILTER_NAMES = FILTERS.map((f) => f.name);
const label = (i: Import) => `${typeLabel(i.dryRun)} N.º ${i.id} (${i.fileName})`;

/** /imports/list: the imports, newest first; a row opens its page. Rows still running update. */
export function ImportsListPage() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const { params: _params, ...view } = useUrlList(importsResource, SORTABLE, FILTER_NAMES);
  const { state, update, list } = view;
  const open = useCallback((record: Import) => navigate(`/imports/view/${record.id}`), [navigate]);

  // While an import on screen is queued or running, the page follows its progress.
  const running = useMemo(
    () => (list.records as Import[]).some((i) => importIsActive(i.status)),
    [list.records],
  );
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(
      () => void client.invalidateQueries({ queryKey: resourceKeys(importsResource).lists }),
      POLL_MS * 2,
    );
    return () => clearInterval(timer);
  }, [running, client]);

  return (
    <section className={resource.page} aria-labelledby="page-title">
      <PageHeader
        title="Importaciones de cartera"
        actions={
          list.forbidden ? null : (
            <Button component={Link} to="/imports/add" leftSection={<IconDatabaseImport size={18} />}>
              Importar cartera
            </Button>
          )
        }
      />
      <div className={resource.card}>
        {list.forbidden ? (
          <ForbiddenState />
        ) : (
          <>
            <ListToolbar state={state} update={update} filters={FILTERS} />
            <ListResults<Import>
              {...view}
              columns={COLUMNS}
              label={label}
              onOpen={open}
              emptyText="Todavía no se importó ninguna cartera."
            />
          </>
        )}
      </div>
    </section>
  );
}
