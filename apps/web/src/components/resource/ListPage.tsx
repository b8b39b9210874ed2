import './mantineStyles';
import { useAbility } from '@casl/react';
import type { AppAbility } from '@cobranzas/shared';
import { Button, Progress } from '@mantine/core';
import { IconFileSpreadsheet, IconPlus } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { DeleteDialog } from './DeleteDialog';
import { ListTable } from './ListTable';
import { ListToolbar } from './ListToolbar';
import { toApiParams, useListParams } from './listParams';
import { PageHeader } from './PageHeader';
import classes from './resource.module.css';
import { ForbiddenState, TableSkeleton } from './states';
import type { Identified, ListColumn, ListFilter, ResourceInfo } from './types';
import { useExport } from './useExport';
import { useListQuery } from './useListQuery';

export type ListPageProps<T extends Identified> = {
  info: ResourceInfo;
  title: string;
  columns: ListColumn<T>[];
  filters?: ListFilter[];
  searchPlaceholder: string;
  /** The export's file name before the date: 'usuarios' → usuarios-2026-11-21.csv. */
  exportName: string;
  /** How a record is named in confirmations and toasts. */
  label: (record: T) => string;
  /** Records that must not be deleted even with permission (fixed ids). */
  deletable?: (record: T) => boolean;
};

const NO_FILTERS: ListFilter[] = [];

/**
 * The generic list screen (DESIGN.md §3): search, filters, server paging and sorting in the URL;
 * Agregar, Exportar and delete only as the user's abilities allow; a row opens the edit page.
 */
export function ListPage<T extends Identified>({
  info,
  title,
  columns,
  filters = NO_FILTERS,
  searchPlaceholder,
  exportName,
  label,
  deletable,
}: ListPageProps<T>) {
  const ability = useAbility<AppAbility>();
  const navigate = useNavigate();
  const location = useLocation();
  const sortable = useMemo(() => columns.filter((c) => c.sortable).map((c) => c.accessor), [columns]);
  const filterNames = useMemo(() => filters.map((f) => f.name), [filters]);
  const { state, update } = useListParams(sortable, filterNames);
  const params = useMemo(() => toApiParams(state), [state]);
  const list = useListQuery<T>(info.resource, params);
  const exportParams = useMemo(() => ({ ...params, page: undefined, limit: undefined }), [params]);
  const exporter = useExport(info.resource, exportParams, columns, exportName);
  const [pendingDelete, setPendingDelete] = useState<T | null>(null);

  const canAdd = ability.can('add', info.subject);
  const canDelete = ability.can('delete', info.subject);
  const filtered = state.q !== '' || Object.keys(state.filters).length > 0;

  // The edit page returns to this exact view (page, filters) after saving.
  const open = useCallback(
    (record: T) => navigate(`${info.basePath}/edit/${record.id}`, { state: { listSearch: location.search } }),
    [navigate, info.basePath, location.search],
  );
  const onDelete = useMemo(
    () =>
      canDelete
        ? (record: T) => (deletable && !deletable(record) ? null : () => setPendingDelete(record))
        : undefined,
    [canDelete, deletable],
  );

  const exporting = exporter.progress !== null;
  const actions = list.forbidden ? null : (
    <>
      <Button
        variant="default"
        leftSection={<IconFileSpreadsheet size={18} />}
        onClick={() => void exporter.run()}
        disabled={exporting || (list.total === 0 && !list.loading)}
      >
        {exporting ? `Exportando ${exporter.progress} %` : 'Exportar'}
      </Button>
      {canAdd ? (
        <Button component={Link} to={`${info.basePath}/add`} leftSection={<IconPlus size={18} />}>
          Agregar
        </Button>
      ) : null}
    </>
  );

  return (
    <section className={classes.page} aria-labelledby="page-title">
      <PageHeader title={title} actions={actions} />
      {exporting ? (
        <Progress
          className={classes.progress}
          value={exporter.progress ?? 0}
          size="sm"
          striped
          animated
          aria-label="Progreso de la exportación"
        />
      ) : null}
      <div className={classes.card}>
        {list.forbidden ? (
          <ForbiddenState />
        ) : (
          <>
            <ListToolbar
              state={state}
              update={update}
              filters={filters}
              searchPlaceholder={searchPlaceholder}
            />
            {list.loading ? (
              <TableSkeleton />
            ) : (
              <ListTable
                columns={columns}
                records={list.records}
                total={list.total}
                estimated={list.estimated}
                fetching={list.fetching}
                state={state}
                update={update}
                filtered={filtered}
                label={label}
                onOpen={open}
                onDelete={onDelete}
              />
            )}
          </>
        )}
      </div>
      <DeleteDialog
        info={info}
        record={pendingDelete}
        label={pendingDelete ? label(pendingDelete) : ''}
        onClose={() => setPendingDelete(null)}
      />
    </section>
  );
}
