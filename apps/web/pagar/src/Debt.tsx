/** @jsxImportSource preact */
import type { PaymentIntent, PortalDebt, PortalOverview } from '@cobranzas/shared';
import { useState } from 'preact/hooks';
import { Actions } from './Actions';
import { cents, day, dayTime, money } from './format';
import { useFocus } from './hooks';
import { type Accepted, Offers } from './Offers';
import { TransferBox } from './Transfer';
import { DownloadButton, Money } from './ui';

type Quota = NonNullable<PortalDebt['plan']>['quotas'][number];

const QUOTA_LABELS: Record<Quota['status'], string> = {
  PENDIENTE: 'Pendiente',
  PAGADA: 'Pagada',
  EN_MORA: 'Vencida',
  PARCIAL: 'Pagada en parte',
};
const QUOTA_CLASS: Record<Quota['status'], string> = {
  PENDIENTE: 'b-muted',
  PAGADA: 'b-ok',
  EN_MORA: 'b-bad',
  PARCIAL: 'b-warn',
};

/** What an action ended with: its success, and what went wrong on the way (or only that). */
type Notice = { done: string | null; problem: string | null };

/**
 * One debt: its creditor, what it owes today, its plan, the debtor's pending asks, the offers it may
 * take, and its actions.
 */
export function DebtCard(props: {
  debt: PortalDebt;
  channel: PortalOverview['payments'];
  hours: string;
  onChanged: () => Promise<void>;
}) {
  const { debt } = props;
  const [notice, setNotice] = useState<Notice | null>(null);
  const [transfer, setTransfer] = useState<PaymentIntent | null>(null);
  const [accepted, setAccepted] = useState<Accepted | null>(null);
  // The open dispute has a document (sent from here, or the API said so): no second one is offered.
  const [attached, setAttached] = useState(false);
  const noticeRef = useFocus<HTMLDivElement>(notice);
  const transferRef = useFocus<HTMLDivElement>(transfer);
  const acceptedRef = useFocus<HTMLDivElement>(accepted);
  const title = `debt-${debt.id}`;
  const next = debt.plan?.next ?? null;

  return (
    <article class="card debt" aria-labelledby={title}>
      <h3 id={title}>{debt.company}</h3>
      {debt.open ? null : (
        <p>
          <span class="badge b-muted">Cerrada</span>
        </p>
      )}
      <p class="owed-label">Debe hoy, {day(debt.date)}</p>
      <p class="amount">{money(debt.total, debt.currency)}</p>

      {debt.disputed ? (
        <p class="notice">Nos dijo que no reconoce esta deuda: la agencia la está revisando.</p>
      ) : null}
      {debt.callbackAt ? <p class="info">Le llamaremos el {dayTime(debt.callbackAt)}.</p> : null}

      {next && debt.plan ? (
        <div class="next">
          <p class="strong">
            {debt.plan.quotas.length === 1
              ? 'Pago único'
              : `Próxima cuota: la ${next.number} de ${debt.plan.quotas.length}`}
          </p>
          <p>
            {next.dueDate < debt.date ? 'Venció el' : 'Vence el'} {day(next.dueDate)}:{' '}
            <strong class="money">{money(next.owed, debt.currency)}</strong>
          </p>
        </div>
      ) : null}
      {debt.plan && debt.plan.quotas.length > 0 ? (
        <details class="quotas">
          <summary>
            {debt.plan.quotas.length === 1
              ? 'Ver el pago del plan'
              : `Ver las ${debt.plan.quotas.length} cuotas del plan`}
          </summary>
          <ol class="plain">
            {debt.plan.quotas.map((quota) => (
              <li key={quota.number} class="quota">
                <div class="row">
                  <span>
                    <strong>Cuota {quota.number}</strong> · {quota.dueDate < debt.date ? 'venció' : 'vence'}{' '}
                    el {day(quota.dueDate)}
                  </span>
                  <span class={`badge ${QUOTA_CLASS[quota.status]}`}>{QUOTA_LABELS[quota.status]}</span>
                </div>
                <p class="muted">
                  Importe <Money value={quota.amount} currency={debt.currency} />
                  {cents(quota.paid) > 0n ? (
                    <>
                      {' '}
                      · pagado <Money value={quota.paid} currency={debt.currency} />
                    </>
                  ) : null}
                </p>
              </li>
            ))}
          </ol>
        </details>
      ) : null}

      {!accepted && debt.termsOfferId !== null ? (
        <p class="hint">
          <DownloadButton
            path={`/offers/${debt.termsOfferId}/terms`}
            name={`acuerdo-${debt.termsOfferId}.pdf`}
            label="Descargar los términos de su acuerdo (PDF)"
          />
        </p>
      ) : null}
      {accepted ? (
        <div class="success accepted" ref={acceptedRef} tabIndex={-1}>
          <p role="status">
            <strong>Aceptó la oferta «{accepted.title}».</strong> Ya es el plan de pagos de esta deuda.
            Descargue el acuerdo con sus términos y guárdelo.
          </p>
          <DownloadButton
            path={`/offers/${accepted.offerId}/terms`}
            name={`acuerdo-${accepted.offerId}.pdf`}
            label="Descargar los términos (PDF)"
            primary
          />
        </div>
      ) : null}
      {notice ? (
        <div ref={noticeRef} tabIndex={-1} class="result">
          {notice.done ? (
            <p class="success" role="status">
              {notice.done}
            </p>
          ) : null}
          {notice.problem ? (
            <div class="alert" role="alert">
              <p>{notice.problem}</p>
            </div>
          ) : null}
        </div>
      ) : null}
      {transfer?.transfer ? (
        <div ref={transferRef} tabIndex={-1} class="result">
          <TransferBox intent={transfer} transfer={transfer.transfer} />
        </div>
      ) : null}

      {debt.open && debt.offers.length > 0 ? (
        <Offers
          debt={debt}
          onAccepted={(answer) => {
            setNotice(null);
            setTransfer(null);
            setAccepted(answer);
            return props.onChanged();
          }}
          onConflict={(message) => {
            setTransfer(null);
            setNotice({ done: null, problem: message });
            return props.onChanged();
          }}
        />
      ) : null}

      {debt.open ? (
        <Actions
          debt={debt}
          channel={props.channel}
          hours={props.hours}
          attached={attached || debt.disputeDocument !== null}
          onAttached={() => setAttached(true)}
          onDone={(done, problem = null) => {
            setTransfer(null);
            setNotice({ done, problem });
            return props.onChanged();
          }}
          onTransfer={(intent) => {
            setNotice(
              intent.transfer
                ? null
                : {
                    done: `Iniciamos su pago de ${money(intent.amount, intent.currency)} (referencia ${intent.reference}).`,
                    problem: null,
                  },
            );
            setTransfer(intent);
            return props.onChanged();
          }}
        />
      ) : (
        <p class="muted">Esta deuda está cerrada: no hay nada que hacer con ella.</p>
      )}
    </article>
  );
}
