import { type Offer, offersResource, percentText, quotasResource } from '@cobranzas/shared';
import { notifications } from '@mantine/notifications';
import { ConfirmModal } from '../../components/resource/ConfirmModal';
import { messageOf } from '../../components/resource/http';
import { formatDate } from '../../lib/format';
import { useResourceMutation } from '../../lib/resourceQueries';
import { DEBT_REFRESH } from '../debts/common/hooks';
import { useMoney } from '../debts/view/currency';
import { actOnOffer, type OfferAction } from './api';

const TITLES: Record<OfferAction, string> = {
  approve: 'Aprobar la oferta',
  reject: 'Rechazar la oferta',
  accept: 'El deudor aceptó la oferta',
  cancel: 'Anular la oferta',
};
const CONFIRM: Record<OfferAction, string> = {
  approve: 'Aprobar',
  reject: 'Rechazar',
  accept: 'Crear el plan y registrar la quita',
  cancel: 'Anular la oferta',
};
const DONE: Record<OfferAction, string> = {
  approve: 'Oferta aprobada',
  reject: 'Oferta rechazada',
  accept: 'Oferta aceptada',
  cancel: 'Oferta anulada',
};

/**
 * Asks before each action on an offer. Accepting says what it does — the plan and the discount — and,
 * once done, the debt's quotas, header and balance to date reload with the offers.
 */
export function OfferActionDialog({
  target,
  onClose,
}: {
  target: { offer: Offer; action: OfferAction } | null;
  onClose: () => void;
}) {
  const money = useMoney();
  const act = useResourceMutation({
    mutationFn: ({ offer, action }: { offer: Offer; action: OfferAction }) => actOnOffer(offer.id, action),
    // Done here or (409) by someone else meanwhile: the list must show the offer as it is now.
    invalidates: [offersResource, quotasResource, ...(DEBT_REFRESH.also ?? [])],
    always: true,
    wait: false,
  });
  if (!target) return null;
  const { offer, action } = target;
  const plan = `${offer.quotas} ${offer.quotas === 1 ? 'cuota' : 'cuotas'} por ${money(offer.amount)}`;
  const text: Record<OfferAction, string> = {
    approve: `La oferta de ${money(offer.amount)} (quita de ${percentText(offer.discountPercent)}) queda aprobada: el deudor puede aceptarla.`,
    reject: `La oferta de ${money(offer.amount)} queda rechazada y no se podrá aceptar.`,
    accept: `Se creará el plan de pagos: ${plan}, con primer vencimiento el ${formatDate(offer.firstDueDate)}, y se registrará la quita de ${money(offer.discount)} (${percentText(offer.discountPercent)}), que baja el saldo de la deuda.`,
    cancel: `La oferta de ${money(offer.amount)} queda anulada y no se podrá aceptar.`,
  };
  return (
    <ConfirmModal
      opened
      title={TITLES[action]}
      confirmLabel={CONFIRM[action]}
      danger={action === 'reject' || action === 'cancel'}
      loading={act.isPending}
      onCancel={onClose}
      onConfirm={() =>
        act.mutate(target, {
          onSuccess: () => {
            notifications.show({ color: 'green', title: DONE[action], message: text[action] });
            onClose();
          },
          onError: (error) => {
            notifications.show({ color: 'red', title: 'No se pudo completar', message: messageOf(error) });
            onClose();
          },
        })
      }
    >
      {text[action]}
    </ConfirmModal>
  );
}
