import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import type { ReactNode } from 'react';
import { emptyStateProps } from '../../../components/resource/emptyState';
import classes from './view.module.css';

export type RecordColumn<T> = DataTableColumn<T> & { phone?: boolean };

const PHONE_UP = '(min-width: 576px)';

/**
 * A debt's records (few, so no paging). Columns without `phone` are left out under 576 px.
 * `actions` adds per-row buttons; `onDelete` a trash button (only passed to who may delete) on the
 * rows `removable` accepts.
 */
export function RecordsTable<T extends { id: number }>({
  records,
  columns,
  label,
  actions,
  onDelete,
  removable,
}: {
  records: T[];
  columns: RecordColumn<T>[];
  label: (record: T) => string;
  actions?: (record: T) => ReactNode;
  onDelete?: ((record: T) => void) | undefined;
  /** Which rows get the trash button (default: all of them). */
  removable?: ((record: T) => boolean) | undefined;
}) {
  const all: DataTableColumn<T>[] = columns.map(({ phone, ...column }) =>
    phone ? column : { ...column, visibleMediaQuery: PHONE_UP },
  );
  if (actions || onDelete) {
    all.push({
      accessor: 'acciones',
      title: 'Acciones',
      textAlign: 'right',
      render: (record) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {actions?.(record)}
          {onDelete && (removable?.(record) ?? true) ? (
            <Tooltip label="Eliminar" withinPortal>
              <ActionIcon
                variant="subtle"
                color="red.8"
                aria-label={`Eliminar ${label(record)}`}
                onClick={() => onDelete(record)}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          ) : null}
        </Group>
      ),
    });
  }
  return (
    <DataTable<T>
      className={classes.table}
      records={records}
      columns={all}
      verticalSpacing="sm"
      {...emptyStateProps(!records.length)}
      customRowAttributes={(record) => ({ 'aria-label': label(record) })}
    />
  );
}
