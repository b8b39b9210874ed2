import { Button, Group } from '@mantine/core';
import { IconUserShare } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { AssignDialog } from './AssignDialog';
import classes from './search.module.css';

const count = new Intl.NumberFormat('es-AR');

/** The ADMIN's bar over a debts list: how many rows are chosen, and «Asignar», which opens the dialog. */
export function AssignAction({
  selectedIds,
  filter,
  total,
  estimated,
  onAssigned,
  children,
}: {
  selectedIds: number[];
  filter: Record<string, string>;
  total: number;
  estimated: boolean;
  onAssigned: () => void;
  /** More actions on the same bar (the export). */
  children?: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const chosen = selectedIds.length;
  return (
    <div className={classes.assignBar}>
      <span aria-live="polite">
        {chosen === 0
          ? 'Elija deudas en la tabla, o asigne todas las del filtro.'
          : chosen === 1
            ? '1 deuda elegida'
            : `${count.format(chosen)} deudas elegidas`}
      </span>
      <Group gap="xs">
        {children}
        <Button
          variant="default"
          size="sm"
          leftSection={<IconUserShare size={16} />}
          onClick={() => setOpen(true)}
        >
          Asignar
        </Button>
      </Group>
      {open ? (
        <AssignDialog
          selectedIds={selectedIds}
          filter={filter}
          total={total}
          estimated={estimated}
          onAssigned={onAssigned}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </div>
  );
}
