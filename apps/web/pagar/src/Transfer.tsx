/** @jsxImportSource preact */
import type { PaymentIntent, TransferInstructions } from '@cobranzas/shared';
import { day, money, plainAmount } from './format';
import { CopyButton } from './ui';

/** The bank transfer's data, each with «Copiar»: the account, the amount and the reference to quote. */
export function TransferBox(props: {
  intent: PaymentIntent;
  transfer: TransferInstructions;
  title?: boolean;
}) {
  const { intent, transfer } = props;
  // The same intent may show twice (its debt's card, the list of payments): ids differ per place.
  const key = `t${intent.id}${props.title === false ? 'l' : 'c'}`;
  /** Label, what is shown, what «Copiar» copies (null: nothing), and whether it is a code. */
  const rows: [string, string | null, string | null, boolean][] = [
    ['Titular', transfer.holder, null, false],
    ['CUIT', transfer.cuit, transfer.cuit, true],
    ['CBU', transfer.cbu, transfer.cbu, true],
    ['Alias', transfer.alias, transfer.alias, true],
    ['Importe', money(intent.amount, intent.currency), plainAmount(intent.amount), false],
    ['Referencia', transfer.reference, transfer.reference, true],
  ];
  return (
    <section
      class="transfer"
      {...(props.title === false
        ? { 'aria-label': `Datos para transferir el pago ${transfer.reference}` }
        : { 'aria-labelledby': `${key}-title` })}
    >
      {props.title === false ? null : (
        <h4 id={`${key}-title`} class="h4">
          Datos para transferir
        </h4>
      )}
      <p>
        Transfiera <strong>{money(intent.amount, intent.currency)}</strong> a esta cuenta y escriba la
        referencia <strong>{transfer.reference}</strong> en el concepto: así su pago se asigna a esta deuda.
      </p>
      <dl class="copy-list">
        {rows.map(([label, shown, copied, code], index) =>
          shown ? (
            <div class="copy-row" key={label}>
              <dt>
                <span>{label === 'Referencia' ? 'Referencia (concepto)' : label}</span>
                {copied ? <CopyButton value={copied} label={label} target={`${key}-${index}`} /> : null}
              </dt>
              <dd class={code ? 'value code' : 'value'} id={`${key}-${index}`}>
                {shown}
              </dd>
            </div>
          ) : null,
        )}
      </dl>
      <p class="muted">
        Hágala antes del {day(intent.expiresAt)}. El pago figurará como acreditado cuando la agencia reciba la
        transferencia.
      </p>
    </section>
  );
}
