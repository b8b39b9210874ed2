import { type Catalog, type Debt, debtCreateSchema, eventCreateSchema } from '@cobranzas/shared';
import { z } from 'zod';
import { SelectField, TextareaField, TextField } from '../../../components/resource/fields';
import { JUDICIAL } from '../common/labels';
import { RecordModal } from './RecordModal';
import classes from './view.module.css';

const schema = z.object({
  eventTypeId: eventCreateSchema.shape.eventTypeId,
  court: debtCreateSchema.shape.court,
  caseNumber: debtCreateSchema.shape.caseNumber,
  description: eventCreateSchema.shape.description,
});
export type StageChangeValues = z.output<typeof schema>;

/** A catalog entry that reads like "Cambio de etapa" is the natural type of this Gestión. */
const stageEventType = (types: Catalog[]) => types.find((t) => /etapa/i.test(t.name)) ?? types[0];

export function StageChangeDialog({
  debt,
  target,
  eventTypes,
  onSubmit,
  onClose,
}: {
  debt: Debt;
  target: { value: string; label: string };
  eventTypes: Catalog[];
  onSubmit: (values: StageChangeValues) => Promise<void>;
  onClose: () => void;
}) {
  const judicial = Number(target.value) === JUDICIAL;
  const options = eventTypes.map((t) => ({ value: String(t.id), label: t.name }));
  const preset = stageEventType(eventTypes);
  return (
    <RecordModal
      title={`Pasar a ${target.label.toLowerCase()}`}
      schema={schema}
      defaultValues={{
        eventTypeId: preset ? String(preset.id) : null,
        court: debt.court ?? '',
        caseNumber: debt.caseNumber ?? '',
        description: '',
      }}
      submitLabel={`Pasar a ${target.label.toLowerCase()}`}
      intro={
        <p className={classes.explain}>
          La deuda pasa de <strong>{debt.debtTypeName}</strong> a <strong>{target.label}</strong>. El cambio
          queda registrado como una gestión en el historial.
        </p>
      }
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <SelectField
        name="eventTypeId"
        label="Tipo de gestión"
        data={options}
        withAsterisk
        allowDeselect={false}
        description={
          options.length
            ? undefined
            : 'No hay tipos de evento cargados: pida a un administrador que cree uno.'
        }
      />
      {judicial ? (
        <>
          <TextField name="court" label="Juzgado" />
          <TextField name="caseNumber" label="N.º de expediente" />
        </>
      ) : null}
      <div className={classes.full}>
        <TextareaField name="description" label="Comentario" minRows={2} />
      </div>
    </RecordModal>
  );
}
