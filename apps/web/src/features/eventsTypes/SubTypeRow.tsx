import type { EventSubType } from '@cobranzas/shared';
import { ActionIcon, Button, Group, TextInput, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import classes from './subTypes.module.css';

/** One sub-type: its name, renamed in place, or deleted (after a confirmation the parent asks). */
export function SubTypeRow({
  subType,
  readOnly,
  onRename,
  onDelete,
}: {
  subType: EventSubType;
  readOnly: boolean;
  /** Resolves to an error message to show, or null when renamed. */
  onRename: (name: string) => Promise<string | null>;
  onDelete: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(subType.name);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const cancel = () => {
    setEditing(false);
    setName(subType.name);
    setError(null);
  };
  const save = async () => {
    if (saving) return;
    setSaving(true);
    const message = await onRename(name);
    setSaving(false);
    setError(message);
    if (!message) setEditing(false);
  };

  if (editing) {
    return (
      <li className={classes.row}>
        <form
          className={classes.inlineForm}
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <TextInput
            className={classes.input}
            aria-label={`Nuevo nombre de ${subType.name}`}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') cancel();
            }}
            error={error}
            data-autofocus
            autoFocus
          />
          <Group gap="xs" wrap="nowrap">
            <Button type="submit" size="sm" loading={saving}>
              Guardar
            </Button>
            <Button size="sm" variant="default" onClick={cancel} disabled={saving}>
              Cancelar
            </Button>
          </Group>
        </form>
      </li>
    );
  }

  return (
    <li className={classes.row}>
      <span className={classes.name}>{subType.name}</span>
      {readOnly ? null : (
        <Group gap={4} wrap="nowrap">
          <Tooltip label="Renombrar">
            <ActionIcon
              variant="subtle"
              aria-label={`Renombrar ${subType.name}`}
              onClick={() => setEditing(true)}
            >
              <IconPencil size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Eliminar">
            <ActionIcon
              variant="subtle"
              color="red.8"
              aria-label={`Eliminar ${subType.name}`}
              onClick={onDelete}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      )}
    </li>
  );
}
