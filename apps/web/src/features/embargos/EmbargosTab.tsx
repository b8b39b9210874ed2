import {
  agencyToday,
  EMBARGO_STATUSES,
  embargoCreateSchema,
  embargosResource,
  embargosTypeResource,
  LABELS,
} from '@cobranzas/shared';
import { Button } from '@mantine/core';
import { SelectField, TextField } from '../../components/resource/fields';
import { useOptions } from '../../components/resource/useOptions';
import { EMBARGO_STATUS_TONES } from '../debts/common/labels';
import { Pill } from '../debts/common/Pill';
import { useMoney } from '../debts/view/currency';
import * as moneyRecord from '../debts/view/moneyRecords';
import { debtTab, RecordTab, type TabProps } from '../debts/view/RecordTab';

const schema = embargoCreateSchema.omit({ debtId: true }).extend(moneyRecord.amountAndDate('date'));
const STATUS_OPTIONS = EMBARGO_STATUSES.map((s) => ({ value: s, label: LABELS.embargoStatus[s] }));
const byName = (record: { name: string }) => record.name;
/** The tab's list: newest first. */
export const EMBARGOS_TAB = debtTab(embargosResource, 'date');

/** Embargos: type, amount, court, case number and status; new ones start SOLICITADO. */
export function EmbargosTab(props: TabProps) {
  const { debt, perms } = props;
  const money = useMoney();
  const types = useOptions(embargosTypeResource, byName, perms.add && perms.catalogs);
  return (
    <RecordTab
      {...props}
      spec={EMBARGOS_TAB}
      title="Embargos"
      empty="La deuda no tiene embargos."
      canAdd={perms.add && perms.catalogs}
      noun={(e) => `el embargo «${e.embargoTypeName}» de ${money(e.amount)}`}
      label={(e) => `Embargo ${e.embargoTypeName} de ${money(e.amount)}`}
      form={{
        title: 'Agregar embargo',
        editTitle: 'Editar embargo',
        schema,
        defaultValues: (current) => ({
          embargoTypeId: current ? String(current.embargoTypeId) : null,
          amount: current?.amount ?? '',
          date: current?.date ?? agencyToday(),
          court: current?.court ?? debt.court ?? '',
          caseNumber: current?.caseNumber ?? debt.caseNumber ?? '',
          status: current?.status ?? 'SOLICITADO',
          notes: current?.notes ?? '',
        }),
        saved: (values, current) =>
          current ? 'Se guardó el embargo.' : `Se agregó un embargo de ${money(values.amount)}.`,
        fields: (
          <>
            <SelectField
              name="embargoTypeId"
              label="Tipo de embargo"
              data={types.options}
              withAsterisk
              allowDeselect={false}
            />
            <moneyRecord.AmountDateFields date="date" label="Fecha" />
            <SelectField
              name="status"
              label="Estado"
              data={STATUS_OPTIONS}
              withAsterisk
              allowDeselect={false}
            />
            <TextField name="court" label="Juzgado" />
            <TextField name="caseNumber" label="N.º de expediente" />
            <moneyRecord.NotesField />
          </>
        ),
      }}
      actions={
        perms.edit && perms.catalogs
          ? (e, { edit }) => (
              <Button size="compact-sm" variant="subtle" onClick={() => edit(e)}>
                Editar
              </Button>
            )
          : undefined
      }
      columns={[
        moneyRecord.dateColumn('date', false),
        { accessor: 'embargoTypeName', title: 'Tipo', phone: true },
        moneyRecord.amountColumn(money),
        { accessor: 'court', title: 'Juzgado' },
        { accessor: 'caseNumber', title: 'Expediente', noWrap: true },
        {
          accessor: 'status',
          title: 'Estado',
          phone: true,
          render: (e) => <Pill tone={EMBARGO_STATUS_TONES[e.status]}>{LABELS.embargoStatus[e.status]}</Pill>,
        },
      ]}
    />
  );
}
