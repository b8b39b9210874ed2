import {
  JUDICIAL_DAY_OFF_KIND_LABELS,
  JURISDICTION_MESSAGES,
  type JudicialDayOff,
  type JudicialDayOffKind,
  judicialDaysOffResource,
  requiredText,
} from '@cobranzas/shared';
import { notifications } from '@mantine/notifications';
import { z } from 'zod';
import { DateField } from '../../components/resource/DateField';
import { TextField } from '../../components/resource/fields';
import { useSaveRecord } from '../../lib/resourceQueries';
import { requiredDate } from '../debts/common/schemas';
import { RecordModal } from '../debts/view/RecordModal';
import view from '../debts/view/view.module.css';

/** A recess runs from one day to another; the other kinds are one day. */
const rangeSchema = z
  .object({ name: requiredText(120), from: requiredDate, to: requiredDate })
  .refine((v) => v.to >= v.from, { path: ['to'], error: JURISDICTION_MESSAGES.rangeBackwards });
const daySchema = z.object({ name: requiredText(120), from: requiredDate, to: z.string().nullish() });
type Values = z.input<typeof rangeSchema>;

export type DayOffTarget =
  | { mode: 'add'; kind: Exclude<JudicialDayOffKind, 'FERIADO'> }
  | { mode: 'edit'; record: JudicialDayOff };

const TITLES: Record<JudicialDayOffKind, { add: string; edit: string; name: string }> = {
  FERIADO: { add: 'Agregar feriado nacional', edit: 'Editar feriado nacional', name: 'Día de la Memoria…' },
  FERIA: { add: 'Agregar feria judicial', edit: 'Editar feria judicial', name: 'Feria de invierno' },
  INHABIL: { add: 'Agregar día inhábil', edit: 'Editar día inhábil', name: 'Asueto por…' },
};

/**
 * Adds a recess (a range) or an extra day off to a jurisdiction's calendar, or edits any day off (a
 * national holiday counts for every jurisdiction: the dialog says so).
 */
export function DayOffDialog({
  jurisdictionId,
  target,
  onClose,
}: {
  jurisdictionId: number;
  target: DayOffTarget;
  onClose: () => void;
}) {
  const kind = target.mode === 'add' ? target.kind : target.record.kind;
  const range = kind === 'FERIA';
  const record = target.mode === 'edit' ? target.record : null;
  const save = useSaveRecord(judicialDaysOffResource);
  const defaults: Values = {
    name: record?.name ?? '',
    from: record?.from ?? (null as unknown as string),
    to: record?.to ?? (null as unknown as string),
  };
  return (
    <RecordModal
      title={record ? TITLES[kind].edit : TITLES[kind].add}
      schema={(range ? rangeSchema : daySchema) as typeof rangeSchema}
      defaultValues={defaults}
      intro={
        kind === 'FERIADO' ? (
          <p className={view.explain}>Un feriado nacional vale para todas las jurisdicciones.</p>
        ) : null
      }
      onSubmit={async (values) => {
        const to = range && values.to ? values.to : values.from;
        const body = record
          ? { name: values.name, from: values.from, to }
          : { jurisdictionId, kind, name: values.name, from: values.from, to };
        await save.mutateAsync({ id: record?.id, body });
        notifications.show({
          color: 'green',
          title: 'Guardado',
          message: `Se guardó ${JUDICIAL_DAY_OFF_KIND_LABELS[kind].toLowerCase()} «${values.name}».`,
        });
      }}
      onClose={onClose}
    >
      <div className={view.full}>
        <TextField
          name="name"
          label="Nombre"
          placeholder={TITLES[kind].name}
          withAsterisk
          autoComplete="off"
        />
      </div>
      <DateField name="from" label={range ? 'Desde el' : 'Día'} withAsterisk clearable={false} />
      {range ? <DateField name="to" label="Hasta el (inclusive)" withAsterisk clearable={false} /> : null}
    </RecordModal>
  );
}
