import { agencyToday, depositCreateSchema, depositsResource } from '@cobranzas/shared';
import { TextField } from '../../components/resource/fields';
import { formatDate } from '../../lib/format';
import { useMoney } from '../debts/view/currency';
import * as moneyRecord from '../debts/view/moneyRecords';
import { debtTab, RecordTab, type TabProps } from '../debts/view/RecordTab';
import { ReceiptButton } from '../payments/ReceiptButton';
import { MoneyMarks, SETTLED_REASON } from '../settlements/marks';

const schema = depositCreateSchema.omit({ debtId: true }).extend(moneyRecord.amountAndDate('depositedAt'));
/** The tab's list: newest first. */
export const DEPOSITS_TAB = debtTab(depositsResource, 'depositedAt');

/** Depósitos: money deposited in a bank or court account toward the debt (salary retentions…). */
export function DepositsTab(props: TabProps) {
  const money = useMoney();
  return (
    <RecordTab
      {...props}
      spec={DEPOSITS_TAB}
      title="Depósitos"
      empty="Todavía no se registraron depósitos."
      locked={(d) => (d.settlementId ? SETTLED_REASON : null)}
      noun={(d) => `el depósito de ${money(d.amount)} del ${formatDate(d.depositedAt)}`}
      label={(d) => `Depósito de ${money(d.amount)} del ${formatDate(d.depositedAt)}`}
      actions={(d) => (
        <ReceiptButton
          kind="deposits"
          id={d.id}
          label={`Recibo del depósito de ${money(d.amount)} del ${formatDate(d.depositedAt)}`}
        />
      )}
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
            <moneyRecord.AmountDateFields date="depositedAt" label="Fecha del depósito" />
            <TextField name="bank" label="Banco" />
            <TextField name="account" label="Cuenta" />
            <TextField name="receiptNumber" label="N.º de comprobante" autoComplete="off" />
            <moneyRecord.NotesField />
          </>
        ),
      }}
      columns={[
        moneyRecord.dateColumn('depositedAt'),
        moneyRecord.amountColumn(money),
        { accessor: 'bank', title: 'Banco', phone: true },
        { accessor: 'account', title: 'Cuenta' },
        { accessor: 'receiptNumber', title: 'Comprobante' },
        {
          accessor: 'settlementId',
          title: 'Rendición',
          render: (d) => <MoneyMarks settlementId={d.settlementId} />,
        },
        { accessor: 'notes', title: 'Notas' },
      ]}
    />
  );
}
