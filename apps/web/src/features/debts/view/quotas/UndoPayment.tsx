import { addMoney, type Quota } from '@cobranzas/shared';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ConfirmModal } from '../../../../components/resource/ConfirmModal';
import { messageOf } from '../../../../components/resource/http';
import { formatDate } from '../../../../lib/format';
import { undoQuotaPayment } from '../../common/api';
import { useRefresh } from '../../common/hooks';
import { useMoney } from '../currency';

/**
 * 'Anular pago' asks first, then DELETE /quotas/{id}/payment: the API deletes the payment and makes
 * the quota payable again in one transaction (a debt it had cancelled reopens).
 */
export function UndoPayment({ quota, onClose }: { quota: Quota | null; onClose: () => void }) {
  const money = useMoney();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);

  async function confirm() {
    if (!quota) return;
    setBusy(true);
    try {
      await undoQuotaPayment(quota.id);
      notifications.show({
        color: 'green',
        title: 'Pago anulado',
        message: `La cuota ${quota.number} volvió a quedar impaga.`,
      });
      await refresh('quotas', 'payments', 'events');
    } catch (error) {
      notifications.show({ color: 'red', title: 'No se pudo anular el pago', message: messageOf(error) });
    } finally {
      setBusy(false);
      onClose();
    }
  }

  return (
    <ConfirmModal
      opened={quota !== null}
      title={quota ? `Anular el pago de la cuota ${quota.number}` : ''}
      confirmLabel="Anular pago"
      danger
      loading={busy}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      {quota
        ? `¿Anular el pago de ${money(addMoney(quota.amount, quota.moraAmount))} del ${formatDate(quota.paidAt)}? Se elimina el pago y la cuota vuelve a quedar impaga.`
        : null}
    </ConfirmModal>
  );
}
