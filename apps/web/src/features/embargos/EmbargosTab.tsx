import {
  agencyToday,
  type Debt,
  EMBARGO_STATUSES,
  type Embargo,
  embargoCreateSchema,
  embargosResource,
  embargosTypeResource,
  LABELS,
} from '@cobranzas/shared';
import { Button } from '@mantine/core';
import { useState } from 'react';
import { DateField } from '../../components/resource/DateField';
import { SelectField, TextareaField, TextField } from '../../components/resource/fields';
import { RecordsTable } from '../../components/resource/RecordsTable';
import { listSpec } from '../../components/resource/types';
import { useOptions } from '../../components/resource/useOptions';
import { formatDate } from '../../lib/format';
import { type Permissions, useDebtRecords } from '../debts/common/hooks';
import { EMBARGO_STATUS_TONES } from '../debts/common/labels';
import { MoneyField } from '../debts/common/MoneyInput';
import { Pill } from '../debts/common/Pill';
import { moneyField, requiredDate } from '../debts/common/schemas';
import { useMoney } from '../debts/view/currency';
import { RecordModal } from '../debts/view/RecordModal';
import { useDebtRecordRemove, useDebtRecordSave } from '../debts/view/RecordTab';
import { TabSection } from '../debts/view/TabSection';
import classes from '../debts/view/view.module.css';

const schema = embargoCreateSchema.omit({ debtId: true }).extend({ amount: moneyField, date: requiredDate });
const STATUS_OPTIONS = EMBARGO_STATUSES.map((s) => ({ value: s, label: LABELS.embargoStatus[s] }));
const byName = (record: { name: string }) => record.name;
/** The tab's list: newest first. */
export const EMBARGOS_TAB = listSpec({
  definition: embargosResource,
  filters: ['debtId'],
  params: { sort: 'date', order: 'desc' },
});

/** Embargos: type, amount, court, case number and status; new ones start SOLICITADO. */
export function EmbargosTab({ debt, perms }: { debt: Debt; perms: Permissions }) {
  const money = useMoney();
  const label = (e: Embargo) => `el embargo «${e.embargoTypeName}» de ${money(e.amount)}`;
  const embargos = useDebtRecords(embargosResource, debt.id, EMBARGOS_TAB.params);
  const types = useOptions(embargosTypeResource, byName, perms.add && perms.catalogs);
  const save = useDebtRecordSave(embargosResource);
  const remove = useDebtRecordRemove<Embargo>(embargosResource, label);
  const [editing, setEditing] = useState<Embargo | 'new' | null>(null);
  const current = editing === 'new' ? null : editing;
  const modals = (
    <>
      {remove.dialog}
      {editing ? (
        <RecordModal
          title={current ? 'Editar embargo' : 'Agregar embargo'}
          schema={schema}
          defaultValues={{
            embargoTypeId: current ? String(current.embargoTypeId) : null,
            amount: current?.amount ?? '',
            date: current?.date ?? agencyToday(),
            court: current?.court ?? debt.court ?? '',
            caseNumber: current?.caseNumber ?? debt.caseNumber ?? '',
            status: current?.status ?? 'SOLICITADO',
            notes: current?.notes ?? '',
          }}
          onSubmit={(values) =>
            current
              ? save(current.id, values, 'Se guardó el embargo.')
              : save(
                  undefined,
                  { ...values, debtId: debt.id },
                  `Se agregó un embargo de ${money(values.amount)}.`,
                )
          }
          onClose={() => setEditing(null)}
        >
          <SelectField
            name="embargoTypeId"
            label="Tipo de embargo"
            data={types.options}
            withAsterisk
            allowDeselect={false}
          />
          <MoneyField name="amount" label="Importe" withAsterisk />
          <DateField name="date" label="Fecha" withAsterisk clearable={false} />
          <SelectField
            name="status"
            label="Estado"
            data={STATUS_OPTIONS}
            withAsterisk
            allowDeselect={false}
          />
          <TextField name="court" label="Juzgado" />
          <TextField name="caseNumber" label="N.º de expediente" />
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
      title="Embargos"
      count={embargos.records.length}
      addLabel="Agregar embargo"
      onAdd={perms.add && perms.catalogs ? () => setEditing('new') : undefined}
      query={embargos}
      empty={embargos.records.length ? null : 'La deuda no tiene embargos.'}
    >
      <RecordsTable<Embargo>
        records={embargos.records as Embargo[]}
        label={(e) => `Embargo ${e.embargoTypeName} de ${money(e.amount)}`}
        onDelete={perms.remove ? remove.ask : undefined}
        actions={
          perms.edit && perms.catalogs
            ? (e) => (
                <Button size="compact-sm" variant="subtle" onClick={() => setEditing(e)}>
                  Editar
                </Button>
              )
            : undefined
        }
        columns={[
          { accessor: 'date', title: 'Fecha', noWrap: true, render: (e) => formatDate(e.date) },
          { accessor: 'embargoTypeName', title: 'Tipo', phone: true },
          {
            accessor: 'amount',
            title: 'Importe',
            phone: true,
            textAlign: 'right',
            noWrap: true,
            render: (e) => money(e.amount),
          },
          { accessor: 'court', title: 'Juzgado' },
          { accessor: 'caseNumber', title: 'Expediente', noWrap: true },
          {
            accessor: 'status',
            title: 'Estado',
            phone: true,
            render: (e) => (
              <Pill tone={EMBARGO_STATUS_TONES[e.status]}>{LABELS.embargoStatus[e.status]}</Pill>
            ),
          },
        ]}
      />
    </TabSection>
  );
}
