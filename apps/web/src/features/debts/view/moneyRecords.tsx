/** What the debt's money records (payments, deposits, services, embargos) share: amount and date. */
import { DateField } from '../../../components/resource/DateField';
import { TextareaField } from '../../../components/resource/fields';
import type { RecordColumn } from '../../../components/resource/RecordsTable';
import { formatDate } from '../../../lib/format';
import { MoneyField } from '../common/MoneyInput';
import { moneyField, requiredDate } from '../common/schemas';
import type { useMoney } from './currency';
import classes from './view.module.css';

type Money = ReturnType<typeof useMoney>;

/** The form side of a money record: the amount as MoneyField leaves it, and a required date. */
export const amountAndDate = <K extends string>(date: K) =>
  ({ amount: moneyField, [date]: requiredDate }) as { amount: typeof moneyField } & Record<
    K,
    typeof requiredDate
  >;

/** The record's date column (shown on phones unless `phone` is false). */
export const dateColumn = <T,>(accessor: keyof T & string, phone = true): RecordColumn<T> => ({
  accessor,
  title: 'Fecha',
  phone,
  noWrap: true,
  render: (record) => formatDate(record[accessor] as string),
});

/** The record's amount, right-aligned, in the debt's currency. */
export const amountColumn = <T extends { amount: string }>(money: Money): RecordColumn<T> => ({
  accessor: 'amount',
  title: 'Importe',
  phone: true,
  textAlign: 'right',
  noWrap: true,
  render: (record) => money(record.amount),
});

/** The required amount and date fields. */
export function AmountDateFields({ date, label }: { date: string; label: string }) {
  return (
    <>
      <MoneyField name="amount" label="Importe" withAsterisk />
      <DateField name={date} label={label} withAsterisk clearable={false} />
    </>
  );
}

/** The record's free notes, across the dialog. */
export function NotesField() {
  return (
    <div className={classes.full}>
      <TextareaField name="notes" label="Notas" minRows={2} />
    </div>
  );
}
