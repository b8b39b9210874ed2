import { agencyToday, type Debt, type Service, serviceCreateSchema } from '@cobranzas/shared';
import { useState } from 'react';
import { DateField } from '../../../../components/resource/DateField';
import { TextField } from '../../../../components/resource/fields';
import { formatDate, formatMoney } from '../../../../lib/format';
import { type Permissions, useDebtRecords } from '../../common/hooks';
import { MoneyField } from '../../common/MoneyInput';
import { moneyField, requiredDate } from '../../common/schemas';
import { RecordModal } from '../RecordModal';
import { RecordsTable } from '../RecordsTable';
import { TabSection } from '../TabSection';
import { useRemove } from '../useRemove';
import { useSave } from '../useSave';
import classes from '../view.module.css';

const schema = serviceCreateSchema.omit({ debtId: true }).extend({ amount: moneyField, date: requiredDate });
const label = (s: Service) => `el servicio «${s.description}»`;
const NEWEST = { sort: 'date', order: 'desc' };

/** Servicios: costs charged to the debt (carta documento, tasa de justicia, honorarios). */
export function ServicesTab({ debt, perms }: { debt: Debt; perms: Permissions }) {
  const services = useDebtRecords<Service>('services', debt.id, NEWEST);
  const save = useSave('services');
  const remove = useRemove<Service>('services', label);
  const [adding, setAdding] = useState(false);
  const modals = (
    <>
      {remove.dialog}
      {adding ? (
        <RecordModal
          title="Agregar servicio"
          schema={schema}
          defaultValues={{ description: '', amount: '', date: agencyToday() }}
          onSubmit={(values) =>
            save(
              undefined,
              { ...values, debtId: debt.id },
              `Se cargó «${values.description}» por ${formatMoney(values.amount)}.`,
            )
          }
          onClose={() => setAdding(false)}
        >
          <div className={classes.full}>
            <TextField
              name="description"
              label="Descripción"
              placeholder="Carta documento, tasa de justicia…"
              withAsterisk
            />
          </div>
          <MoneyField name="amount" label="Importe" withAsterisk />
          <DateField name="date" label="Fecha" withAsterisk clearable={false} />
        </RecordModal>
      ) : null}
    </>
  );

  return (
    <TabSection
      modals={modals}
      title="Servicios"
      count={services.records.length}
      addLabel="Agregar servicio"
      onAdd={perms.add ? () => setAdding(true) : undefined}
      query={services}
      empty={services.records.length ? null : 'No se cargaron servicios a esta deuda.'}
    >
      <RecordsTable<Service>
        records={services.records}
        label={(s) => `Servicio ${s.description}`}
        onDelete={perms.remove ? remove.ask : undefined}
        columns={[
          { accessor: 'date', title: 'Fecha', phone: true, noWrap: true, render: (s) => formatDate(s.date) },
          { accessor: 'description', title: 'Descripción', phone: true },
          {
            accessor: 'amount',
            title: 'Importe',
            phone: true,
            textAlign: 'right',
            noWrap: true,
            render: (s) => formatMoney(s.amount),
          },
        ]}
      />
    </TabSection>
  );
}
