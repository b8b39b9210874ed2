import { agencyToday, type Debt, LABELS, type Payment, paymentCreateSchema } from '@cobranzas/shared';
import { useState } from 'react';
import { DateField } from '../../../../components/resource/DateField';
import { SelectField, TextareaField, TextField } from '../../../../components/resource/fields';
import { formatDate, formatMoney } from '../../../../lib/format';
import { type Permissions, useDebtRecords } from '../../common/hooks';
import { MoneyField } from '../../common/MoneyInput';
import { moneyField, requiredDate } from '../../common/schemas';
import { METHOD_OPTIONS } from '../quotas/PayDialog';
import { RecordModal } from '../RecordModal';
import { RecordsTable } from '../RecordsTable';
import { TabSection } from '../TabSection';
import { useRemove } from '../useRemove';
import { useSave } from '../useSave';
import classes from '../view.module.css';

const schema = paymentCreateSchema
  .omit({ debtId: true })
  .extend({ amount: moneyField, paidAt: requiredDate });
const label = (p: Payment) => `el pago de ${formatMoney(p.amount)} del ${formatDate(p.paidAt)}`;
const NEWEST = { sort: 'paidAt', order: 'desc' };

/** Pagos: every payment (quota payments included); a payment outside the plan can be added. */
export function PaymentsTab({ debt, perms }: { debt: Debt; perms: Permissions }) {
  const payments = useDebtRecords<Payment>('payments', debt.id, NEWEST);
  const save = useSave('payments', 'quotas');
  const remove = useRemove<Payment>('payments', label);
  const [adding, setAdding] = useState(false);
  const modals = (
    <>
      {remove.dialog}
      {adding ? (
        <RecordModal
          title="Registrar pago"
          schema={schema}
          defaultValues={{
            amount: '',
            paidAt: agencyToday(),
            method: 'EFECTIVO',
            receiptNumber: '',
            notes: '',
          }}
          onSubmit={(values) =>
            save(
              undefined,
              { ...values, debtId: debt.id },
              `Se registró un pago de ${formatMoney(values.amount)}.`,
            )
          }
          onClose={() => setAdding(false)}
        >
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
        </RecordModal>
      ) : null}
    </>
  );

  return (
    <TabSection
      modals={modals}
      title="Pagos"
      count={payments.records.length}
      addLabel="Registrar pago"
      onAdd={perms.add ? () => setAdding(true) : undefined}
      query={payments}
      empty={payments.records.length ? null : 'Todavía no se registraron pagos.'}
    >
      <RecordsTable<Payment>
        records={payments.records}
        label={(p) => `Pago de ${formatMoney(p.amount)} del ${formatDate(p.paidAt)}`}
        onDelete={perms.remove ? remove.ask : undefined}
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
            render: (p) => formatMoney(p.amount),
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
    </TabSection>
  );
}
