import {
  OFFER_STATUS_LABELS,
  type Offer,
  type OfferStatus,
  offerTermsCall,
  percentText,
} from '@cobranzas/shared';
import { Button, Group } from '@mantine/core';
import { IconCheck, IconFileDownload, IconHandStop, IconThumbUp, IconX } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import { emptyStateProps } from '../../components/resource/emptyState';
import { downloadCall } from '../../lib/call';
import { formatDate } from '../../lib/format';
import type { Tone } from '../debts/common/labels';
import { Pill } from '../debts/common/Pill';
import { useMoney } from '../debts/view/currency';
import classes from '../debts/view/view.module.css';
import type { OfferAction } from './api';
import local from './offers.module.css';

export const OFFER_STATUS_TONES: Record<OfferStatus, Tone> = {
  PENDIENTE: 'orange',
  APROBADA: 'blue',
  RECHAZADA: 'red',
  ACEPTADA: 'green',
  ANULADA: 'gray',
};

/** Which actions a user may take on an offer: Aprobar/Rechazar (ADMIN), Aceptar, Anular. */
export function offerActions(
  offer: Offer,
  { isAdmin, canAct, debtOpen }: { isAdmin: boolean; canAct: boolean; debtOpen: boolean },
): OfferAction[] {
  if (!canAct) return [];
  if (offer.status === 'PENDIENTE') return [...(isAdmin ? (['approve', 'reject'] as const) : []), 'cancel'];
  if (offer.status === 'APROBADA') return [...(debtOpen ? (['accept'] as const) : []), 'cancel'];
  return [];
}

const BUTTONS: Record<
  OfferAction,
  { label: string; icon: typeof IconCheck; variant: string; color?: string }
> = {
  approve: { label: 'Aprobar', icon: IconThumbUp, variant: 'light' },
  reject: { label: 'Rechazar', icon: IconX, variant: 'outline', color: 'red.8' },
  accept: { label: 'Aceptar', icon: IconCheck, variant: 'filled' },
  cancel: { label: 'Anular', icon: IconHandStop, variant: 'subtle', color: 'gray.8' },
};

/** The debt's offers, newest first: terms, discount, status (with why it waits) and the actions. */
export function OfferTable({
  offers,
  actionsOf,
  onAction,
}: {
  offers: Offer[];
  actionsOf: (offer: Offer) => OfferAction[];
  onAction: (offer: Offer, action: OfferAction) => void;
}) {
  const money = useMoney();
  // A reader (CLIENTE), or nothing left to do: no Acciones column.
  const acts = offers.some((offer) => actionsOf(offer).length > 0);
  return (
    <DataTable<Offer>
      className={classes.table}
      records={offers}
      verticalSpacing="sm"
      {...emptyStateProps(!offers.length)}
      customRowAttributes={(offer) => ({ 'aria-label': `Oferta ${offer.id}` })}
      columns={[
        {
          accessor: 'createdAt',
          title: 'Fecha',
          noWrap: true,
          render: (o) => (
            <>
              {formatDate(o.createdAt)}
              <div className={local.small}>{o.userName}</div>
            </>
          ),
        },
        {
          accessor: 'amount',
          title: 'Total',
          textAlign: 'right',
          render: (o) => (
            <>
              <strong className={classes.right}>{money(o.amount)}</strong>
              <div className={local.small}>de {money(o.balance)}</div>
            </>
          ),
        },
        {
          accessor: 'discount',
          title: 'Quita',
          textAlign: 'right',
          noWrap: true,
          render: (o) => (
            <>
              {money(o.discount)}
              <div className={local.small}>{percentText(o.discountPercent)}</div>
            </>
          ),
        },
        {
          accessor: 'quotas',
          title: 'Plan',
          render: (o) => (
            <>
              {o.quotas} {o.quotas === 1 ? 'cuota' : 'cuotas'} desde {formatDate(o.firstDueDate)}
              {o.quotas > 1 && o.downPayment !== '0.00' ? (
                <div className={local.small}>Anticipo {money(o.downPayment)}</div>
              ) : null}
            </>
          ),
        },
        {
          accessor: 'status',
          title: 'Estado',
          render: (o) => (
            <>
              <Pill tone={OFFER_STATUS_TONES[o.status]}>{OFFER_STATUS_LABELS[o.status]}</Pill>
              <OfferStatusNote offer={o} />
              {o.acceptedInPortal ? (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  leftSection={<IconFileDownload size={14} />}
                  onClick={() =>
                    void downloadCall(offerTermsCall, { params: { id: o.id } }, `acuerdo-${o.id}.pdf`)
                  }
                >
                  Términos aceptados en el portal
                </Button>
              ) : null}
            </>
          ),
        },
        ...(acts
          ? [
              {
                accessor: 'acciones',
                title: 'Acciones',
                textAlign: 'right' as const,
                render: (o: Offer) => (
                  <Group gap={6} justify="flex-end">
                    {actionsOf(o).map((action) => {
                      const { label, icon: Icon, variant, color } = BUTTONS[action];
                      return (
                        <Button
                          key={action}
                          size="compact-sm"
                          variant={variant}
                          {...(color ? { color } : {})}
                          leftSection={<Icon size={14} />}
                          onClick={() => onAction(o, action)}
                          aria-label={`${label} la oferta ${o.id}`}
                        >
                          {label}
                        </Button>
                      );
                    })}
                  </Group>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}

/** Why it waits, who decided, why it was rejected or annulled. */
function OfferStatusNote({ offer }: { offer: Offer }) {
  const lines: string[] = [];
  if (offer.status === 'PENDIENTE') lines.push(...offer.reasons);
  else if (offer.status !== 'ANULADA' && offer.decidedByName)
    lines.push(`${offer.status === 'RECHAZADA' ? 'Rechazada' : 'Aprobada'} por ${offer.decidedByName}`);
  else if (offer.status === 'APROBADA' && offer.reasons.length === 0) lines.push('Dentro de los límites');
  if (offer.decisionNote) lines.push(offer.decisionNote);
  if (offer.cancelReason) lines.push(offer.cancelReason);
  if (offer.notes) lines.push(offer.notes);
  if (!lines.length) return null;
  return (
    <ul className={`${local.reasons} ${local.small}`}>
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}
