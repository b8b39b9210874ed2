import '../../components/resource/mantineStyles';
import { MESSAGES, ownPasswordCall, ownPasswordSchema } from '@cobranzas/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { PasswordField } from '../../components/resource/fields';
import { statusOf } from '../../components/resource/http';
import { PageHeader } from '../../components/resource/PageHeader';
import resource from '../../components/resource/resource.module.css';
import { applyServerErrors } from '../../components/resource/serverErrors';
import { Callout } from '../../components/resource/states';
import { callApi } from '../../lib/call';

/** The call's body plus the new password typed twice: a typo must not lock the user out. */
const schema = ownPasswordSchema
  .and(z.object({ repeatPassword: z.string() }))
  .refine((values) => values.newPassword === values.repeatPassword.trim(), {
    path: ['repeatPassword'],
    error: MESSAGES.passwordsDiffer,
  });
type Values = z.input<typeof schema>;

/** /account/password (issue 32): anyone signed in changes their own password. */
export function OwnPasswordPage() {
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { currentPassword: '', newPassword: '', repeatPassword: '' },
    mode: 'onTouched',
  });

  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    setFormError(null);
    try {
      await callApi(ownPasswordCall, { body: { currentPassword, newPassword } });
      notifications.show({
        color: 'green',
        title: 'Contraseña cambiada',
        message: 'Desde ahora ingrese con la contraseña nueva.',
      });
      navigate('/');
    } catch (error) {
      // A 429 names the wait; it belongs above the buttons, not under a field.
      const fields = statusOf(error) === 429 ? [] : ['currentPassword', 'newPassword'];
      setFormError(applyServerErrors(error, form.setError, fields));
    }
  });

  return (
    <section className={resource.page} aria-labelledby="page-title">
      <PageHeader title="Cambiar mi contraseña" />
      <FormProvider {...form}>
        <form className={resource.card} onSubmit={onSubmit} noValidate aria-labelledby="page-title">
          <div className={resource.form}>
            <div className={resource.grid}>
              <PasswordField
                name="currentPassword"
                label="Contraseña actual"
                autoComplete="current-password"
                withAsterisk
              />
              <span />
              <PasswordField
                name="newPassword"
                label="Contraseña nueva"
                description="Al menos 8 caracteres, distinta de la actual"
                autoComplete="new-password"
                withAsterisk
              />
              <PasswordField
                name="repeatPassword"
                label="Repetir la contraseña nueva"
                description="Escríbala otra vez, para evitar un error de tipeo"
                autoComplete="new-password"
                withAsterisk
              />
            </div>
          </div>
          {formError ? (
            <Callout tone="error" title="No se pudo cambiar la contraseña" className={resource.notice}>
              <p>{formError}</p>
            </Callout>
          ) : null}
          <div className={resource.footer}>
            <Button variant="default" onClick={() => navigate(-1)}>
              Cancelar
            </Button>
            <Button
              type="submit"
              loading={form.formState.isSubmitting}
              leftSection={<IconDeviceFloppy size={18} />}
            >
              Cambiar la contraseña
            </Button>
          </div>
        </form>
      </FormProvider>
    </section>
  );
}
