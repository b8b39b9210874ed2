import { addMoney, eventsResource, paymentsResource, type Quota, quotasResource } from '@cobranzas/shared';
import { notifications } from '@mantine/notifications';
import { ConfirmModal } from '../../components/resource/ConfirmModal';
import { messageOf } from '../../components/resource/http';
import { formatDate } from '../../lib/format';
import { useResourceMutation } from '../../lib/resourceQueries';
import { undoQuotaPayment } from '../debts/common/api';
import { DEBT_REFRESH } from '../debts/common/hooks';
import { useMoney } from '../debts/view/currency';

/**
 * 'Anular pago' asks first, then DELETE /quotas/{id}/payment: the API deletes the payment and makes
 * the quota payable again in one transaction (a debt it had cancelled reopens).
 */
export function UndoPayment({ quota, onClose }: { quota: Quota | null; onClose: () => void }) {
  const money = useMoney();
  const undo = useResourceMutation({
    mutationFn: (undone: Quota) => undoQuotaPayment(undone.id),
    invalidates: [quotasResource, paymentsResource, eventsResource, ...(DEBT_REFRESH.also ?? [])],
  });

  const confirm = (undone: Quota) =>
    undo.mutate(undone, {
      onSuccess: () =>
        notifications.show({
          color: 'green',
          title: 'Pago anulado',
          message: `La cuota ${undone.number} volvió a quedar impaga.`,
        }),
      onError: (error) =>
        notifications.show({ color: 'red', title: 'No se pudo anular el pago', message: messageOf(error) }),
      onSettled: onClose,
    });

  return (
    <ConfirmModal
      opened={quota !== null}
      title={quota ? `Anular el pago de la cuota ${quota.number}` : ''}
      confirmLabel="Anular pago"
      danger
      loading={undo.isPending}
      onConfirm={() => quota && confirm(quota)}
      onCancel={onClose}
    >
      {quota
        ? `¿Anular el pago de ${money(addMoney(quota.amount, quota.moraAmount))} del ${formatDate(quota.paidAt)}? Se elimina el pago y la cuota vuelve a quedar impaga.`
        : null}
    </ConfirmModal>
  );
}
