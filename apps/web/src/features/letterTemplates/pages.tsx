import {
  LETTER_TEMPLATE_KIND_LABELS,
  LETTER_TEMPLATE_KINDS,
  type LetterTemplate,
  type LetterTemplateKind,
  letterTemplateCreateSchema,
  letterTemplatesResource,
  letterTemplateUpdateSchema,
} from '@cobranzas/shared';
import { useParams } from 'react-router';
import type { z } from 'zod';
import { FormPage } from '../../components/resource/FormPage';
import { SelectField, TextField } from '../../components/resource/fields';
import { ListPage } from '../../components/resource/ListPage';
import classes from '../../components/resource/resource.module.css';
import { type ColumnsOf, listSpec, resourceInfo } from '../../components/resource/types';
import { BodyEditor } from './BodyEditor';

type LetterTemplates = typeof letterTemplatesResource;

const LETTER_TEMPLATES = resourceInfo(letterTemplatesResource, '/letter-templates', 'el modelo de carta');

const KIND_OPTIONS = LETTER_TEMPLATE_KINDS.map((kind) => ({
  value: kind,
  label: LETTER_TEMPLATE_KIND_LABELS[kind],
}));

const COLUMNS: ColumnsOf<LetterTemplates, LetterTemplate> = [
  { accessor: 'name', title: 'Nombre', sortable: true, key: true },
  {
    accessor: 'kind',
    title: 'Tipo',
    sortable: true,
    noWrap: true,
    text: (template) => LETTER_TEMPLATE_KIND_LABELS[template.kind],
  },
  { accessor: 'code', title: 'Código', sortable: true, noWrap: true },
  { accessor: 'subject', title: 'Asunto' },
];

export const LETTER_TEMPLATES_LIST = listSpec({ definition: letterTemplatesResource, columns: COLUMNS });

/** Administración → Modelos de cartas (ADMIN edits; GENERAL reads them, read-only). */
export function LetterTemplatesListPage() {
  return (
    <ListPage
      info={LETTER_TEMPLATES}
      title="Modelos de cartas"
      columns={COLUMNS}
      searchPlaceholder="Buscar por nombre, código o asunto"
      exportName="modelos-de-cartas"
      label={(template) => template.name}
    />
  );
}

export function LetterTemplateAddPage() {
  return <LetterTemplateFormPage />;
}

export function LetterTemplateEditPage() {
  const { id } = useParams();
  return <LetterTemplateFormPage id={id} />;
}

type LetterTemplateForm = {
  name: string;
  code: string;
  kind: LetterTemplateKind;
  subject: string;
  body: string;
};
type FormSchema = z.ZodType<z.output<typeof letterTemplateUpdateSchema>, LetterTemplateForm>;

const EMPTY: LetterTemplateForm = {
  name: '',
  code: '',
  kind: 'OTRA',
  subject: '',
  body: '{{agencia.ciudad_fecha}}\n\nSr./Sra. {{deudor.nombre}}\n{{deudor.documento}}\n\n\n\nAtentamente,\n\n{{agencia.nombre}}',
};

function LetterTemplateFormPage({ id }: { id?: string | undefined }) {
  return (
    <FormPage
      info={LETTER_TEMPLATES}
      title={id === undefined ? 'Nuevo modelo de carta' : 'Editar modelo de carta'}
      id={id}
      schema={(id === undefined ? letterTemplateCreateSchema : letterTemplateUpdateSchema) as FormSchema}
      defaults={EMPTY}
      toForm={(template: LetterTemplate): LetterTemplateForm => ({
        name: template.name,
        code: template.code,
        kind: template.kind,
        subject: template.subject ?? '',
        body: template.body,
      })}
      label={(values: { name?: string }) => values.name ?? ''}
    >
      {({ readOnly }) => (
        <div className={classes.grid}>
          <TextField name="name" label="Nombre" withAsterisk autoComplete="off" maxLength={120} />
          <TextField
            name="code"
            label="Código"
            description="Minúsculas, números y guiones: nombra la carta en el archivo (carta-<código>-…pdf)."
            withAsterisk
            autoComplete="off"
            maxLength={40}
          />
          <SelectField
            name="kind"
            label="Tipo"
            description="Un libre deuda solo se emite con saldo cero."
            data={KIND_OPTIONS}
            allowDeselect={false}
          />
          <TextField
            name="subject"
            label="Asunto"
            description="El título de la carta; admite campos."
            autoComplete="off"
            maxLength={200}
          />
          <div className={classes.wide}>
            <BodyEditor readOnly={readOnly} />
          </div>
        </div>
      )}
    </FormPage>
  );
}
