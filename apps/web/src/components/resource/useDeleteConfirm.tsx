import { type ResourceDefinition, sentence } from '@cobranzas/shared';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { type Refresh, useDeleteRecord } from '../../lib/resourceQueries';
import { ConfirmModal } from './ConfirmModal';
import { messageOf } from './http';

/**
 * Asks before deleting a record of any list or tab: `ask(record)` opens the confirmation, `dialog`
 * is to be rendered. `describe` names the record in the sentence ("el usuario «Ana»"). The API's
 * refusal (409: in use, fixed record; 403) is shown as its Spanish message in a toast; after a delete
 * the resource (and `refresh.also`) reload.
 */
export function useDeleteConfirm<T extends { id: number }>(
  definition: ResourceDefinition,
  describe: (record: T) => string,
  refresh: Pick<Refresh, 'also' | 'wait'> = {},
) {
  const [target, setTarget] = useState<T | null>(null);
  const remove = useDeleteRecord<ResourceDefinition, T>(definition, {
    ...refresh,
    onSuccess: (_result, record) =>
      notifications.show({
        color: 'green',
        title: 'Eliminado',
        message: sentence(`Se eliminó ${describe(record)}`),
      }),
    onError: (error) =>
      notifications.show({ color: 'red', title: 'No se pudo eliminar', message: messageOf(error) }),
    onSettled: () => setTarget(null),
  });

  const dialog = (
    <ConfirmModal
      opened={target !== null}
      title="Confirmar eliminación"
      confirmLabel="Eliminar"
      danger
      loading={remove.isPending}
      onConfirm={() => target && remove.mutate(target)}
      onCancel={() => setTarget(null)}
    >
      {target ? `¿Eliminar ${describe(target)}? Esta acción no se puede deshacer.` : null}
    </ConfirmModal>
  );
  return { ask: setTarget, dialog };
}
