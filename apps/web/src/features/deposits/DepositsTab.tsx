import {
  agencyToday,
  type Debt,
  type Deposit,
  depositCreateSchema,
  depositsResource,
  isDebtClosed,
} from '@cobranzas/shared';
import type { z } from 'zod';
import { DateField } from '../../components/resource/DateField';
import { TextareaField, TextField } from '../../components/resource/fields';
import { listSpec } from '../../components/resource/types';
import { formatDate } from '../../lib/format';
import type { Permissions } from '../debts/common/hooks';
import { MoneyField } from '../debts/common/MoneyInput';
import { moneyField, requiredDate } from '../debts/common/schemas';
import { useMoney } from '../debts/view/currency';
import { RecordTab } from '../debts/view/RecordTab';
import classes from '../debts/view/view.module.css';

const schema = depositCreateSchema
  .omit({ debtId: true })
  .extend({ amount: moneyField, depositedAt: requiredDate });
/** The tab's list: newest first. */
export const DEPOSITS_TAB = listSpec({
  definition: depositsResource,
  filters: ['debtId'],
  params: { sort: 'depositedAt', order: 'desc' },
});

/** Depósitos: money deposited in a bank or court account toward the debt (salary retentions…). */
export function DepositsTab({ debt, perms }: { debt: Debt; perms: Permissions }) {
  const money = useMoney();
  return (
    <RecordTab<typeof depositsResource, z.input<typeof schema>, z.output<typeof schema>, Deposit>
      debt={debt}
      definition={depositsResource}
      params={DEPOSITS_TAB.params}
      title="Depósitos"
      empty="Todavía no se registraron depósitos."
      canAdd={perms.add && !isDebtClosed(debt.status)}
      canRemove={perms.remove}
      noun={(d) => `el depósito de ${money(d.amount)} del ${formatDate(d.depositedAt)}`}
      label={(d) => `Depósito de ${money(d.amount)} del ${formatDate(d.depositedAt)}`}
      form={{
        title: 'Registrar depósito',
        schema,
        defaultValues: () => ({
          amount: '',
          depositedAt: agencyToday(),
          bank: '',
          account: '',
          receiptNumber: '',
          notes: '',
        }),
        saved: (values) => `Se registró un depósito de ${money(values.amount)}.`,
        fields: (
          <>
            <MoneyField name="amount" label="Importe" withAsterisk />
            <DateField name="depositedAt" label="Fecha del depósito" withAsterisk clearable={false} />
            <TextField name="bank" label="Banco" />
            <TextField name="account" label="Cuenta" />
            <TextField name="receiptNumber" label="N.º de comprobante" autoComplete="off" />
            <div className={classes.full}>
              <TextareaField name="notes" label="Notas" minRows={2} />
            </div>
          </>
        ),
      }}
      columns={[
        {
          accessor: 'depositedAt',
          title: 'Fecha',
          phone: true,
          noWrap: true,
          render: (d) => formatDate(d.depositedAt),
        },
        {
          accessor: 'amount',
          title: 'Importe',
          phone: true,
          textAlign: 'right',
          noWrap: true,
          render: (d) => money(d.amount),
        },
        { accessor: 'bank', title: 'Banco', phone: true },
        { accessor: 'account', title: 'Cuenta' },
        { accessor: 'receiptNumber', title: 'Comprobante' },
        { accessor: 'notes', title: 'Notas' },
      ]}
    />
  );
}
