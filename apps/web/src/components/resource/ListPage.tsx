import './mantineStyles';
import { useAbility } from '@casl/react';
import type { AppAbility, FilterKeyOf, ItemOf, ResourceDefinition, SortKeyOf } from '@cobranzas/shared';
import { Button, Progress } from '@mantine/core';
import { IconFileSpreadsheet, IconPlus } from '@tabler/icons-react';
import { useCallback, useMemo } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ListResults } from './ListTable';
import { ListToolbar } from './ListToolbar';
import { PageHeader } from './PageHeader';
import classes from './resource.module.css';
import { ForbiddenState } from './states';
import type { ListColumn, ListFilter, ResourceInfo } from './types';
import { useDeleteConfirm } from './useDeleteConfirm';
import { useExport } from './useExport';
import { useUrlList } from './useListQuery';

type Row<D extends ResourceDefinition> = ItemOf<D> & { id: number };

export type ListPageProps<D extends ResourceDefinition, T extends Row<D> = Row<D>> = {
  info: ResourceInfo<D>;
  title: string;
  /** Sortable ones only by the definition's `sortable` values. */
  columns: readonly ListColumn<T, SortKeyOf<D>>[];
  /** Only the definition's filters. */
  filters?: readonly ListFilter<FilterKeyOf<D>>[];
  /** Without it the list has no search box (its resource searches nothing). */
  searchPlaceholder?: string;
  /** The export's file name before the date: 'usuarios' → usuarios-2026-11-21.csv. */
  exportName: string;
  /** How a record is named in confirmations and toasts. */
  label: (record: T) => string;
  /** Records that must not be deleted even with permission (fixed ids). */
  deletable?: (record: T) => boolean;
  /** Overrides the abilities when the API asks more than the subject (an ADMIN-only resource). */
  canAdd?: boolean;
  canDelete?: boolean;
  /** The add button's label (default «Agregar»). */
  addLabel?: string;
  /** Where a row leads (default: its edit page). */
  openPath?: (record: T) => string;
};

const NO_FILTERS: readonly ListFilter<never>[] = [];

/**
 * The generic list screen (DESIGN.md §3): search, filters, server paging and sorting in the URL;
 * Agregar, Exportar and delete only as the user's abilities allow; a row opens the edit page.
 */
export function ListPage<D extends ResourceDefinition, T extends Row<D> = Row<D>>({
  info,
  title,
  columns,
  filters = NO_FILTERS,
  searchPlaceholder,
  exportName,
  label,
  deletable,
  addLabel = 'Agregar',
  openPath,
  ...rights
}: ListPageProps<D, T>) {
  const ability = useAbility<AppAbility>();
  const navigate = useNavigate();
  const location = useLocation();
  const sortable = useMemo(() => columns.filter((c) => c.sortable).map((c) => c.accessor), [columns]);
  const filterNames = useMemo(() => filters.map((f) => f.name), [filters]);
  const { definition } = info;
  const { params, ...view } = useUrlList(definition, sortable, filterNames);
  const { state, update, list } = view;
  const exportParams = useMemo(() => ({ ...params, page: undefined, limit: undefined }), [params]);
  const exporter = useExport(definition.path, exportParams, columns, exportName);
  const remove = useDeleteConfirm<T>(definition, (record) => `${info.noun} «${label(record)}»`, {
    wait: false,
  });
  const ask = remove.ask;

  const canAdd = rights.canAdd ?? ability.can('add', definition.subject);
  const canDelete = rights.canDelete ?? ability.can('delete', definition.subject);

  // The edit page returns to this exact view (page, filters) after saving.
  const open = useCallback(
    (record: T) =>
      navigate(openPath ? openPath(record) : `${info.basePath}/edit/${record.id}`, {
        state: { listSearch: location.search },
      }),
    [navigate, info.basePath, location.search, openPath],
  );
  const onDelete = useMemo(
    () =>
      canDelete ? (record: T) => (deletable && !deletable(record) ? null : () => ask(record)) : undefined,
    [canDelete, deletable, ask],
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
          {addLabel}
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
            <ListResults<T> {...view} columns={columns} label={label} onOpen={open} onDelete={onDelete} />
          </>
        )}
      </div>
      {remove.dialog}
    </section>
  );
}
