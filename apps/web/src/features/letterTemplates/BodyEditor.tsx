import { LETTER_FIELD_GROUPS, letterTemplatesResource } from '@cobranzas/shared';
import { Alert, Loader, NumberInput, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { errorOf } from '../../components/resource/fields';
import { messageOf, statusOf } from '../../components/resource/http';
import { resourceKeys } from '../../lib/resourceQueries';
import { previewLetter } from './api';
import classes from './letterTemplates.module.css';

/** How long typing must pause before the preview asks the server again. */
const PREVIEW_DELAY_MS = 400;

/**
 * The template's text (the form's `body`), the merge fields beside it (a click inserts one where the
 * cursor is) and the letter as it will read, merged by the server as the user types: with made-up
 * values, or with a real debt's when its number is given.
 */
export function BodyEditor({ readOnly }: { readOnly: boolean }) {
  const { register, setValue, getValues, formState } = useFormContext<{ body: string; subject: string }>();
  const registered = register('body');
  const textarea = useRef<HTMLTextAreaElement | null>(null);

  function insert(key: string) {
    const token = `{{${key}}}`;
    const current = getValues('body') ?? '';
    const element = textarea.current;
    const start = element?.selectionStart ?? current.length;
    const end = element?.selectionEnd ?? start;
    setValue('body', `${current.slice(0, start)}${token}${current.slice(end)}`, {
      shouldDirty: true,
      shouldValidate: formState.isSubmitted,
    });
    const caret = start + token.length;
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(caret, caret);
    });
  }

  return (
    <div className={classes.editor}>
      <Textarea
        label="Texto de la carta"
        description="Cada línea en blanco separa un párrafo. Los campos van entre llaves dobles, como {{deudor.nombre}}."
        withAsterisk
        autosize
        minRows={14}
        maxRows={30}
        spellCheck
        {...registered}
        ref={(element) => {
          registered.ref(element);
          textarea.current = element;
        }}
        error={errorOf(formState.errors, 'body')}
      />
      <nav className={classes.fields} aria-labelledby="campos-title">
        <p id="campos-title" className={classes.fieldsTitle}>
          Campos
        </p>
        <p className={classes.hint}>
          {readOnly ? 'Los campos que admite el texto.' : 'Un clic inserta el campo donde está el cursor.'}
        </p>
        {LETTER_FIELD_GROUPS.map((group) => (
          <div key={group.label}>
            <p className={classes.group}>{group.label}</p>
            <ul className={classes.fieldList}>
              {group.fields.map((field) => (
                <li key={field.key}>
                  <button
                    type="button"
                    className={classes.fieldButton}
                    disabled={readOnly}
                    onClick={() => insert(field.key)}
                    aria-label={`Insertar ${field.label}`}
                    title={`{{${field.key}}}`}
                  >
                    {field.label}
                    <br />
                    <span className={classes.fieldKey}>{`{{${field.key}}}`}</span>
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
      <LetterPreview />
    </div>
  );
}

/** The letter as it will read, asked to the server a moment after the typing stops. */
function LetterPreview() {
  const body = useWatch<{ body: string }>({ name: 'body' }) ?? '';
  const subject = useWatch<{ subject: string }>({ name: 'subject' }) ?? '';
  const [debtText, setDebtText] = useState<string | number>('');
  const [debouncedBody] = useDebouncedValue(body, PREVIEW_DELAY_MS);
  const [debouncedSubject] = useDebouncedValue(subject, PREVIEW_DELAY_MS);
  const [debouncedDebt] = useDebouncedValue(debtText, PREVIEW_DELAY_MS);
  const debtId = typeof debouncedDebt === 'number' && debouncedDebt > 0 ? debouncedDebt : null;
  const query = useQuery({
    queryKey: resourceKeys(letterTemplatesResource).other('preview', debouncedBody, debouncedSubject, debtId),
    queryFn: ({ signal }) =>
      previewLetter({ body: debouncedBody, subject: debouncedSubject || null, debtId }, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const preview = query.data;
  return (
    <section className={classes.preview} aria-labelledby="vista-previa-title" aria-busy={query.isFetching}>
      <p id="vista-previa-title" className={classes.previewTitle}>
        Vista previa {query.isFetching ? <Loader size="xs" component="span" aria-hidden="true" /> : null}
      </p>
      <NumberInput
        label="Con los datos de la deuda N.º"
        description="Vacío: con datos de ejemplo. El saldo es el de hoy."
        value={debtText}
        onChange={setDebtText}
        allowNegative={false}
        allowDecimal={false}
        hideControls
        maw="16rem"
        mb="xs"
      />
      {query.isError ? (
        <Alert color="orange" variant="light" mb="xs" role="alert">
          {statusOf(query.error) === 404
            ? 'La deuda no existe o no tiene acceso.'
            : `No se pudo armar la vista previa: ${messageOf(query.error)}`}
        </Alert>
      ) : null}
      {preview && preview.unknown.length > 0 ? (
        <Alert color="red" variant="light" mb="xs" role="alert">
          {preview.unknown.length === 1 ? 'Campo desconocido: ' : 'Campos desconocidos: '}
          {preview.unknown.map((name) => `{{${name}}}`).join(', ')}. Corríjalo para poder guardar.
        </Alert>
      ) : null}
      {preview ? (
        <div className={classes.paper} data-testid="vista-previa">
          {preview.subject ? <p className={classes.paperSubject}>{preview.subject}</p> : null}
          {preview.text}
        </div>
      ) : null}
    </section>
  );
}
