import { type Debt, debtsResource, type ItemOf, type ResourceDefinition } from '@cobranzas/shared';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useCallback, useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { type RecordColumn, RecordsTable } from '../../../components/resource/RecordsTable';
import { useDeleteConfirm } from '../../../components/resource/useDeleteConfirm';
import { type ListParamsOf, useSaveRecord } from '../../../lib/resourceQueries';
import { DEBT_REFRESH, useDebtRecords } from '../common/hooks';
import { RecordModal } from './RecordModal';
import { TabSection } from './TabSection';

/**
 * Creates (no id) or updates a record of the debt; then a toast, and the record's list, the debt
 * (header amounts) and `also` reload before it resolves.
 */
export function useDebtRecordSave(definition: ResourceDefinition, also: readonly ResourceDefinition[] = []) {
  const { mutateAsync } = useSaveRecord(definition, { also: [debtsResource, ...also] });
  return useCallback(
    async (id: number | undefined, body: unknown, message: string) => {
      const saved = await mutateAsync({ id, body });
      notifications.show({ color: 'green', title: 'Guardado', message });
      return saved;
    },
    [mutateAsync],
  );
}

export type SaveRecord = ReturnType<typeof useDebtRecordSave>;

/** Asks before deleting a record of the debt, then reloads it and the header amounts. */
export const useDebtRecordRemove = <T extends { id: number }>(
  definition: ResourceDefinition,
  noun: (record: T) => string,
) => useDeleteConfirm<T>(definition, noun, DEBT_REFRESH);

/**
 * A tab of records hanging from the debt that are listed, added in a dialog and deleted after a
 * confirmation (Pagos, Depósitos, Servicios, Tareas). Each save or delete reloads the list and the
 * header amounts.
 */
export function RecordTab<
  D extends ResourceDefinition,
  In extends FieldValues,
  Out,
  T extends ItemOf<D> & { id: number } = ItemOf<D> & { id: number },
>({
  debt,
  definition,
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
  definition: D;
  /** Other lists a save changes (a payment may settle a quota). */
  refreshAlso?: readonly ResourceDefinition[];
  /** The list's order (its `debtId` is added). */
  params?: ListParamsOf<D>;
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
  const query = useDebtRecords(definition, debt.id, params);
  const records = { ...query, records: query.records as T[] };
  const save = useDebtRecordSave(definition, refreshAlso);
  const remove = useDebtRecordRemove<T>(definition, noun);
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
