import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ConfirmModal } from './ConfirmModal';
import { deleteOne, messageOf } from './http';
import type { Identified, ResourceInfo } from './types';

/**
 * Asks before deleting `record`. The API's refusal (409: in use, fixed record; 403) is shown as its
 * Spanish message in a toast; the list reloads after a delete.
 */
export function DeleteDialog<T extends Identified>({
  info,
  record,
  label,
  onClose,
}: {
  info: ResourceInfo;
  record: T | null;
  label: string;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (id: number) => deleteOne(info.resource, id),
    onSuccess: () => {
      notifications.show({
        color: 'green',
        title: 'Eliminado',
        message: `Se eliminó ${info.noun} «${label}».`,
      });
      void queryClient.invalidateQueries({ queryKey: [info.resource] });
    },
    onError: (error) => {
      notifications.show({ color: 'red', title: 'No se pudo eliminar', message: messageOf(error) });
    },
    onSettled: onClose,
  });

  return (
    <ConfirmModal
      opened={record !== null}
      title="Confirmar eliminación"
      confirmLabel="Eliminar"
      danger
      loading={mutation.isPending}
      onConfirm={() => record && mutation.mutate(record.id)}
      onCancel={onClose}
    >
      ¿Eliminar {info.noun} «{label}»? Esta acción no se puede deshacer.
    </ConfirmModal>
  );
}
