import { agencyToday, serviceCreateSchema, servicesResource } from '@cobranzas/shared';
import { Button, Group } from '@mantine/core';
import { useFormContext } from 'react-hook-form';
import { TextField } from '../../components/resource/fields';
import { useMoney } from '../debts/view/currency';
import * as moneyRecord from '../debts/view/moneyRecords';
import { debtTab, RecordTab, type TabProps } from '../debts/view/RecordTab';
import classes from '../debts/view/view.module.css';

const schema = serviceCreateSchema.omit({ debtId: true }).extend(moneyRecord.amountAndDate('date'));
/** The tab's list: newest first. */
export const SERVICES_TAB = debtTab(servicesResource, 'date');

/**
 * Servicios: costs charged to the debt (carta documento, tasa de justicia, honorarios). A court case's
 * «Costas» (issue 37) is the same list under its own title, with `presets` one click away.
 */
export function ServicesTab({
  title = 'Servicios',
  empty = 'No se cargaron servicios a esta deuda.',
  addTitle = 'Agregar servicio',
  presets,
  ...props
}: TabProps & { title?: string; empty?: string; addTitle?: string; presets?: readonly string[] }) {
  const money = useMoney();
  return (
    <RecordTab
      {...props}
      spec={SERVICES_TAB}
      title={title}
      empty={empty}
      noun={(s) => `el servicio «${s.description}»`}
      label={(s) => `Servicio ${s.description}`}
      form={{
        title: addTitle,
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
              {presets?.length ? <DescriptionPresets presets={presets} /> : null}
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

/** The usual descriptions, each a button that writes itself into the field. */
function DescriptionPresets({ presets }: { presets: readonly string[] }) {
  const { setValue } = useFormContext();
  return (
    <Group gap={6} mt={6} role="group" aria-label="Descripciones habituales">
      {presets.map((preset) => (
        <Button
          key={preset}
          size="compact-sm"
          variant="light"
          onClick={() => setValue('description', preset, { shouldDirty: true, shouldValidate: true })}
        >
          {preset}
        </Button>
      ))}
    </Group>
  );
}
