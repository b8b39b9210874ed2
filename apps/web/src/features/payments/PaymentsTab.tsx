import {
  agencyToday,
  type Debt,
  isDebtClosed,
  LABELS,
  type Payment,
  paymentCreateSchema,
  paymentsResource,
  quotasResource,
} from '@cobranzas/shared';
import type { z } from 'zod';
import { DateField } from '../../components/resource/DateField';
import { SelectField, TextareaField, TextField } from '../../components/resource/fields';
import { listSpec } from '../../components/resource/types';
import { formatDate } from '../../lib/format';
import type { Permissions } from '../debts/common/hooks';
import { MoneyField } from '../debts/common/MoneyInput';
import { moneyField, requiredDate } from '../debts/common/schemas';
import { useMoney } from '../debts/view/currency';
import { RecordTab } from '../debts/view/RecordTab';
import classes from '../debts/view/view.module.css';
import { METHOD_OPTIONS } from '../quotas/PayDialog';

const schema = paymentCreateSchema
  .omit({ debtId: true })
  .extend({ amount: moneyField, paidAt: requiredDate });
/** The tab's list: newest first. */
export const PAYMENTS_TAB = listSpec({
  definition: paymentsResource,
  filters: ['debtId'],
  params: { sort: 'paidAt', order: 'desc' },
});

/** A payment may settle a quota. */
const ALSO = [quotasResource];

/**
 * Pagos: every payment (quota payments included); a payment outside the plan can be added, and
 * deleted. A quota's payment is undone from its quota.
 */
export function PaymentsTab({ debt, perms }: { debt: Debt; perms: Permissions }) {
  const money = useMoney();
  return (
    <RecordTab<typeof paymentsResource, z.input<typeof schema>, z.output<typeof schema>, Payment>
      debt={debt}
      definition={paymentsResource}
      refreshAlso={ALSO}
      params={PAYMENTS_TAB.params}
      title="Pagos"
      empty="Todavía no se registraron pagos."
      canAdd={perms.add && !isDebtClosed(debt.status)}
      canRemove={perms.remove}
      // A quota's payment is undone from the quota ('Anular pago' in Cuotas), never on its own.
      removable={(p) => p.quotaId === null}
      noun={(p) => `el pago de ${money(p.amount)} del ${formatDate(p.paidAt)}`}
      label={(p) => `Pago de ${money(p.amount)} del ${formatDate(p.paidAt)}`}
      form={{
        title: 'Registrar pago',
        schema,
        defaultValues: () => ({
          amount: '',
          paidAt: agencyToday(),
          method: 'EFECTIVO',
          receiptNumber: '',
          notes: '',
        }),
        saved: (values) => `Se registró un pago de ${money(values.amount)}.`,
        fields: (
          <>
            <MoneyField name="amount" label="Importe" withAsterisk />
            <DateField
              name="paidAt"
              label="Fecha de pago"
              withAsterisk
              clearable={false}
              maxDate={agencyToday()}
            />
            <SelectField
              name="method"
              label="Medio de pago"
              data={METHOD_OPTIONS}
              allowDeselect={false}
              withAsterisk
            />
            <TextField name="receiptNumber" label="N.º de comprobante" autoComplete="off" />
            <div className={classes.full}>
              <TextareaField name="notes" label="Notas" minRows={2} />
            </div>
          </>
        ),
      }}
      columns={[
        {
          accessor: 'paidAt',
          title: 'Fecha',
          phone: true,
          noWrap: true,
          render: (p) => formatDate(p.paidAt),
        },
        {
          accessor: 'amount',
          title: 'Importe',
          phone: true,
          textAlign: 'right',
          noWrap: true,
          render: (p) => money(p.amount),
        },
        { accessor: 'method', title: 'Medio', phone: true, render: (p) => LABELS.paymentMethod[p.method] },
        {
          accessor: 'quotaId',
          title: 'Concepto',
          render: (p) => (p.quotaId ? 'Cuota del plan' : 'Pago a cuenta'),
        },
        { accessor: 'receiptNumber', title: 'Comprobante' },
        {
          accessor: 'createdByName',
          title: 'Registrado por',
          render: (p) => p.createdByName ?? <span className={classes.muted}>—</span>,
        },
        { accessor: 'notes', title: 'Notas' },
      ]}
    />
  );
}
