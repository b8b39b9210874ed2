import {
  type Debt,
  type FilterKeyOf,
  type ItemOf,
  isDebtClosed,
  type ResourceDefinition,
  type SortKeyOf,
} from '@cobranzas/shared';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useCallback, useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { type RecordColumn, RecordsTable } from '../../../components/resource/RecordsTable';
import { listSpec } from '../../../components/resource/types';
import { useDeleteConfirm } from '../../../components/resource/useDeleteConfirm';
import { type ListParamsOf, useSaveRecord } from '../../../lib/resourceQueries';
import { DEBT_REFRESH, type Permissions, useDebtRecords } from '../common/hooks';
import { RecordModal } from './RecordModal';
import { TabSection } from './TabSection';

/** What every tab of the debt file is given. */
export type TabProps = { debt: Debt; perms: Permissions };

/**
 * A tab's list: the debt's records of `definition` (`debtId`), in this order (none: the API's).
 * test/resources.test.ts checks it against the definition.
 */
export const debtTab = <D extends ResourceDefinition>(
  definition: D,
  sort?: SortKeyOf<D>,
  order: 'asc' | 'desc' = 'desc',
) =>
  listSpec<D>({
    definition,
    filters: ['debtId' as FilterKeyOf<D>],
    ...(sort ? { params: { sort, order } as ListParamsOf<D> } : {}),
  });

/**
 * Creates (no id) or updates a record of the debt; then a toast, and the record's list, the debt
 * (header amounts) and `also` reload before it resolves.
 */
export function useDebtRecordSave(definition: ResourceDefinition, also: readonly ResourceDefinition[] = []) {
  const { mutateAsync } = useSaveRecord(definition, { also: [...(DEBT_REFRESH.also ?? []), ...also] });
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

/** The dialog that adds a record to the debt or, with `editTitle`, edits one. */
export type RecordForm<In extends FieldValues, Out, T> = {
  /** The add dialog's title, also the add button's label. */
  title: string;
  /** The edit dialog's title (only for tabs whose records can be edited). */
  editTitle?: string;
  schema: z.ZodType<Out, In>;
  /** The values the dialog starts from: the record's when editing, else null. */
  defaultValues: (record: T | null) => NoInfer<In>;
  /** The toast after saving. */
  saved: (values: Out, record: T | null) => string;
  fields: ReactNode;
};

/**
 * The add/edit dialog of a debt's record: `add()` or `edit(record)` opens it, `modal` is to be
 * rendered. A new record is saved with the debt's id.
 */
export function useRecordEditor<T extends { id: number }, In extends FieldValues, Out>(
  debt: Debt,
  form: RecordForm<In, Out, T> | undefined,
  save: SaveRecord,
) {
  // null: closed; 'new': adding; a record: editing it.
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const current = editing === 'new' ? null : editing;
  const modal =
    editing && form ? (
      <RecordModal
        title={current && form.editTitle ? form.editTitle : form.title}
        schema={form.schema}
        defaultValues={form.defaultValues(current)}
        onSubmit={(values) =>
          current
            ? save(current.id, values, form.saved(values, current))
            : save(undefined, { ...values, debtId: debt.id }, form.saved(values, null))
        }
        onClose={() => setEditing(null)}
      >
        {form.fields}
      </RecordModal>
    ) : null;
  const add = useCallback(() => setEditing('new'), []);
  return { add, edit: setEditing as (record: T) => void, modal };
}

/** What a tab's rows and actions can do: save a change, open the edit dialog, ask to delete. */
export type RecordTools<T> = { save: SaveRecord; edit: (record: T) => void; remove: (record: T) => void };

/**
 * A tab of records hanging from the debt, listed (a table of `columns`, or what `children` draws),
 * added (and edited) in a dialog and deleted after a confirmation. Each save or delete reloads the
 * list and the header amounts.
 */
export function RecordTab<
  D extends ResourceDefinition,
  In extends FieldValues,
  Out,
  T extends ItemOf<D> & { id: number } = ItemOf<D> & { id: number },
>({
  debt,
  perms,
  spec,
  refreshAlso = [],
  title,
  empty,
  // Money moves (payments, deposits, services) are added only while the debt is open.
  canAdd = perms.add && !isDebtClosed(debt.status),
  canRemove = perms.remove,
  removable,
  locked,
  noun = () => '',
  label = () => '',
  columns = [],
  actions,
  form,
  add,
  extra,
  children,
}: TabProps & {
  /** The tab's list (see debtTab). */
  spec: { definition: D; params?: ListParamsOf<D> | undefined };
  /** Other lists a save changes (a payment may settle a quota). */
  refreshAlso?: readonly ResourceDefinition[];
  title: string;
  empty: string;
  /** Default: the user adds debts' records and the debt is open. */
  canAdd?: boolean;
  /** Default: the user deletes debts' records. */
  canRemove?: boolean;
  /** The records that may be deleted from this tab (default: all, when canRemove). */
  removable?: (record: T) => boolean;
  /** Why a record cannot be changed or deleted (already settled), or null: its trash shows disabled. */
  locked?: (record: T) => string | null;
  /** The record in a sentence: "el pago de $ 100,00 del 01/02/2026". */
  noun?: (record: T) => string;
  /** The row's accessible name. */
  label?: (record: T) => string;
  columns?: RecordColumn<T>[];
  actions?: ((record: T, tools: RecordTools<T>) => ReactNode) | undefined;
  form?: RecordForm<In, Out, T>;
  /** The add button opens this instead of the form's dialog (e.g. the one-step contact dialog). */
  add?: { label: string; open: () => void };
  /** Shown between the header and the list (e.g. an upload area). */
  extra?: ReactNode;
  /** The list drawn otherwise than as a table (a timeline, notes). */
  children?: (records: T[], tools: RecordTools<T>) => ReactNode;
}) {
  const { definition } = spec;
  const query = useDebtRecords(definition, debt.id, spec.params);
  const records = query.records as T[];
  const save = useDebtRecordSave(definition, refreshAlso);
  const remove = useDebtRecordRemove<T>(definition, noun);
  const editor = useRecordEditor<T, In, Out>(debt, form, save);
  const tools: RecordTools<T> = { save, edit: editor.edit, remove: remove.ask };
  const modals = (
    <>
      {canRemove ? remove.dialog : null}
      {editor.modal}
    </>
  );

  return (
    <TabSection
      modals={modals}
      title={title}
      count={records.length}
      addLabel={add?.label ?? form?.title}
      onAdd={canAdd ? (add?.open ?? editor.add) : undefined}
      query={query}
      extra={extra}
      empty={records.length ? null : empty}
    >
      {children ? (
        children(records, tools)
      ) : (
        <RecordsTable<T>
          records={records}
          label={label}
          onDelete={canRemove ? remove.ask : undefined}
          removable={removable}
          locked={locked}
          actions={actions ? (record) => actions(record, tools) : undefined}
          columns={columns}
        />
      )}
    </TabSection>
  );
}
