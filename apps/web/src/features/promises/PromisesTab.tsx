import {
  agencyToday,
  PROMISE_STATUS_LABELS,
  type PromiseStatus,
  promiseCreateSchema,
  promisesResource,
} from '@cobranzas/shared';
import { formatDate } from '../../lib/format';
import type { Tone } from '../debts/common/labels';
import { Pill } from '../debts/common/Pill';
import { requiredDate } from '../debts/common/schemas';
import { useMoney } from '../debts/view/currency';
import * as moneyRecord from '../debts/view/moneyRecords';
import { debtTab, RecordTab, type TabProps } from '../debts/view/RecordTab';

const TONES: Record<PromiseStatus, Tone> = {
  PENDIENTE: 'blue',
  CUMPLIDA: 'green',
  PARCIAL: 'orange',
  INCUMPLIDA: 'red',
};

const schema = promiseCreateSchema.omit({ debtId: true }).extend({
  ...moneyRecord.amountAndDate('dueDate'),
  // The API's rule too: a promise is for today or later.
  dueDate: requiredDate.refine((d) => d >= agencyToday(), {
    error: 'La fecha prometida no puede ser anterior a hoy.',
  }),
});
/** The tab's list: the latest due date first. */
export const PROMISES_TAB = debtTab(promisesResource, 'dueDate');

/**
 * Promesas de pago (DESIGN §10.3): what the debtor said they would pay and by when. The status is
 * the API's, read from the money that came in each promise's window; a partial one shows how much.
 */
export function PromisesTab(props: TabProps) {
  const money = useMoney();
  return (
    <RecordTab
      {...props}
      spec={PROMISES_TAB}
      title="Promesas de pago"
      empty="Todavía no se tomaron promesas de pago."
      noun={(p) => `la promesa de ${money(p.amount)} al ${formatDate(p.dueDate)}`}
      label={(p) => `Promesa de ${money(p.amount)} al ${formatDate(p.dueDate)}`}
      form={{
        title: 'Tomar promesa de pago',
        schema,
        defaultValues: () => ({ amount: '', dueDate: addDays(agencyToday(), 7), notes: '' }),
        saved: (values) =>
          `Se registró la promesa de ${money(values.amount)} al ${formatDate(values.dueDate)}.`,
        fields: (
          <>
            <moneyRecord.AmountDateFields date="dueDate" label="Fecha prometida" />
            <moneyRecord.NotesField />
          </>
        ),
      }}
      columns={[
        { ...moneyRecord.dateColumn('dueDate'), title: 'Vence' },
        moneyRecord.amountColumn(money),
        {
          accessor: 'status',
          title: 'Estado',
          phone: true,
          render: (p) => (
            <Pill tone={TONES[p.status]}>
              {PROMISE_STATUS_LABELS[p.status]}
              {p.status === 'PARCIAL' || (p.status === 'PENDIENTE' && p.paid !== '0.00')
                ? ` (${money(p.paid)})`
                : ''}
            </Pill>
          ),
        },
        {
          accessor: 'graceUntil',
          title: 'Se cumple hasta',
          noWrap: true,
          render: (p) => formatDate(p.graceUntil),
        },
        { accessor: 'userName', title: 'Tomada por' },
        { accessor: 'notes', title: 'Notas' },
      ]}
    />
  );
}

/** `date` plus `days` calendar days (YYYY-MM-DD). */
function addDays(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}
