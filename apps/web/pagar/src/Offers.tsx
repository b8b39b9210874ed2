/** @jsxImportSource preact */
import type { PortalDebt } from '@cobranzas/shared';
import { useState } from 'preact/hooks';
import { ApiError, post } from './api';
import { cents, day, percentText } from './format';
import { useFocus, useSubmit } from './hooks';
import { FormError, Money } from './ui';

type Offer = PortalDebt['offers'][number];

/** What accepting answers, and the offer's title to say which one it was. */
export interface Accepted {
  offerId: number;
  acceptedAt: string;
  termsSha256: string;
  title: string;
}

/**
 * «Ofertas para usted»: what the company lets the debtor take at once (a single payment with a
 * discount, a plan of quotas), each with its total, its saving and its schedule. Accepting one is
 * confirmed first: it becomes the debt's plan.
 */
export function Offers(props: {
  debt: PortalDebt;
  onAccepted: (accepted: Accepted) => Promise<void>;
  /** A 409: the offer changed, or the debt has a plan now (the API's Spanish message). */
  onConflict: (message: string) => Promise<void>;
}) {
  const { debt } = props;
  // A plain block under its heading, not a region: every debt's would be named the same.
  return (
    <div class="offers">
      <h4 class="h4">Ofertas para usted</h4>
      <p class="hint">
        Si acepta una, pasa a ser el plan de pagos de esta deuda, con un acuerdo en PDF para guardar.
      </p>
      <ul class="plain">
        {debt.offers.map((offer) => (
          // Keyed by its terms: an offer that changed is a new one, never a question left open on it.
          <OfferItem
            key={`${offer.kind}-${offer.amount}-${offer.quotas}-${offer.downPayment}-${offer.firstDueDate}`}
            debt={debt}
            offer={offer}
            onAccepted={props.onAccepted}
            onConflict={props.onConflict}
          />
        ))}
      </ul>
    </div>
  );
}

function OfferItem(props: {
  debt: PortalDebt;
  offer: Offer;
  onAccepted: (accepted: Accepted) => Promise<void>;
  onConflict: (message: string) => Promise<void>;
}) {
  const { debt, offer } = props;
  const [asking, setAsking] = useState(false);
  // Back from the question (Volver): the focus returns to «Aceptar esta oferta».
  const [returned, setReturned] = useState(0);
  const { sending, error, run } = useSubmit();
  const question = useFocus<HTMLParagraphElement>(asking);
  const acceptButton = useFocus<HTMLButtonElement>(returned);
  const titleId = `offer-${debt.id}-${offer.kind}`;
  const saves = cents(offer.discount) > 0n;
  const single = offer.quotas === 1;
  const down = !single && cents(offer.downPayment) > 0n;
  const first = offer.schedule[0]?.amount ?? offer.amount;

  const accept = () =>
    run(async () => {
      try {
        const answer = await post<Omit<Accepted, 'title'>>(`/debts/${debt.id}/offers/accept`, {
          kind: offer.kind,
          amount: offer.amount,
          quotas: offer.quotas,
          firstDueDate: offer.firstDueDate,
        });
        await props.onAccepted({ ...answer, title: offer.title });
      } catch (caught) {
        if (caught instanceof ApiError && caught.status === 409) {
          // The question asked about terms that no longer stand: it closes, the card shows why.
          setAsking(false);
          await props.onConflict(caught.message);
          return;
        }
        throw caught;
      }
    });

  return (
    <li class="offer">
      <h5 id={titleId} class="h5">
        {offer.title}
      </h5>
      <p class="offer-total">
        Paga en total <Money value={offer.amount} currency={debt.currency} />
      </p>
      {saves ? (
        <p class="save">
          Ahorra <Money value={offer.discount} currency={debt.currency} /> (el{' '}
          {percentText(offer.discount, offer.balance)} de lo que debe hoy)
        </p>
      ) : null}
      <p>
        {single
          ? `En un solo pago, hasta el ${day(offer.firstDueDate)}.`
          : `En ${offer.quotas} cuotas mensuales desde el ${day(offer.firstDueDate)}.${
              down ? ' La primera es el anticipo.' : ''
            }`}
      </p>
      <table class="schedule">
        <caption class="sr-only">Cuotas de la oferta «{offer.title}»</caption>
        <thead>
          <tr>
            <th scope="col">Cuota</th>
            <th scope="col">Vencimiento</th>
            <th scope="col" class="num">
              Importe
            </th>
          </tr>
        </thead>
        <tbody>
          {offer.schedule.map((quota) => (
            <tr key={quota.number}>
              <td>{single ? 'Única' : quota.number}</td>
              <td>{day(quota.dueDate)}</td>
              <td class="num">
                <Money value={quota.amount} currency={debt.currency} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {asking ? (
        <div class="confirm">
          <p ref={question} tabIndex={-1}>
            ¿Acepta «{offer.title}»? Pagará <Money value={offer.amount} currency={debt.currency} />
            {saves ? (
              <>
                {' '}
                en lugar de <Money value={offer.balance} currency={debt.currency} />,
              </>
            ) : null}{' '}
            {single ? (
              <>en un solo pago hasta el {day(offer.firstDueDate)}</>
            ) : (
              <>
                en {offer.quotas} cuotas, la primera de <Money value={first} currency={debt.currency} /> el{' '}
                {day(offer.firstDueDate)}
              </>
            )}
            . Pasa a ser el plan de pagos de su deuda con {debt.company} y ya no podrá elegir otra oferta.
          </p>
          <FormError error={error} />
          <div class="stack">
            <button type="button" onClick={accept} disabled={sending}>
              {sending ? 'Enviando…' : 'Sí, acepto esta oferta'}
            </button>
            <button
              type="button"
              class="secondary"
              disabled={sending}
              onClick={() => {
                setAsking(false);
                setReturned((now) => now + 1);
              }}
            >
              Volver
            </button>
          </div>
        </div>
      ) : (
        <button
          type="button"
          class="block"
          ref={acceptButton}
          aria-describedby={titleId}
          onClick={() => setAsking(true)}
        >
          Aceptar esta oferta
        </button>
      )}
    </li>
  );
}
