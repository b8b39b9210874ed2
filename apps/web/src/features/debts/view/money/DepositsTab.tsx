import { agencyToday, type Debt, type Deposit, depositCreateSchema } from '@cobranzas/shared';
import { useState } from 'react';
import { DateField } from '../../../../components/resource/DateField';
import { TextareaField, TextField } from '../../../../components/resource/fields';
import { formatDate, formatMoney } from '../../../../lib/format';
import { type Permissions, useDebtRecords } from '../../common/hooks';
import { MoneyField } from '../../common/MoneyInput';
import { moneyField, requiredDate } from '../../common/schemas';
import { RecordModal } from '../RecordModal';
import { RecordsTable } from '../RecordsTable';
import { TabSection } from '../TabSection';
import { useRemove } from '../useRemove';
import { useSave } from '../useSave';
import classes from '../view.module.css';

const schema = depositCreateSchema
  .omit({ debtId: true })
  .extend({ amount: moneyField, depositedAt: requiredDate });
const label = (d: Deposit) => `el depósito de ${formatMoney(d.amount)} del ${formatDate(d.depositedAt)}`;
const NEWEST = { sort: 'depositedAt', order: 'desc' };

/** Depósitos: money deposited in a bank or court account toward the debt (salary retentions…). */
export function DepositsTab({ debt, perms }: { debt: Debt; perms: Permissions }) {
  const deposits = useDebtRecords<Deposit>('deposits', debt.id, NEWEST);
  const save = useSave('deposits');
  const remove = useRemove<Deposit>('deposits', label);
  const [adding, setAdding] = useState(false);
  const modals = (
    <>
      {remove.dialog}
      {adding ? (
        <RecordModal
          title="Registrar depósito"
          schema={schema}
          defaultValues={{
            amount: '',
            depositedAt: agencyToday(),
            bank: '',
            account: '',
            receiptNumber: '',
            notes: '',
          }}
          onSubmit={(values) =>
            save(
              undefined,
              { ...values, debtId: debt.id },
              `Se registró un depósito de ${formatMoney(values.amount)}.`,
            )
          }
          onClose={() => setAdding(false)}
        >
          <MoneyField name="amount" label="Importe" withAsterisk />
          <DateField name="depositedAt" label="Fecha del depósito" withAsterisk clearable={false} />
          <TextField name="bank" label="Banco" />
          <TextField name="account" label="Cuenta" />
          <TextField name="receiptNumber" label="N.º de comprobante" autoComplete="off" />
          <div className={classes.full}>
            <TextareaField name="notes" label="Notas" minRows={2} />
          </div>
        </RecordModal>
      ) : null}
    </>
  );

  return (
    <TabSection
      modals={modals}
      title="Depósitos"
      count={deposits.records.length}
      addLabel="Registrar depósito"
      onAdd={perms.add ? () => setAdding(true) : undefined}
      query={deposits}
      empty={deposits.records.length ? null : 'Todavía no se registraron depósitos.'}
    >
      <RecordsTable<Deposit>
        records={deposits.records}
        label={(d) => `Depósito de ${formatMoney(d.amount)} del ${formatDate(d.depositedAt)}`}
        onDelete={perms.remove ? remove.ask : undefined}
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
            render: (d) => formatMoney(d.amount),
          },
          { accessor: 'bank', title: 'Banco', phone: true },
          { accessor: 'account', title: 'Cuenta' },
          { accessor: 'receiptNumber', title: 'Comprobante' },
          { accessor: 'notes', title: 'Notas' },
        ]}
      />
    </TabSection>
  );
}
