import { type EventSubType, eventsSubTypesResource } from '@cobranzas/shared';
import { ActionIcon, Button, Group, TextInput, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useSaveRecord } from '../../lib/resourceQueries';
import { nameError } from './SubTypesEditor';
import classes from './subTypes.module.css';

/** One sub-type: its name, renamed in place (saved at once), or deleted (after a confirmation the parent asks). */
export function SubTypeRow({
  subType,
  readOnly,
  onDelete,
}: {
  subType: EventSubType;
  readOnly: boolean;
  onDelete: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(subType.name);
  const [error, setError] = useState<string | null>(null);
  const rename = useSaveRecord(eventsSubTypesResource, {
    onSuccess: (_saved, { body }) => {
      notifications.show({
        color: 'green',
        title: 'Guardado',
        message: `Se renombró el subtipo «${String((body as { name: string }).name).trim()}».`,
      });
      setError(null);
      setEditing(false);
    },
    onError: (failure) => setError(nameError(failure)),
  });
  const saving = rename.isPending;

  const cancel = () => {
    setEditing(false);
    setName(subType.name);
    setError(null);
  };
  const save = () => {
    if (saving) return;
    rename.mutate({ id: subType.id, body: { name } });
  };

  if (editing) {
    return (
      <li className={classes.row}>
        <form
          className={classes.inlineForm}
          onSubmit={(event) => {
            event.preventDefault();
            save();
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
