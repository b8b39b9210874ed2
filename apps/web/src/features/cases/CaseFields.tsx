import { agencyToday, CASE_KIND_LABELS, CASE_KINDS, type Case } from '@cobranzas/shared';
import type { ReactNode } from 'react';
import { DateField } from '../../components/resource/DateField';
import { SelectField, TextareaField, TextField } from '../../components/resource/fields';
import type { Option } from '../../components/resource/types';
import classes from '../debts/view/view.module.css';

export const KIND_OPTIONS: Option[] = CASE_KINDS.map((kind) => ({
  value: kind,
  label: CASE_KIND_LABELS[kind],
}));

/** A case as the form holds it: ids as the selects' strings, dates 'YYYY-MM-DD' or null. */
export type CaseFormValues = {
  caption: string;
  kind: Case['kind'];
  jurisdictionId: string | null;
  fuero: string;
  court: string;
  secretary: string;
  number: string;
  filedOn: string | null;
  closedOn: string | null;
  lawyerId: string | null;
  statusId: string | null;
  internalNotes: string;
};

const idText = (id: number | null | undefined) => (id === null || id === undefined ? null : String(id));

export const caseToForm = (record: Case): CaseFormValues => ({
  caption: record.caption,
  kind: record.kind,
  jurisdictionId: idText(record.jurisdictionId),
  fuero: record.fuero ?? '',
  court: record.court ?? '',
  secretary: record.secretary ?? '',
  number: record.number ?? '',
  filedOn: record.filedOn,
  closedOn: record.closedOn,
  lawyerId: idText(record.lawyerId),
  statusId: idText(record.statusId),
  internalNotes: record.internalNotes ?? '',
});

type Options = { jurisdictions: Option[]; statuses: Option[]; lawyers: Option[] };

/**
 * The case's fields, in a two-column grid (one on phones). `caption` is the carátula's field, given
 * by the caller (the opening form drafts it); `closing`: the end of the trial (only once open).
 */
export function CaseFields({
  options,
  caption,
  closing,
}: {
  options: Options;
  caption: ReactNode;
  closing: boolean;
}) {
  return (
    <>
      <SelectField
        name="kind"
        label="Tipo de proceso"
        data={KIND_OPTIONS}
        allowDeselect={false}
        withAsterisk
        comboboxProps={{ withinPortal: true }}
      />
      <SelectField
        name="jurisdictionId"
        label="Jurisdicción"
        data={options.jurisdictions}
        clearable
        searchable
        placeholder="Elegir"
        description="Su calendario cuenta los plazos en días hábiles."
        comboboxProps={{ withinPortal: true }}
      />
      <div className={classes.full}>{caption}</div>
      <TextField name="fuero" label="Fuero" placeholder="Civil y Comercial" autoComplete="off" />
      <TextField name="court" label="Juzgado" autoComplete="off" />
      <TextField name="secretary" label="Secretaría" autoComplete="off" />
      <TextField name="number" label="N.º de expediente" autoComplete="off" />
      <DateField name="filedOn" label="Demanda presentada el" maxDate={agencyToday()} />
      {closing ? <DateField name="closedOn" label="Fin del juicio" maxDate={agencyToday()} /> : null}
      <SelectField
        name="lawyerId"
        label="Abogado"
        data={options.lawyers}
        clearable
        searchable
        placeholder="Sin asignar"
        comboboxProps={{ withinPortal: true }}
      />
      <SelectField
        name="statusId"
        label="Estado"
        data={options.statuses}
        clearable
        placeholder="Sin estado"
        comboboxProps={{ withinPortal: true }}
      />
      <div className={classes.full}>
        <TextareaField
          name="internalNotes"
          label="Notas internas"
          description="Solo las ve el personal de la agencia, nunca la empresa cliente."
          minRows={2}
        />
      </div>
    </>
  );
}
