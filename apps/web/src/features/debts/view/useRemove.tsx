import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/resource/ConfirmModal';
import { deleteOne, messageOf } from '../../../components/resource/http';
import { useRefresh } from '../common/hooks';

/** Asks before deleting a record of the debt, then reloads it and the header amounts. */
export function useRemove<T extends { id: number }>(resource: string, noun: (record: T) => string) {
  const refresh = useRefresh();
  const [target, setTarget] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    if (!target) return;
    setBusy(true);
    try {
      await deleteOne(resource, target.id);
      notifications.show({ color: 'green', title: 'Eliminado', message: `Se eliminó ${noun(target)}.` });
      await refresh(resource);
    } catch (error) {
      notifications.show({ color: 'red', title: 'No se pudo eliminar', message: messageOf(error) });
    } finally {
      setBusy(false);
      setTarget(null);
    }
  }

  const dialog = (
    <ConfirmModal
      opened={target !== null}
      title="Confirmar eliminación"
      confirmLabel="Eliminar"
      danger
      loading={busy}
      onConfirm={() => void confirm()}
      onCancel={() => setTarget(null)}
    >
      {target ? `¿Eliminar ${noun(target)}? Esta acción no se puede deshacer.` : null}
    </ConfirmModal>
  );
  return { ask: setTarget, dialog };
}
