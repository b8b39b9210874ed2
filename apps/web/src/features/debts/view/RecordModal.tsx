import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group } from '@mantine/core';
import { type ReactNode, useRef, useState } from 'react';
import { type DefaultValues, type FieldValues, FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { AppModal } from '../../../components/resource/AppModal';
import { applyServerErrors } from '../../../components/resource/serverErrors';
import classes from './view.module.css';

/**
 * A form in a dialog over a shared zod schema: Spanish messages under the fields, the server's
 * field errors put on their fields, one request at a time. Closes itself after `onSubmit` resolves.
 * Mount it only while open, so every opening starts from `defaultValues`.
 */
export function RecordModal<In extends FieldValues, Out>({
  title,
  schema,
  defaultValues,
  submitLabel = 'Guardar',
  danger = false,
  intro,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  schema: z.ZodType<Out, In>;
  defaultValues: In;
  submitLabel?: string;
  danger?: boolean;
  intro?: ReactNode;
  onSubmit: (values: Out) => Promise<unknown>;
  onClose: () => void;
  children: ReactNode;
}) {
  const form = useForm<In, unknown, Out>({
    resolver: zodResolver(schema),
    defaultValues: defaultValues as DefaultValues<In>,
    mode: 'onTouched',
  });
  const [error, setError] = useState<string | null>(null);
  const busy = useRef(false);
  const { isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    if (busy.current) return;
    busy.current = true;
    setError(null);
    try {
      await onSubmit(values);
      onClose();
    } catch (failure) {
      setError(applyServerErrors(failure, form.setError, Object.keys(form.getValues())));
    } finally {
      busy.current = false;
    }
  });

  return (
    <AppModal
      opened
      onClose={onClose}
      title={title}
      size="lg"
      titleClass={classes.modalTitle}
      closeOnClickOutside={!isSubmitting}
    >
      <FormProvider {...form}>
        <form onSubmit={submit} noValidate>
          {intro}
          <div className={classes.modalGrid}>{children}</div>
          {error ? (
            <Alert color="red" variant="light" role="alert" mt="md" title="No se pudo guardar">
              {error}
            </Alert>
          ) : null}
          <Group justify="flex-end" mt="lg" gap="sm">
            <Button variant="default" onClick={onClose} disabled={isSubmitting}>
              Cancelar
            </Button>
            <Button type="submit" loading={isSubmitting} color={danger ? 'red.8' : undefined}>
              {submitLabel}
            </Button>
          </Group>
        </form>
      </FormProvider>
    </AppModal>
  );
}
