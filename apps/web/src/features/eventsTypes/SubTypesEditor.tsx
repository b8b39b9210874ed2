import { type EventSubType, LIST_MAX_LIMIT } from '@cobranzas/shared';
import { Button, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmModal } from '../../components/resource/ConfirmModal';
import { deleteOne, fieldErrorsOf, messageOf, saveOne } from '../../components/resource/http';
import resource from '../../components/resource/resource.module.css';
import { ForbiddenState, TableSkeleton } from '../../components/resource/states';
import { useListQuery } from '../../components/resource/useListQuery';
import { SubTypeRow } from './SubTypeRow';
import classes from './subTypes.module.css';

const RESOURCE = 'eventsSubTypes';

/** The name's own message from a 400/409 answer, else the general one. */
const nameError = (error: unknown) => fieldErrorsOf(error).name?.[0] ?? messageOf(error);

/** An event type's sub-types, added, renamed and deleted right here (each change is saved at once). */
export function SubTypesEditor({ eventTypeId, readOnly }: { eventTypeId: number; readOnly: boolean }) {
  const queryClient = useQueryClient();
  const list = useListQuery<EventSubType>(RESOURCE, { eventTypeId, limit: LIST_MAX_LIMIT, sort: 'name' });
  const [name, setName] = useState('');
  const [addError, setAddError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [pendingDelete, setPendingDelete] = useState<EventSubType | null>(null);
  const [deleting, setDeleting] = useState(false);
  const reload = () => queryClient.invalidateQueries({ queryKey: [RESOURCE] });

  const add = async () => {
    if (adding) return;
    setAdding(true);
    try {
      await saveOne(RESOURCE, undefined, { eventTypeId, name });
      notifications.show({
        color: 'green',
        title: 'Guardado',
        message: `Se agregó el subtipo «${name.trim()}».`,
      });
      setName('');
      setAddError(null);
      await reload();
    } catch (error) {
      setAddError(nameError(error));
    } finally {
      setAdding(false);
    }
  };

  const rename = async (subType: EventSubType, newName: string) => {
    try {
      await saveOne(RESOURCE, subType.id, { name: newName });
      notifications.show({
        color: 'green',
        title: 'Guardado',
        message: `Se renombró el subtipo «${newName.trim()}».`,
      });
      await reload();
      return null;
    } catch (error) {
      return nameError(error);
    }
  };

  const remove = async () => {
    if (!pendingDelete) return;
    setDeleting(true);
    try {
      await deleteOne(RESOURCE, pendingDelete.id);
      notifications.show({
        color: 'green',
        title: 'Eliminado',
        message: `Se eliminó el subtipo «${pendingDelete.name}».`,
      });
      await reload();
    } catch (error) {
      notifications.show({ color: 'red', title: 'No se pudo eliminar', message: messageOf(error) });
    } finally {
      setDeleting(false);
      setPendingDelete(null);
    }
  };

  let body: React.ReactNode;
  if (list.forbidden) body = <ForbiddenState />;
  else if (list.loading) body = <TableSkeleton rows={3} />;
  else if (list.records.length === 0)
    body = <p className={classes.empty}>Este tipo de evento no tiene subtipos.</p>;
  else {
    body = (
      <ul className={classes.list}>
        {list.records.map((subType) => (
          <SubTypeRow
            key={`${subType.id}-${subType.name}`}
            subType={subType}
            readOnly={readOnly}
            onRename={(newName) => rename(subType, newName)}
            onDelete={() => setPendingDelete(subType)}
          />
        ))}
      </ul>
    );
  }

  return (
    <section className={resource.card} aria-labelledby="subtipos">
      <h2 id="subtipos" className={`${resource.sectionTitle} ${resource.cardTitle}`}>
        Subtipos
      </h2>
      {body}
      {readOnly ? null : (
        <form
          className={`${classes.inlineForm} ${classes.addForm}`}
          onSubmit={(event) => {
            event.preventDefault();
            void add();
          }}
        >
          <TextInput
            className={classes.input}
            aria-label="Nombre del nuevo subtipo"
            placeholder="Nuevo subtipo, p. ej. «Al celular»"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={addError}
          />
          <Button type="submit" variant="light" leftSection={<IconPlus size={18} />} loading={adding}>
            Agregar subtipo
          </Button>
        </form>
      )}
      <ConfirmModal
        opened={pendingDelete !== null}
        title="Confirmar eliminación"
        confirmLabel="Eliminar"
        danger
        loading={deleting}
        onConfirm={() => void remove()}
        onCancel={() => setPendingDelete(null)}
      >
        ¿Eliminar el subtipo «{pendingDelete?.name}»? Esta acción no se puede deshacer.
      </ConfirmModal>
    </section>
  );
}
