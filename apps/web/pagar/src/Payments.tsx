/** @jsxImportSource preact */
import type { PaymentIntent } from '@cobranzas/shared';
import { PAYMENT_INTENT_STATUS_LABELS } from '@cobranzas/shared/portal';
import { useState } from 'preact/hooks';
import { dayTime, money } from './format';
import { useFocus } from './hooks';
import { TransferBox } from './Transfer';
import { DownloadButton } from './ui';

type Loaded = { data: PaymentIntent[] | null; error: string | null };

const STATUS_CLASS: Record<PaymentIntent['status'], string> = {
  PENDIENTE: 'b-pending',
  APROBADO: 'b-ok',
  RECHAZADO: 'b-bad',
  VENCIDO: 'b-muted',
  A_REVISAR: 'b-warn',
};

export function StatusBadge({ status }: { status: PaymentIntent['status'] }) {
  return <span class={`badge ${STATUS_CLASS[status]}`}>{PAYMENT_INTENT_STATUS_LABELS[status]}</span>;
}

/** «Descargar recibo»: the PDF through the session's token, saved as recibo-<reference>.pdf. */
function ReceiptButton({ intent }: { intent: PaymentIntent }) {
  return (
    <DownloadButton
      path={`/payments/${intent.id}/receipt`}
      name={`recibo-${intent.reference}.pdf`}
      label="Descargar recibo"
    />
  );
}

const WHAT_NOW: Record<PaymentIntent['status'], (intent: PaymentIntent) => string> = {
  PENDIENTE: (intent) =>
    intent.channel === 'MERCADOPAGO'
      ? 'Estamos esperando la confirmación de Mercado Pago.'
      : 'Estamos esperando su transferencia.',
  APROBADO: () => 'Su pago se acreditó. ¡Gracias!',
  RECHAZADO: () => 'Mercado Pago rechazó el pago. Puede intentarlo de nuevo con otro medio.',
  VENCIDO: () => 'El pago venció sin acreditarse. Si todavía quiere pagar, inicie un pago nuevo.',
  A_REVISAR: () => 'Recibimos el dinero y la agencia lo está revisando para asignarlo a su deuda.',
};

/** The payment the debtor came back from the gateway with: asked for by its reference. */
export type Returned = { loaded: boolean; intent: PaymentIntent | null; error: string | null };

/** Back from the gateway (`?pago=<reference>`): that payment's status, first on the page. */
export function PaymentStatus(props: {
  reference: string;
  returned: Returned;
  onRefresh: () => Promise<void>;
  onClose: () => void;
}) {
  const [refreshing, setRefreshing] = useState(false);
  const { loaded, intent, error } = props.returned;
  const heading = useFocus<HTMLHeadingElement>(true);
  const refresh = async () => {
    setRefreshing(true);
    await props.onRefresh();
    setRefreshing(false);
  };
  return (
    <section
      class={`card payment-status ${intent ? STATUS_CLASS[intent.status] : ''}`}
      aria-labelledby="pago-title"
    >
      <h2 id="pago-title" ref={heading} tabIndex={-1}>
        Su pago {props.reference}
      </h2>
      <div role="status" aria-live="polite">
        {!loaded && !error ? <p>Buscando su pago…</p> : null}
        {error ? <p>{error}</p> : null}
        {loaded && !intent ? (
          <p>No encontramos un pago con la referencia {props.reference} entre los suyos.</p>
        ) : null}
        {intent ? (
          <>
            <div class="row">
              <p class="amount-sm">{money(intent.amount, intent.currency)}</p>
              <StatusBadge status={intent.status} />
            </div>
            <p>{intent.company}</p>
            <p class="strong">{WHAT_NOW[intent.status](intent)}</p>
          </>
        ) : null}
      </div>
      <div class="stack">
        {intent?.hasReceipt ? <ReceiptButton intent={intent} /> : null}
        {!intent || intent.status === 'PENDIENTE' ? (
          <button type="button" class="block" onClick={refresh} disabled={refreshing}>
            {refreshing ? 'Actualizando…' : 'Actualizar'}
          </button>
        ) : null}
        <button type="button" class="secondary block" onClick={props.onClose}>
          Cerrar este aviso
        </button>
      </div>
    </section>
  );
}

/** Every payment the debtor started here, newest first. */
export function Payments(props: { payments: Loaded; onRetry: () => void }) {
  const { data, error } = props.payments;
  return (
    <section aria-labelledby="payments-title" aria-busy={!data && !error}>
      <h2 id="payments-title">Sus pagos</h2>
      {error ? (
        <div class="alert" role="alert">
          <p>No pudimos mostrar sus pagos. {error}</p>
          <button type="button" class="secondary" onClick={props.onRetry}>
            Intentar de nuevo
          </button>
        </div>
      ) : null}
      {!data && !error ? <p class="muted">Cargando sus pagos…</p> : null}
      {data && data.length === 0 ? <p class="muted">Todavía no inició pagos desde aquí.</p> : null}
      {data && data.length > 0 ? (
        <ul class="plain">
          {data.map((intent) => (
            <PaymentItem key={intent.id} intent={intent} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function PaymentItem({ intent }: { intent: PaymentIntent }) {
  const [showTransfer, setShowTransfer] = useState(false);
  const transferId = `pay-${intent.id}-transfer`;
  return (
    <li class="card">
      <div class="row">
        <p class="amount-sm">{money(intent.amount, intent.currency)}</p>
        <StatusBadge status={intent.status} />
      </div>
      <p>{intent.company}</p>
      <p class="muted">
        Referencia {intent.reference} ·{' '}
        {intent.paidAt
          ? `acreditado el ${dayTime(intent.paidAt)}`
          : `iniciado el ${dayTime(intent.createdAt)}`}
        {intent.channel === 'MERCADOPAGO' ? ' · Mercado Pago' : ' · Transferencia'}
      </p>
      <div class="stack">
        {intent.hasReceipt ? <ReceiptButton intent={intent} /> : null}
        {intent.redirectUrl ? (
          <a class="button block" href={intent.redirectUrl}>
            Continuar el pago en Mercado Pago
          </a>
        ) : null}
        {intent.transfer ? (
          <button
            type="button"
            class="secondary block"
            aria-expanded={showTransfer}
            aria-controls={transferId}
            onClick={() => setShowTransfer((shown) => !shown)}
          >
            {showTransfer ? 'Ocultar los datos para transferir' : 'Ver los datos para transferir'}
          </button>
        ) : null}
      </div>
      <div id={transferId}>
        {intent.transfer && showTransfer ? (
          <TransferBox intent={intent} transfer={intent.transfer} title={false} />
        ) : null}
      </div>
    </li>
  );
}
