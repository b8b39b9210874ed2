import {
  type EventType,
  eventCreateSchema,
  eventsHistoryTypesResource,
  eventsSubTypesResource,
  eventsTypesResource,
} from '@cobranzas/shared';
import { useEffect, useMemo } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { SelectField, TextareaField } from '../../components/resource/fields';
import { useOptions } from '../../components/resource/useOptions';
import classes from '../debts/view/view.module.css';

export const eventSchema = eventCreateSchema.omit({ debtId: true, date: true });

const byName = (record: { name: string }) => record.name;

/** The outcomes a type admits: its own list, or every outcome when it has none (issue 15). */
export function admittedOutcomes<O extends { value: string }>(
  outcomes: O[],
  type: Pick<EventType, 'outcomeIds'> | undefined,
): O[] {
  const ids = type?.outcomeIds ?? [];
  if (ids.length === 0) return outcomes;
  const admitted = new Set(ids.map(String));
  return outcomes.filter((option) => admitted.has(option.value));
}

/** Type → sub-type (only those of the chosen type) → outcome, and what happened. */
export function EventFields() {
  const types = useOptions(eventsTypesResource, byName);
  const outcomes = useOptions(eventsHistoryTypesResource, byName);
  const typeId = useWatch({ name: 'eventTypeId' }) as string | null;
  const subTypes = useOptions(eventsSubTypesResource, byName, !!typeId, {
    eventTypeId: typeId ?? undefined,
  });
  const { setValue, getValues } = useFormContext();
  const type = types.records.find((record) => String(record.id) === typeId);
  const outcomeOptions = useMemo(() => admittedOutcomes(outcomes.options, type), [outcomes.options, type]);

  // A sub-type of the previous type no longer fits.
  useEffect(() => {
    const current = getValues('eventSubTypeId') as string | null;
    if (current && !subTypes.records.some((s) => String(s.id) === current)) setValue('eventSubTypeId', null);
  }, [subTypes.records, getValues, setValue]);

  // Nor does an outcome the new type does not admit (once both lists are in).
  useEffect(() => {
    if (types.loading || outcomes.loading) return;
    const current = getValues('eventHistoryTypeId') as string | null;
    if (current && !outcomeOptions.some((o) => o.value === current)) setValue('eventHistoryTypeId', null);
  }, [outcomeOptions, types.loading, outcomes.loading, getValues, setValue]);

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
      <SelectField name="eventHistoryTypeId" label="Resultado" data={outcomeOptions} clearable />
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
