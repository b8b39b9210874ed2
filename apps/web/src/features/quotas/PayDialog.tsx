import {
  addMoney,
  agencyToday,
  LABELS,
  PAYMENT_METHODS,
  paymentsResource,
  type Quota,
  quotaPaySchema,
  quotasResource,
  subtractMoney,
} from '@cobranzas/shared';
import { notifications } from '@mantine/notifications';
import type { z } from 'zod';
import { DateField } from '../../components/resource/DateField';
import { SelectField, TextField } from '../../components/resource/fields';
import { formatDate } from '../../lib/format';
import { useResourceMutation } from '../../lib/resourceQueries';
import { payQuota } from '../debts/common/api';
import { DEBT_REFRESH } from '../debts/common/hooks';
import { requiredDate } from '../debts/common/schemas';
import { useMoney } from '../debts/view/currency';
import { RecordModal } from '../debts/view/RecordModal';
import classes from '../debts/view/view.module.css';

export const METHOD_OPTIONS = PAYMENT_METHODS.map((m) => ({ value: m, label: LABELS.paymentMethod[m] }));

// The shared body of PATCH /quotas/{id}/pay, with the date asked for (today by default).
const schema = quotaPaySchema.unwrap().extend({ paidAt: requiredDate });
type QuotaPay = z.output<typeof schema>;

/** 'Pagar': confirms the amount due, asks method and receipt, then PATCH /quotas/{id}/pay. */
export function PayDialog({ quota, onClose }: { quota: Quota; onClose: () => void }) {
  const money = useMoney();
  const pay = useResourceMutation({
    mutationFn: (body: QuotaPay) => payQuota(quota.id, body),
    // Paid here or (409) by someone else meanwhile: either way the table and header must show it.
    invalidates: [quotasResource, paymentsResource, ...(DEBT_REFRESH.also ?? [])],
    always: true,
    wait: false,
  });
  // What it still owes: amount + mora − what earlier payments paid of it (§11.1).
  const due = subtractMoney(addMoney(quota.amount, quota.moraAmount), quota.paidAmount);
  return (
    <RecordModal
      title={`Pagar la cuota ${quota.number}`}
      schema={schema}
      defaultValues={{ paidAt: agencyToday(), method: 'EFECTIVO', receiptNumber: '' }}
      submitLabel={`Confirmar pago de ${money(due)}`}
      intro={
        <dl className={classes.confirm}>
          <div>
            <dt>Vencimiento</dt>
            <dd>{formatDate(quota.dueDate)}</dd>
          </div>
          <div>
            <dt>Importe</dt>
            <dd>{money(quota.amount)}</dd>
          </div>
          {quota.moraAmount !== '0.00' ? (
            <div>
              <dt>Mora</dt>
              <dd>{money(quota.moraAmount)}</dd>
            </div>
          ) : null}
          {quota.paidAmount !== '0.00' ? (
            <div>
              <dt>Ya pagado</dt>
              <dd>{money(quota.paidAmount)}</dd>
            </div>
          ) : null}
          <div>
            <dt>A pagar</dt>
            <dd className={classes.confirmTotal}>{money(due)}</dd>
          </div>
        </dl>
      }
      onSubmit={async (body) => {
        await pay.mutateAsync(body);
        notifications.show({
          color: 'green',
          title: 'Cuota pagada',
          message: `Se registró el pago de la cuota ${quota.number} por ${money(due)}.`,
        });
      }}
      onClose={onClose}
    >
      <PaymentFields />
    </RecordModal>
  );
}

/** A payment's date (today at the latest), method and receipt: a quota's payment and one on account. */
export function PaymentFields() {
  return (
    <>
      <DateField name="paidAt" label="Fecha de pago" withAsterisk clearable={false} maxDate={agencyToday()} />
      <SelectField
        name="method"
        label="Medio de pago"
        data={METHOD_OPTIONS}
        allowDeselect={false}
        withAsterisk
      />
      <TextField name="receiptNumber" label="N.º de comprobante" autoComplete="off" />
    </>
  );
}
