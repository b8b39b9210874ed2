/** @jsxImportSource preact */
import type { PaymentIntent, PortalDebt, PortalOverview } from '@cobranzas/shared';
import { useState } from 'preact/hooks';
import { Actions } from './Actions';
import { cents, day, dayTime, money } from './format';
import { useFocus } from './hooks';
import { TransferBox } from './Transfer';
import { Money } from './ui';

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

/** One debt: its creditor, what it owes today, its plan, the debtor's pending asks, and its actions. */
export function DebtCard(props: {
  debt: PortalDebt;
  channel: PortalOverview['payments'];
  hours: string;
  onChanged: () => Promise<void>;
}) {
  const { debt } = props;
  const [done, setDone] = useState<string | null>(null);
  const [transfer, setTransfer] = useState<PaymentIntent | null>(null);
  const doneRef = useFocus<HTMLParagraphElement>(done);
  const transferRef = useFocus<HTMLDivElement>(transfer);
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
            Próxima cuota: la {next.number} de {debt.plan.quotas.length}
          </p>
          <p>
            {next.dueDate < debt.date ? 'Venció el' : 'Vence el'} {day(next.dueDate)}:{' '}
            <strong class="money">{money(next.owed, debt.currency)}</strong>
          </p>
        </div>
      ) : null}
      {debt.plan && debt.plan.quotas.length > 0 ? (
        <details class="quotas">
          <summary>Ver las {debt.plan.quotas.length} cuotas del plan</summary>
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

      {done ? (
        <p class="success" role="status" ref={doneRef} tabIndex={-1}>
          {done}
        </p>
      ) : null}
      {transfer?.transfer ? (
        <div ref={transferRef} tabIndex={-1} class="result">
          <TransferBox intent={transfer} transfer={transfer.transfer} />
        </div>
      ) : null}

      {debt.open ? (
        <Actions
          debt={debt}
          channel={props.channel}
          hours={props.hours}
          onDone={(message) => {
            setTransfer(null);
            setDone(message);
            return props.onChanged();
          }}
          onTransfer={(intent) => {
            setDone(
              intent.transfer
                ? null
                : `Iniciamos su pago de ${money(intent.amount, intent.currency)} (referencia ${intent.reference}).`,
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
