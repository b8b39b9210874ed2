import type { Debt } from '@cobranzas/shared';
import { type ReactNode, useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import type { ListParams } from '../../../components/resource/http';
import { useDebtRecords } from '../common/hooks';
import { RecordModal } from './RecordModal';
import { type RecordColumn, RecordsTable } from './RecordsTable';
import { TabSection } from './TabSection';
import { useRemove } from './useRemove';
import { useSave } from './useSave';

export type SaveRecord = ReturnType<typeof useSave>;

/**
 * A tab of records hanging from the debt that are listed, added in a dialog and deleted after a
 * confirmation (Pagos, Depósitos, Servicios, Tareas). Each save or delete reloads the list and the
 * header amounts.
 */
export function RecordTab<T extends { id: number }, In extends FieldValues, Out>({
  debt,
  resource,
  refreshAlso = [],
  params,
  title,
  empty,
  canAdd,
  canRemove,
  removable,
  noun,
  label,
  columns,
  actions,
  form,
}: {
  debt: Debt;
  resource: string;
  /** Other lists a save changes (a payment may settle a quota). */
  refreshAlso?: string[];
  params?: ListParams;
  title: string;
  empty: string;
  canAdd: boolean;
  canRemove: boolean;
  /** The records that may be deleted from this tab (default: all, when canRemove). */
  removable?: (record: T) => boolean;
  /** The record in a sentence: "el pago de $ 100,00 del 01/02/2026". */
  noun: (record: T) => string;
  /** The row's accessible name. */
  label: (record: T) => string;
  columns: RecordColumn<T>[];
  actions?: (record: T, save: SaveRecord) => ReactNode;
  form: {
    /** The dialog's title, also the add button's label. */
    title: string;
    schema: z.ZodType<Out, In>;
    defaultValues: () => In;
    /** The toast after saving. */
    saved: (values: Out) => string;
    fields: ReactNode;
  };
}) {
  const records = useDebtRecords<T>(resource, debt.id, params);
  const save = useSave(resource, ...refreshAlso);
  const remove = useRemove<T>(resource, noun);
  const [adding, setAdding] = useState(false);
  const modals = (
    <>
      {remove.dialog}
      {adding ? (
        <RecordModal
          title={form.title}
          schema={form.schema}
          defaultValues={form.defaultValues()}
          onSubmit={(values) => save(undefined, { ...values, debtId: debt.id }, form.saved(values))}
          onClose={() => setAdding(false)}
        >
          {form.fields}
        </RecordModal>
      ) : null}
    </>
  );

  return (
    <TabSection
      modals={modals}
      title={title}
      count={records.records.length}
      addLabel={form.title}
      onAdd={canAdd ? () => setAdding(true) : undefined}
      query={records}
      empty={records.records.length ? null : empty}
    >
      <RecordsTable<T>
        records={records.records}
        label={label}
        onDelete={canRemove ? remove.ask : undefined}
        removable={removable}
        actions={actions ? (record) => actions(record, save) : undefined}
        columns={columns}
      />
    </TabSection>
  );
}
