import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { type ReactNode, useRef, useState } from 'react';
import { type DefaultValues, type FieldValues, FormProvider, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { useSaveRecord } from '../../lib/resourceQueries';
import classes from './resource.module.css';
import { applyServerErrors } from './serverErrors';
import { Callout } from './states';
import type { ResourceInfo } from './types';
import { UnsavedChangesGuard } from './useUnsavedChanges';

export type ResourceFormProps<In extends FieldValues, Out> = {
  info: ResourceInfo;
  /** The record's id when editing; creating otherwise. */
  id?: number | undefined;
  schema: z.ZodType<Out, In>;
  defaultValues: In;
  readOnly: boolean;
  /** The request body from the validated values (default: the values as they are). */
  toPayload?: ((values: Out) => unknown) | undefined;
  /** The record's name in the "Guardado" toast. */
  label: (values: Out) => string;
  /** Where to go after saving or cancelling. */
  returnTo: string;
  /** Where to go after saving instead (the new record's own page), from the API's answer. */
  afterSave?: ((saved: unknown) => string) | undefined;
  /** The submit button's label (default «Guardar»). */
  submitLabel?: string | undefined;
  children: ReactNode;
};

/**
 * react-hook-form over the shared zod schema: Spanish messages under the fields, the server's 400/409
 * field errors put in the same place, one request at a time, a warning before leaving unsaved
 * changes, and on success a toast and back to the list.
 */
export function ResourceForm<In extends FieldValues, Out>({
  info,
  id,
  schema,
  defaultValues,
  readOnly,
  toPayload,
  label,
  returnTo,
  afterSave,
  submitLabel = 'Guardar',
  children,
}: ResourceFormProps<In, Out>) {
  const form = useForm<In, unknown, Out>({
    resolver: zodResolver(schema),
    defaultValues: defaultValues as DefaultValues<In>,
    // Validated on submit, then as the user corrects. Not on blur: a message appearing on blur moves
    // the Guardar button away from under the pointer, and that first click is lost.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const navigate = useNavigate();
  // The list reloads in the background: the page leaves for it at once.
  const save = useSaveRecord(info.definition, { wait: false });
  const [formError, setFormError] = useState<string | null>(null);
  const busy = useRef(false);
  const saved = useRef(false);
  const { isDirty, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    // isSubmitting disables the button only after a render; this catches a second Enter before it.
    if (busy.current || readOnly) return;
    busy.current = true;
    setFormError(null);
    try {
      const record = await save.mutateAsync({ id, body: toPayload ? toPayload(values) : values });
      saved.current = true;
      notifications.show({
        color: 'green',
        title: 'Guardado',
        message: `Se guardó ${info.noun} «${label(values)}».`,
      });
      navigate(afterSave ? afterSave(record) : returnTo);
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, Object.keys(form.getValues())));
    } finally {
      busy.current = false;
    }
  });

  return (
    <FormProvider {...form}>
      <form className={classes.card} onSubmit={onSubmit} noValidate aria-labelledby="page-title">
        <fieldset className={classes.fieldset} disabled={readOnly}>
          <div className={classes.form}>{children}</div>
        </fieldset>
        {formError ? (
          <Callout tone="error" title="No se pudo guardar" className={classes.notice}>
            <p>{formError}</p>
          </Callout>
        ) : null}
        <div className={classes.footer}>
          {readOnly ? (
            <Button component={Link} to={returnTo} variant="default">
              Volver
            </Button>
          ) : (
            <>
              <Button component={Link} to={returnTo} variant="default">
                Cancelar
              </Button>
              <Button type="submit" loading={isSubmitting} leftSection={<IconDeviceFloppy size={18} />}>
                {submitLabel}
              </Button>
            </>
          )}
        </div>
      </form>
      <UnsavedChangesGuard dirty={isDirty && !readOnly} bypass={saved} />
    </FormProvider>
  );
}
