import { agencyToday, type Debt, type Deposit, depositCreateSchema, isDebtClosed } from '@cobranzas/shared';
import type { z } from 'zod';
import { DateField } from '../../../../components/resource/DateField';
import { TextareaField, TextField } from '../../../../components/resource/fields';
import { formatDate } from '../../../../lib/format';
import type { Permissions } from '../../common/hooks';
import { MoneyField } from '../../common/MoneyInput';
import { moneyField, requiredDate } from '../../common/schemas';
import { useMoney } from '../currency';
import { RecordTab } from '../RecordTab';
import classes from '../view.module.css';

const schema = depositCreateSchema
  .omit({ debtId: true })
  .extend({ amount: moneyField, depositedAt: requiredDate });
const NEWEST = { sort: 'depositedAt', order: 'desc' };

/** Depósitos: money deposited in a bank or court account toward the debt (salary retentions…). */
export function DepositsTab({ debt, perms }: { debt: Debt; perms: Permissions }) {
  const money = useMoney();
  return (
    <RecordTab<Deposit, z.input<typeof schema>, z.output<typeof schema>>
      debt={debt}
      resource="deposits"
      params={NEWEST}
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
