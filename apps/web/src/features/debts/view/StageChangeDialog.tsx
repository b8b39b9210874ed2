import { DEBT_TYPE_IDS, type Debt, debtStageChangeSchema } from '@cobranzas/shared';
import type { z } from 'zod';
import { TextareaField, TextField } from '../../../components/resource/fields';
import { RecordModal } from './RecordModal';
import classes from './view.module.css';

const schema = debtStageChangeSchema.omit({ debtTypeId: true });
export type StageChangeValues = z.output<typeof schema>;

export function StageChangeDialog({
  debt,
  target,
  onSubmit,
  onClose,
}: {
  debt: Debt;
  target: { value: string; label: string };
  onSubmit: (values: StageChangeValues) => Promise<void>;
  onClose: () => void;
}) {
  const judicial = Number(target.value) === DEBT_TYPE_IDS.JUDICIAL;
  return (
    <RecordModal
      title={`Pasar a ${target.label.toLowerCase()}`}
      schema={schema}
      defaultValues={{ court: debt.court ?? '', caseNumber: debt.caseNumber ?? '', description: '' }}
      submitLabel={`Pasar a ${target.label.toLowerCase()}`}
      intro={
        <p className={classes.explain}>
          La deuda pasa de <strong>{debt.debtTypeName}</strong> a <strong>{target.label}</strong>. El cambio
          queda registrado como una gestión «Cambio de etapa» en el historial.
        </p>
      }
      onSubmit={onSubmit}
      onClose={onClose}
    >
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
