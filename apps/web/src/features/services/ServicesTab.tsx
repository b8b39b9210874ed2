import { agencyToday, serviceCreateSchema, servicesResource } from '@cobranzas/shared';
import { TextField } from '../../components/resource/fields';
import { useMoney } from '../debts/view/currency';
import * as moneyRecord from '../debts/view/moneyRecords';
import { debtTab, RecordTab, type TabProps } from '../debts/view/RecordTab';
import classes from '../debts/view/view.module.css';

const schema = serviceCreateSchema.omit({ debtId: true }).extend(moneyRecord.amountAndDate('date'));
/** The tab's list: newest first. */
export const SERVICES_TAB = debtTab(servicesResource, 'date');

/** Servicios: costs charged to the debt (carta documento, tasa de justicia, honorarios). */
export function ServicesTab(props: TabProps) {
  const money = useMoney();
  return (
    <RecordTab
      {...props}
      spec={SERVICES_TAB}
      title="Servicios"
      empty="No se cargaron servicios a esta deuda."
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
            <moneyRecord.AmountDateFields date="date" label="Fecha" />
          </>
        ),
      }}
      columns={[
        moneyRecord.dateColumn('date'),
        { accessor: 'description', title: 'Descripción', phone: true },
        moneyRecord.amountColumn(money),
      ]}
    />
  );
}
