import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { useMemo } from 'react';
import { cellText } from '../../components/resource/csv';
import { emptyStateProps } from '../../components/resource/emptyState';
import resource from '../../components/resource/resource.module.css';
import type { ListColumn } from '../../components/resource/types';
import { type QueueRow, queueRowLabel } from './columns';

/**
 * One part of a page of the queue as a table (the page's pager is the queue's, below both parts).
 * With `onOpen` a row is worked by a click or by Enter when focused, as in the other lists.
 */
export function QueueTable({
  columns,
  records,
  fetching,
  onOpen,
  rowAttributes,
  caption,
}: {
  columns: readonly ListColumn<QueueRow>[];
  records: QueueRow[];
  fetching: boolean;
  onOpen?: (row: QueueRow) => void;
  rowAttributes?: (row: QueueRow, index: number) => Record<string, unknown>;
  caption: string;
}) {
  const shown = useMemo<DataTableColumn<QueueRow>[]>(
    () =>
      columns.map((column) => ({
        accessor: column.accessor,
        title: column.title,
        width: column.width,
        noWrap: column.noWrap,
        textAlign: column.textAlign,
        render: (row: QueueRow) => (column.render ? column.render(row) : cellText(column, row)),
      })),
    [columns],
  );
  return (
    <DataTable<QueueRow>
      className={resource.table}
      aria-label={caption}
      highlightOnHover={onOpen !== undefined}
      verticalSpacing="sm"
      columns={shown}
      records={records}
      fetching={fetching}
      loaderType="dots"
      {...emptyStateProps(false)}
      {...(onOpen
        ? {
            onRowClick: ({ record }: { record: QueueRow }) => onOpen(record),
            rowClassName: () => resource.row,
            customRowAttributes: (row: QueueRow, index: number) => ({
              tabIndex: 0,
              'aria-label': `Abrir ${queueRowLabel(row)}`,
              onKeyDown: (event: React.KeyboardEvent<HTMLTableRowElement>) => {
                if (event.key === 'Enter' && event.target === event.currentTarget) onOpen(row);
              },
              ...rowAttributes?.(row, index),
            }),
          }
        : {})}
    />
  );
}
