import { Group } from '@mantine/core';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import type { ReactNode } from 'react';
import { emptyStateProps } from './emptyState';
import classes from './resource.module.css';
import { DeleteButton, onPhone } from './rowActions';

export type RecordColumn<T> = DataTableColumn<T> & { phone?: boolean };

/**
 * A record's related records (few, so no paging): the debt file's tabs. Columns without `phone` are
 * left out under 576 px. `actions` adds per-row buttons; `onDelete` a trash button (only passed to
 * who may delete) on the rows `removable` accepts, shown disabled on the rows `locked` explains.
 */
export function RecordsTable<T extends { id: number }>({
  records,
  columns,
  label,
  actions,
  onDelete,
  removable,
  locked,
}: {
  records: T[];
  columns: RecordColumn<T>[];
  label: (record: T) => string;
  actions?: ((record: T) => ReactNode) | undefined;
  onDelete?: ((record: T) => void) | undefined;
  /** Which rows get the trash button (default: all of them). */
  removable?: ((record: T) => boolean) | undefined;
  /** Why a removable row cannot be deleted now (money already settled), or null. */
  locked?: ((record: T) => string | null) | undefined;
}) {
  const all: DataTableColumn<T>[] = columns.map(({ phone, ...column }) => onPhone(column, phone));
  if (actions || onDelete) {
    all.push({
      accessor: 'acciones',
      title: 'Acciones',
      textAlign: 'right',
      render: (record) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {actions?.(record)}
          {onDelete && (removable?.(record) ?? true) ? (
            <DeleteButton
              name={label(record)}
              onClick={() => onDelete(record)}
              lockedReason={locked?.(record)}
            />
          ) : null}
        </Group>
      ),
    });
  }
  return (
    <DataTable<T>
      className={classes.recordsTable}
      records={records}
      columns={all}
      verticalSpacing="sm"
      {...emptyStateProps(!records.length)}
      customRowAttributes={(record) => ({ 'aria-label': label(record) })}
    />
  );
}
