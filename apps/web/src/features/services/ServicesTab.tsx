import {
  agencyToday,
  type Debt,
  isDebtClosed,
  type Service,
  serviceCreateSchema,
  servicesResource,
} from '@cobranzas/shared';
import type { z } from 'zod';
import { DateField } from '../../components/resource/DateField';
import { TextField } from '../../components/resource/fields';
import { listSpec } from '../../components/resource/types';
import { formatDate } from '../../lib/format';
import type { Permissions } from '../debts/common/hooks';
import { MoneyField } from '../debts/common/MoneyInput';
import { moneyField, requiredDate } from '../debts/common/schemas';
import { useMoney } from '../debts/view/currency';
import { RecordTab } from '../debts/view/RecordTab';
import classes from '../debts/view/view.module.css';

const schema = serviceCreateSchema.omit({ debtId: true }).extend({ amount: moneyField, date: requiredDate });
/** The tab's list: newest first. */
export const SERVICES_TAB = listSpec({
  definition: servicesResource,
  filters: ['debtId'],
  params: { sort: 'date', order: 'desc' },
});

/** Servicios: costs charged to the debt (carta documento, tasa de justicia, honorarios). */
export function ServicesTab({ debt, perms }: { debt: Debt; perms: Permissions }) {
  const money = useMoney();
  return (
    <RecordTab<typeof servicesResource, z.input<typeof schema>, z.output<typeof schema>, Service>
      debt={debt}
      definition={servicesResource}
      params={SERVICES_TAB.params}
      title="Servicios"
      empty="No se cargaron servicios a esta deuda."
      canAdd={perms.add && !isDebtClosed(debt.status)}
      canRemove={perms.remove}
      noun={(s) => `el servicio «${s.description}»`}
      label={(s) => `Servicio ${s.description}`}
      form={{
        title: 'Agregar servicio',
        schema,
        defaultValues: () => ({ description: '', amount: '', date: agencyToday() }),
        saved: (values) => `Se cargó «${values.description}» por ${money(values.amount)}.`,
        fields: (
          <>
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
          </>
        ),
      }}
      columns={[
        { accessor: 'date', title: 'Fecha', phone: true, noWrap: true, render: (s) => formatDate(s.date) },
        { accessor: 'description', title: 'Descripción', phone: true },
        {
          accessor: 'amount',
          title: 'Importe',
          phone: true,
          textAlign: 'right',
          noWrap: true,
          render: (s) => money(s.amount),
        },
      ]}
    />
  );
}
