import {
  CHANNEL_OWNER_LABELS,
  CONTACT_CHANNEL_LABELS,
  type ContactContext,
  eventsHistoryTypesResource,
  eventsSubTypesResource,
  eventsTypesResource,
} from '@cobranzas/shared';
import { useEffect, useMemo, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { DateField } from '../../components/resource/DateField';
import { CheckboxField, SelectField, TextareaField, TextField } from '../../components/resource/fields';
import { useOptions } from '../../components/resource/useOptions';
import { admittedOutcomes } from '../events/EventForm';
import { NO_CHANNEL, openChannels } from './contactForm';
import classes from './contacts.module.css';
import { lastEventType, startingType } from './lastEventType';

const byName = (record: { name: string }) => record.name;

/** The debtor's open channels, each with whose it is; a closed one («no contactar») is never offered. */
export function channelOptions(context: ContactContext | undefined) {
  const open = openChannels(context);
  return [
    ...open.map((c) => ({
      value: c.channel,
      label: `${CONTACT_CHANNEL_LABELS[c.channel]} · ${c.value}${c.owner === 'DEUDOR' ? '' : ` (${CHANNEL_OWNER_LABELS[c.owner]})`}`,
    })),
    { value: NO_CHANNEL, label: 'Sin teléfono ni correo (carta, visita…)' },
  ];
}

/**
 * The contact: its type (focused when the dialog opens), the channel used, sub-type and outcome
 * (only those of the type, as in EventForm), what was said, an optional promise and an optional next
 * task. Every control is a plain input in tab order; the selects open as one types (or with the
 * arrow keys), not on focus, so Tab and Escape keep their meaning.
 */
export function ContactFields({
  context,
  userId,
}: {
  context: ContactContext | undefined;
  userId?: number | undefined;
}) {
  const types = useOptions(eventsTypesResource, byName);
  const outcomes = useOptions(eventsHistoryTypesResource, byName);
  const typeId = useWatch({ name: 'eventTypeId' }) as string | null;
  const subTypes = useOptions(eventsSubTypesResource, byName, !!typeId, { eventTypeId: typeId ?? undefined });
  const { setValue, getValues } = useFormContext();
  const type = types.records.find((record) => String(record.id) === typeId);
  const outcomeOptions = useMemo(() => admittedOutcomes(outcomes.options, type), [outcomes.options, type]);
  const channels = useMemo(() => channelOptions(context), [context]);

  usePreselectedType(types, context, userId);

  // A sub-type of the previous type no longer fits; nor an outcome the new type does not admit.
  useEffect(() => {
    const current = getValues('eventSubTypeId') as string | null;
    if (current && !subTypes.records.some((s) => String(s.id) === current)) setValue('eventSubTypeId', null);
  }, [subTypes.records, getValues, setValue]);
  useEffect(() => {
    if (types.loading || outcomes.loading) return;
    const current = getValues('eventHistoryTypeId') as string | null;
    if (current && !outcomeOptions.some((o) => o.value === current)) setValue('eventHistoryTypeId', null);
  }, [outcomeOptions, types.loading, outcomes.loading, getValues, setValue]);

  return (
    <>
      <div className={classes.grid}>
        <SelectField
          name="eventTypeId"
          label="Tipo de gestión"
          data={types.options}
          data-autofocus
          withAsterisk
          searchable
          openOnFocus={false}
          allowDeselect={false}
        />
        <SelectField
          name="channel"
          label="Medio"
          data={channels}
          searchable
          openOnFocus={false}
          allowDeselect={false}
          disabled={!context}
          placeholder={context ? undefined : 'Cargando…'}
        />
        <SelectField
          name="eventSubTypeId"
          label="Subtipo"
          data={subTypes.options}
          searchable
          openOnFocus={false}
          clearable
          disabled={!typeId || subTypes.options.length === 0}
          placeholder={
            typeId && !subTypes.loading && subTypes.options.length === 0 ? 'Sin subtipos' : undefined
          }
        />
        <SelectField
          name="eventHistoryTypeId"
          label="Resultado"
          data={outcomeOptions}
          searchable
          openOnFocus={false}
          clearable
        />
        <div className={classes.full}>
          <TextareaField
            name="description"
            label="Detalle"
            minRows={2}
            placeholder="Qué se habló, qué se acordó… (Ctrl+Enter guarda)"
          />
        </div>
        <div className={classes.full}>
          {/* Issue 37: an acknowledgment starts the prescription's term again (CCyC 2545). */}
          <CheckboxField name="acknowledgment" label="Reconoce la deuda (interrumpe la prescripción)" />
        </div>
      </div>
      <fieldset className={classes.group}>
        <legend>Promesa de pago (opcional)</legend>
        <div className={classes.grid}>
          <TextField name="promiseAmount" label="Importe prometido" inputMode="decimal" autoComplete="off" />
          <DateField name="promiseDate" label="Fecha prometida" />
        </div>
      </fieldset>
      <fieldset className={classes.group}>
        <legend>Próxima tarea (opcional)</legend>
        <div className={classes.grid}>
          <DateField name="taskDate" label="Fecha de la tarea" />
          <TextField
            name="taskTime"
            label="Hora"
            placeholder="HH:MM"
            inputMode="numeric"
            maxLength={5}
            autoComplete="off"
          />
          <div className={classes.full}>
            <TextField
              name="taskDescription"
              label="Nota de la tarea"
              placeholder="Qué hacer entonces (Enter guarda)"
              autoComplete="off"
              data-last-field
            />
          </div>
        </div>
      </fieldset>
    </>
  );
}

/**
 * «Tipo de gestión» starts as the type this user logged last on this device, else the API's
 * suggestion (the user's most common lately, else the agency's): once, when the catalog is loaded,
 * and never over something typed or chosen. A focused field gets its text selected, so typing
 * another type replaces it.
 */
function usePreselectedType(
  types: { loading: boolean; options: { value: string; label: string }[] },
  context: ContactContext | undefined,
  userId: number | undefined,
) {
  const { setValue, getValues } = useFormContext();
  const done = useRef(false);
  useEffect(() => {
    if (done.current || types.loading) return;
    const stored = startingType(types.options, lastEventType(userId));
    // Without a stored type still in the catalog, wait for the suggestion.
    if (stored === null && context === undefined) return;
    done.current = true;
    const input = typeInput();
    if (getValues('eventTypeId') || (input && input.value !== '')) return;
    const start = stored ?? startingType(types.options, context?.suggestedEventTypeId);
    if (!start) return;
    setValue('eventTypeId', start);
    const label = types.options.find((option) => option.value === start)?.label;
    if (input && label) selectWhenShown(input, label);
  }, [types.loading, types.options, context, userId, getValues, setValue]);
}

/** The type's input when it has the focus (it is the dialog's `data-autofocus` field). */
function typeInput(): HTMLInputElement | null {
  const active = document.activeElement;
  return active instanceof HTMLInputElement && active.hasAttribute('data-autofocus') ? active : null;
}

/** Selects the input's text once the Select shows `label` (it does so a render after the value). */
function selectWhenShown(input: HTMLInputElement, label: string, tries = 20) {
  setTimeout(() => {
    if (document.activeElement !== input) return;
    if (input.value === label) input.select();
    else if (tries > 0 && input.value === '') selectWhenShown(input, label, tries - 1);
  }, 15);
}
