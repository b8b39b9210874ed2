import '@mantine/core/styles/NumberInput.css';
import {
  agencyToday,
  CASE_MESSAGES,
  type Case,
  type CaseStep,
  caseStepCreateSchema,
} from '@cobranzas/shared';
import { useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { DateField } from '../../components/resource/DateField';
import { SelectField, TextareaField, TextField, WholeNumberField } from '../../components/resource/fields';
import type { Option } from '../../components/resource/types';
import { formatDate } from '../../lib/format';
import { RecordModal } from '../debts/view/RecordModal';
import view from '../debts/view/view.module.css';
import { DeadlineResult } from '../jurisdictions/DeadlineResult';
import classes from './cases.module.css';

/** A step as the dialog holds it (the case's id is added on create). */
export const stepFormSchema = caseStepCreateSchema.omit({ caseId: true });
type StepValues = z.input<typeof stepFormSchema>;
export type StepOutput = z.output<typeof stepFormSchema>;

const blank = (): StepValues => ({
  on: agencyToday(),
  title: '',
  description: '',
  statusId: null,
  deadlineDays: null,
  deadlineFrom: null,
});

const toForm = (step: CaseStep): StepValues => ({
  on: step.on,
  title: step.title,
  description: step.description ?? '',
  statusId: step.statusId === null ? null : String(step.statusId),
  deadlineDays: step.deadlineDays,
  // A notice on the step's own day is the default: shown empty, as it was typed.
  deadlineFrom: step.deadlineFrom && step.deadlineFrom !== step.on ? step.deadlineFrom : null,
});

/**
 * Add or edit a step: its day, title, what happened, the case's new status and an optional term in
 * judicial working days from a notice (default: the step's day), previewed live on the case's calendar.
 */
export function StepDialog({
  record,
  step,
  statuses,
  onSubmit,
  onClose,
}: {
  record: Case;
  step: CaseStep | null;
  statuses: Option[];
  onSubmit: (values: StepOutput) => Promise<unknown>;
  onClose: () => void;
}) {
  return (
    <RecordModal
      title={step ? 'Editar paso' : 'Agregar paso'}
      schema={stepFormSchema}
      defaultValues={step ? toForm(step) : blank()}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <DateField name="on" label="Fecha" withAsterisk clearable={false} maxDate={agencyToday()} />
      <SelectField
        name="statusId"
        label="Nuevo estado del expediente"
        data={statuses}
        clearable
        placeholder="Sin cambio"
        comboboxProps={{ withinPortal: true }}
      />
      <div className={view.full}>
        <TextField
          name="title"
          label="Título"
          placeholder="Traslado de la demanda, sentencia, mandamiento…"
          withAsterisk
          autoComplete="off"
        />
      </div>
      <div className={view.full}>
        <TextareaField name="description" label="Descripción" minRows={2} />
      </div>
      <fieldset className={`${view.full} ${classes.term}`}>
        <legend className={classes.termLegend}>Plazo</legend>
        <div className={view.modalGrid}>
          <DaysField />
          <NoticeField />
          <div className={view.full}>
            <StepDeadline jurisdictionId={record.jurisdictionId} />
          </div>
        </div>
      </fieldset>
    </RecordModal>
  );
}

/** «Plazo en días hábiles»: empty means the step opens no term. */
function DaysField() {
  return (
    <WholeNumberField
      name="deadlineDays"
      label="Plazo en días hábiles"
      description="Vacío: el paso no abre un plazo."
      min={1}
      max={365}
      empty={null}
    />
  );
}

/** «desde la notificación del»: empty, the step's own day (shown as its placeholder). */
function NoticeField() {
  const on = useWatch<StepValues, 'on'>({ name: 'on' });
  return (
    <DateField
      name="deadlineFrom"
      label="desde la notificación del"
      description="Vacía: la fecha del paso."
      placeholder={on ? formatDate(on) : 'dd/mm/aaaa'}
      maxDate={on || agencyToday()}
    />
  );
}

/** The live «Vence el…» of the term being typed. */
function StepDeadline({ jurisdictionId }: { jurisdictionId: number | null }) {
  const [on, days, from] = useWatch<StepValues, ['on', 'deadlineDays', 'deadlineFrom']>({
    name: ['on', 'deadlineDays', 'deadlineFrom'],
  });
  return (
    <DeadlineResult
      jurisdictionId={jurisdictionId}
      from={from || on}
      days={days}
      noJurisdiction={CASE_MESSAGES.deadlineNeedsJurisdiction}
    />
  );
}
