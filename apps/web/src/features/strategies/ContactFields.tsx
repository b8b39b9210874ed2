/** The fields of the contact actions: a letter template to print or e-mail, a WhatsApp template. */
import { LETTER_FIELD_GROUPS, LETTER_FIELDS } from '@cobranzas/shared';
import { MultiSelect, Select, TextInput } from '@mantine/core';
import type { Option } from '../../components/resource/types';
import type { ActionDraft } from './actionDraft';
import classes from './strategies.module.css';

/** The most values a WhatsApp template takes here (the shared schema's limit). */
const MAX_PARAMETERS = 10;

/** A letter template by code; a code no longer among them stays chosen, named by its code. */
export function LetterTemplateSelect({
  options,
  value,
  ...props
}: {
  label: string;
  description: string;
  options: Option[];
  value: string | null;
  onChange: (value: string | null) => void;
  error: string | undefined;
}) {
  const data =
    value === null || options.some((o) => o.value === value)
      ? options
      : [...options, { value, label: `Plantilla «${value}»` }];
  return (
    <Select
      {...props}
      className={classes.actionField}
      withAsterisk
      data={data}
      value={value}
      searchable
      nothingFoundMessage="No hay plantillas de cartas"
    />
  );
}

const LABELS = new Map(LETTER_FIELDS.map((f) => [f.key, f.label]));
const FIELD_DATA = LETTER_FIELD_GROUPS.map((group) => ({
  group: group.label,
  items: group.fields.map((f) => ({ value: f.key, label: f.label })),
}));

type WhatsApp = Extract<ActionDraft, { type: 'SEND_WHATSAPP' }>;

/**
 * A template approved at the provider: its name, language and the letters' merge fields that fill
 * its {{1}}, {{2}}… in the order chosen (the multi-select keeps the order of picking).
 */
export function WhatsAppFields({
  action,
  onChange,
  error,
}: {
  action: WhatsApp;
  onChange: (action: WhatsApp) => void;
  error: (field: string) => string | undefined;
}) {
  const unknown = action.parameters.filter((key) => !LABELS.has(key));
  const data =
    unknown.length > 0
      ? [...FIELD_DATA, { group: 'Otros', items: unknown.map((key) => ({ value: key, label: key })) }]
      : FIELD_DATA;
  const parametersError =
    error('parameters') ?? action.parameters.map((_, i) => error(`parameters.${i}`)).find(Boolean);
  return (
    <div className={classes.grid}>
      <TextInput
        label="Plantilla de WhatsApp"
        description="El nombre con que la aprobó el proveedor: minúsculas, números y guiones bajos."
        placeholder="recordatorio_de_pago"
        withAsterisk
        maxLength={512}
        autoComplete="off"
        value={action.template}
        onChange={(e) => onChange({ ...action, template: e.currentTarget.value })}
        error={error('template')}
      />
      <TextInput
        label="Idioma de la plantilla"
        description="El de su aprobación: es_AR, es, en_US…"
        maxLength={5}
        autoComplete="off"
        value={action.language}
        onChange={(e) => onChange({ ...action, language: e.currentTarget.value })}
        error={error('language')}
      />
      <MultiSelect
        className={classes.wide}
        label="Valores de la plantilla"
        description="Los {{1}}, {{2}}… de la plantilla, en este orden: elíjalos en el orden en que la plantilla los usa (para cambiarlo, quítelos y vuelva a elegirlos)."
        data={data}
        value={action.parameters}
        onChange={(parameters) => onChange({ ...action, parameters })}
        maxValues={MAX_PARAMETERS}
        searchable
        hidePickedOptions
        clearable
        nothingFoundMessage="Sin coincidencias"
        error={parametersError}
      />
      {action.parameters.length > 0 ? (
        <ol
          className={`${classes.wide} ${classes.parameters}`}
          aria-label="Valores de la plantilla, en orden"
        >
          {action.parameters.map((key, index) => (
            <li key={key}>
              <code>{`{{${index + 1}}}`}</code> {LABELS.get(key) ?? key}
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}
