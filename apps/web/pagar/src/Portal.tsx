/** @jsxImportSource preact */
import type { PaymentIntent, PortalOverview } from '@cobranzas/shared';
import { useEffect, useState } from 'preact/hooks';
import { ApiError, call, get, OFFLINE } from './api';
import { Channels, Contact } from './Contact';
import { DebtCard } from './Debt';
import { useFocus } from './hooks';
import { PaymentStatus, Payments, type Returned } from './Payments';

type Loaded<T> = { data: T | null; error: string | null };
const failed = (caught: unknown) => (caught instanceof ApiError ? caught.message : OFFLINE);

/** The debtor's page: their debts and what they can do with them, their payments, the agency. */
export function Portal(props: {
  firstName: string | null;
  payment: string | null;
  onForgetPayment: () => void;
  onExit: () => void;
}) {
  const [overview, setOverview] = useState<Loaded<PortalOverview>>({ data: null, error: null });
  const [payments, setPayments] = useState<Loaded<PaymentIntent[]>>({ data: null, error: null });
  const [returned, setReturned] = useState<Returned>({ loaded: false, intent: null, error: null });
  const [leaving, setLeaving] = useState(false);
  // In from the entry form: the page changed under the keyboard, so its heading takes the focus
  // (the payment's status does, when back from the gateway).
  const heading = useFocus<HTMLHeadingElement>(!props.payment);

  const loadOverview = async () => {
    try {
      const data = await get<PortalOverview>('/debts');
      setOverview({ data, error: null });
    } catch (caught) {
      if (!(caught instanceof ApiError && caught.ended))
        setOverview((now) => ({ data: now.data, error: failed(caught) }));
    }
  };
  const loadPayments = async () => {
    try {
      const { data } = await get<{ data: PaymentIntent[] }>('/payments');
      setPayments({ data, error: null });
    } catch (caught) {
      if (!(caught instanceof ApiError && caught.ended))
        setPayments((now) => ({ data: now.data, error: failed(caught) }));
    }
  };
  /** Back from the gateway: that payment alone, by its reference (a short code of letters and digits). */
  const loadReturned = async () => {
    const reference = props.payment;
    if (!reference) return;
    if (!/^[A-Za-z0-9]{1,12}$/.test(reference)) {
      setReturned({ loaded: true, intent: null, error: null });
      return;
    }
    try {
      const { data } = await get<{ data: PaymentIntent[] }>(
        `/payments?reference=${encodeURIComponent(reference)}`,
      );
      const same = reference.toUpperCase();
      setReturned({
        loaded: true,
        intent: data.find((intent) => intent.reference.toUpperCase() === same) ?? null,
        error: null,
      });
    } catch (caught) {
      if (!(caught instanceof ApiError && caught.ended))
        setReturned((now) => ({ ...now, error: failed(caught) }));
    }
  };
  const refresh = () => Promise.all([loadOverview(), loadPayments(), loadReturned()]).then(() => {});
  // biome-ignore lint/correctness/useExhaustiveDependencies: loaded once, when the session opens.
  useEffect(() => {
    refresh();
  }, []);

  const exit = async () => {
    setLeaving(true);
    await call('DELETE', '/session').catch(() => {});
    props.onExit();
  };

  const data = overview.data;
  const name = data?.debtor.firstName ?? props.firstName;
  return (
    <main class="wrap" id="main">
      <div class="bar">
        <h1 ref={heading} tabIndex={-1}>
          {name ? `Hola, ${name}` : 'Hola'}
        </h1>
        <button type="button" class="secondary" onClick={exit} disabled={leaving}>
          {leaving ? 'Saliendo…' : 'Salir'}
        </button>
      </div>

      {props.payment ? (
        <PaymentStatus
          reference={props.payment}
          returned={returned}
          onRefresh={refresh}
          onClose={props.onForgetPayment}
        />
      ) : null}

      <section aria-labelledby="debts-title" aria-busy={!data && !overview.error}>
        <h2 id="debts-title">Sus deudas</h2>
        {overview.error ? (
          <div class="alert" role="alert">
            <p>{overview.error}</p>
            <button type="button" class="secondary" onClick={loadOverview}>
              Intentar de nuevo
            </button>
          </div>
        ) : null}
        {!data && !overview.error ? <p class="muted">Cargando sus deudas…</p> : null}
        {data && data.debts.length === 0 ? (
          <p class="card">No tiene deudas registradas con nosotros.</p>
        ) : null}
        {data?.debts.map((debt) => (
          <DebtCard
            key={debt.id}
            debt={debt}
            channel={data.payments}
            hours={data.agency.hours}
            onChanged={refresh}
          />
        ))}
      </section>

      {/* Below the debts once they are shown: appearing above them first, it would be pushed down. */}
      {data || overview.error ? <Payments payments={payments} onRetry={loadPayments} /> : null}

      {data ? (
        <>
          <Contact agency={data.agency} />
          <Channels
            channels={data.channels}
            onChanged={(channels) => setOverview({ data: { ...data, channels }, error: null })}
          />
        </>
      ) : null}
    </main>
  );
}
