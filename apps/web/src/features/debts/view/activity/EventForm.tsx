import { type Catalog, type EventSubType, eventCreateSchema } from '@cobranzas/shared';
import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { SelectField, TextareaField } from '../../../../components/resource/fields';
import { useOptions } from '../../../../components/resource/useOptions';
import classes from '../view.module.css';

export const eventSchema = eventCreateSchema.omit({ debtId: true, date: true });

const byName = (record: { name: string }) => record.name;

/** Type → sub-type (only those of the chosen type) → outcome, and what happened. */
export function EventFields() {
  const types = useOptions<Catalog>('events-types', byName);
  const outcomes = useOptions<Catalog>('events-history-types', byName);
  const typeId = useWatch({ name: 'eventTypeId' }) as string | null;
  const subTypes = useOptions<EventSubType>('eventsSubTypes', byName, !!typeId, {
    eventTypeId: typeId ?? undefined,
  });
  const { setValue, getValues } = useFormContext();

  // A sub-type of the previous type no longer fits.
  useEffect(() => {
    const current = getValues('eventSubTypeId') as string | null;
    if (current && !subTypes.records.some((s) => String(s.id) === current)) setValue('eventSubTypeId', null);
  }, [subTypes.records, getValues, setValue]);

  return (
    <>
      <SelectField
        name="eventTypeId"
        label="Tipo de gestión"
        data={types.options}
        withAsterisk
        allowDeselect={false}
      />
      <SelectField
        name="eventSubTypeId"
        label="Subtipo"
        data={subTypes.options}
        clearable
        disabled={!typeId || subTypes.options.length === 0}
        placeholder={
          typeId && !subTypes.loading && subTypes.options.length === 0 ? 'Sin subtipos' : undefined
        }
      />
      <SelectField name="eventHistoryTypeId" label="Resultado" data={outcomes.options} clearable />
      <div className={classes.full}>
        <TextareaField
          name="description"
          label="Detalle"
          minRows={3}
          placeholder="Qué se habló, qué se acordó…"
        />
      </div>
    </>
  );
}
