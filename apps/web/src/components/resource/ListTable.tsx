import { VisuallyHidden } from '@mantine/core';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { useDeferredValue, useMemo } from 'react';
import { WIDE_UP } from '../../lib/breakpoints';
import { cellText } from './csv';
import { emptyStateProps } from './emptyState';
import { type ListPatch, type ListState, PAGE_SIZES } from './listParams';
import classes from './resource.module.css';
import { DeleteButton, onPhone } from './rowActions';
import { EmptyList, LoadFailed, TableSkeleton } from './states';
import type { Identified, ListColumn } from './types';
import type { ListQuery } from './useListQuery';

const count = new Intl.NumberFormat('es-AR');

type ListTableProps<T> = {
  columns: readonly ListColumn<T>[];
  records: T[];
  total: number;
  /** The API marked the total as an estimate (totalEstimated): shown as "≈ N". */
  estimated?: boolean;
  fetching: boolean;
  state: ListState;
  update: (patch: ListPatch) => void;
  filtered: boolean;
  label: (record: T) => string;
  onOpen: (record: T) => void;
  /** Present when the user may delete; returns null for records that cannot be deleted. */
  onDelete?: ((record: T) => (() => void) | null) | undefined;
  /** The empty state's text when nothing is filtered (default: "Todavía no se cargó ninguno."). */
  emptyText?: string | undefined;
  /** Row checkboxes (and one for the whole page) when present: the chosen records, kept by the caller. */
  selection?: RowSelection<T> | undefined;
  /** More attributes of each row (data-*, focus handlers) besides the ones every list row has. */
  rowAttributes?: ((record: T, index: number) => Record<string, unknown>) | undefined;
};

export type RowSelection<T> = { selected: T[]; onChange: (records: T[]) => void };

/**
 * A list's body under its filters: a skeleton on the first load, then the table of what `list`
 * (useListQuery) read; "filtered" (the empty state's wording) when a search or filter is set.
 */
export function ListResults<T extends Identified>({
  list: latest,
  ...props
}: { list: ListQuery } & Omit<
  ListTableProps<T>,
  'records' | 'total' | 'estimated' | 'fetching' | 'filtered'
>) {
  // A page that arrives is drawn as a transition, in slices between frames, not in one long task
  // (Lighthouse's TBT, issue 38); until then the list shows what it showed.
  const list = useDeferredValue(latest);
  if (list.loading) return <TableSkeleton />;
  if (list.error !== null) return <LoadFailed message={list.error} onRetry={list.retry} />;
  const { state } = props;
  return (
    <ListTable<T>
      {...props}
      records={list.records as T[]}
      total={list.total}
      estimated={list.estimated}
      fetching={list.fetching}
      filtered={state.q !== '' || Object.keys(state.filters).length > 0}
    />
  );
}

/** The server-paged, server-sorted table; a row opens its record (click, or Enter when focused). */
export function ListTable<T extends Identified>({
  columns,
  records,
  total,
  estimated = false,
  fetching,
  state,
  update,
  filtered,
  label,
  onOpen,
  onDelete,
  emptyText,
  selection,
  rowAttributes,
}: ListTableProps<T>) {
  const tableColumns = useMemo(() => {
    const result: DataTableColumn<T>[] = columns.map((column) => {
      const shown: DataTableColumn<T> = {
        accessor: column.accessor,
        title: column.title,
        sortable: column.sortable ?? false,
        width: column.width,
        noWrap: column.noWrap,
        textAlign: column.textAlign,
        render: (record: T) => (column.render ? column.render(record) : cellText(column, record)),
      };
      return column.wideOnly ? { ...shown, visibleMediaQuery: WIDE_UP } : onPhone(shown, column.key);
    });
    if (onDelete) {
      result.push({
        accessor: 'acciones',
        title: <VisuallyHidden>Acciones</VisuallyHidden>,
        textAlign: 'right',
        width: 64,
        render: (record: T) => {
          const remove = onDelete(record);
          if (!remove) return null;
          return (
            <DeleteButton
              name={label(record)}
              onClick={(event) => {
                event.stopPropagation();
                remove();
              }}
            />
          );
        },
      });
    }
    return result;
  }, [columns, onDelete, label]);

  return (
    <DataTable<T>
      className={classes.table}
      minHeight={records.length ? undefined : 200}
      highlightOnHover
      verticalSpacing="sm"
      columns={tableColumns}
      records={records}
      fetching={fetching}
      loaderType="dots"
      {...emptyStateProps(!fetching && !records.length, <EmptyList filtered={filtered} text={emptyText} />)}
      totalRecords={total}
      recordsPerPage={state.limit}
      page={state.page}
      onPageChange={(page) => update({ page })}
      recordsPerPageOptions={PAGE_SIZES}
      onRecordsPerPageChange={(limit) => update({ limit })}
      recordsPerPageLabel="Por página"
      paginationText={({ from, to, totalRecords }) =>
        `${count.format(from)}–${count.format(to)} de ${estimated ? '≈ ' : ''}${count.format(totalRecords)}`
      }
      getPaginationControlProps={(control) => ({ 'aria-label': PAGINATION_LABELS[control] })}
      getPaginationItemProps={(page) => ({ 'aria-label': `Página ${page}` })}
      sortStatus={{ columnAccessor: state.sort ?? '', direction: state.order }}
      onSortStatusChange={({ columnAccessor, direction }) =>
        update({ sort: String(columnAccessor), order: direction, page: 1 })
      }
      onRowClick={({ record }) => onOpen(record)}
      rowClassName={() => classes.row}
      {...(selection
        ? {
            selectedRecords: selection.selected,
            onSelectedRecordsChange: selection.onChange,
            allRecordsSelectionCheckboxProps: { 'aria-label': 'Elegir todas las de esta página' },
            getRecordSelectionCheckboxProps: (record: T) => ({ 'aria-label': `Elegir ${label(record)}` }),
          }
        : {})}
      customRowAttributes={(record, index) => ({
        tabIndex: 0,
        'aria-label': `Abrir ${label(record)}`,
        onKeyDown: (event: React.KeyboardEvent<HTMLTableRowElement>) => {
          if (event.key === 'Enter' && event.target === event.currentTarget) onOpen(record);
        },
        ...rowAttributes?.(record, index),
      })}
    />
  );
}

const PAGINATION_LABELS = {
  first: 'Primera página',
  previous: 'Página anterior',
  next: 'Página siguiente',
  last: 'Última página',
} as const;
