import {
  agencyToday,
  LABELS,
  paymentCreateSchema,
  paymentsResource,
  quotasResource,
} from '@cobranzas/shared';
import { CheckboxField } from '../../components/resource/fields';
import { formatDate } from '../../lib/format';
import { MoneyField } from '../debts/common/MoneyInput';
import { useMoney } from '../debts/view/currency';
import * as moneyRecord from '../debts/view/moneyRecords';
import { debtTab, RecordTab, type TabProps } from '../debts/view/RecordTab';
import classes from '../debts/view/view.module.css';
import { PaymentFields } from '../quotas/PayDialog';
import { MoneyMarks, SETTLED_REASON } from '../settlements/marks';
import { ImputationPreview } from './ImputationPreview';
import { ReceiptButton } from './ReceiptButton';

const schema = paymentCreateSchema.omit({ debtId: true }).extend(moneyRecord.amountAndDate('paidAt'));
/** The tab's list: newest first. */
export const PAYMENTS_TAB = debtTab(paymentsResource, 'paidAt');

/** A payment may settle a quota. */
const ALSO = [quotasResource];

/**
 * Pagos: every payment (quota payments included); a payment without a quota can be added (it pays
 * the plan's oldest quotas, as the form says before saving), and deleted (a reversal: the ledger keeps
 * both). A quota's payment is undone from its quota; a settled one stays (issue 19).
 */
export function PaymentsTab(props: TabProps) {
  const money = useMoney();
  return (
    <RecordTab
      {...props}
      spec={PAYMENTS_TAB}
      refreshAlso={ALSO}
      title="Pagos"
      empty="Todavía no se registraron pagos."
      // A quota's payment is undone from the quota ('Anular pago' in Cuotas), never on its own.
      removable={(p) => p.quotaId === null}
      locked={(p) => (p.settlementId ? SETTLED_REASON : null)}
      noun={(p) => `el pago de ${money(p.amount)} del ${formatDate(p.paidAt)}`}
      label={(p) => `Pago de ${money(p.amount)} del ${formatDate(p.paidAt)}`}
      actions={(p) => (
        <ReceiptButton
          kind="payments"
          id={p.id}
          label={`Recibo del pago de ${money(p.amount)} del ${formatDate(p.paidAt)}`}
        />
      )}
      form={{
        title: 'Registrar pago',
        schema,
        defaultValues: () => ({
          amount: '',
          paidAt: agencyToday(),
          method: 'EFECTIVO' as const,
          receiptNumber: '',
          notes: '',
          paidToClient: false,
        }),
        saved: (values) => `Se registró un pago de ${money(values.amount)}.`,
        fields: (
          <>
            <MoneyField name="amount" label="Importe" withAsterisk />
            <ImputationPreview debtId={props.debt.id} />
            <PaymentFields />
            <CheckboxField
              name="paidToClient"
              label="Pagado directamente al cliente"
              description="El deudor le pagó a la compañía, no a la agencia: se rinde igual, pero no se transfiere."
            />
            <moneyRecord.NotesField />
          </>
        ),
      }}
      columns={[
        moneyRecord.dateColumn('paidAt'),
        moneyRecord.amountColumn(money),
        { accessor: 'method', title: 'Medio', phone: true, render: (p) => LABELS.paymentMethod[p.method] },
        {
          accessor: 'quotaId',
          title: 'Concepto',
          render: (p) => (p.quotaId ? 'Cuota del plan' : 'Pago'),
        },
        {
          accessor: 'settlementId',
          title: 'Rendición',
          phone: true,
          render: (p) => <MoneyMarks settlementId={p.settlementId} paidToClient={p.paidToClient} />,
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
