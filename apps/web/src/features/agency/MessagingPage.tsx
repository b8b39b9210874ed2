import '../../components/resource/mantineStyles';
import {
  type MessagingSettings,
  type MessagingSettingsUpdate,
  messagingSettingsUpdateSchema,
} from '@cobranzas/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Skeleton, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { SwitchField, TextField, WholeNumberField } from '../../components/resource/fields';
import { messageOf, statusOf } from '../../components/resource/http';
import { PageHeader } from '../../components/resource/PageHeader';
import resource from '../../components/resource/resource.module.css';
import { applyServerErrors } from '../../components/resource/serverErrors';
import { Callout, ForbiddenState, LoadFailed } from '../../components/resource/states';
import { UnsavedChangesGuard } from '../../components/resource/useUnsavedChanges';
import classes from './agency.module.css';
import { fetchMessaging, messagingKey, saveMessaging } from './api';
import { TestMail } from './TestMail';

type FormValues = z.input<typeof messagingSettingsUpdateSchema>;

const toForm = (s: MessagingSettings): FormValues => ({
  smtpHost: s.smtpHost ?? '',
  smtpPort: s.smtpPort,
  smtpSecure: s.smtpSecure,
  smtpUser: s.smtpUser ?? '',
  mailFromName: s.mailFromName ?? '',
  mailFrom: s.mailFrom ?? '',
});

/**
 * Administración → Agencia → Correo y WhatsApp (issue 36), the ADMIN's: the SMTP server and sender
 * strategies send e-mail with, what the server's environment configures (the SMTP password,
 * WhatsApp's token and number), and a test e-mail.
 */
export function MessagingPage() {
  const query = useQuery({ queryKey: messagingKey, queryFn: fetchMessaging, staleTime: 0 });
  const settings = query.data;
  let body: React.ReactNode;
  if (query.isPending)
    body = (
      <div className={`${resource.card} ${resource.form}`} role="status" aria-busy="true">
        <VisuallyHidden>Cargando la configuración de correo…</VisuallyHidden>
        <div className={resource.grid}>
          {Array.from({ length: 6 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders
            <Skeleton key={index} height={58} />
          ))}
        </div>
      </div>
    );
  else if (statusOf(query.error) === 403) body = <ForbiddenState />;
  else if (!settings)
    body = <LoadFailed message={messageOf(query.error)} onRetry={() => void query.refetch()} />;
  else
    body = (
      <>
        <ServerStatus settings={settings} />
        <SmtpForm settings={settings} />
        <div className={resource.extra}>
          <TestMail ready={settings.emailReady} />
        </div>
      </>
    );
  return (
    <section className={resource.page} aria-labelledby="page-title">
      <PageHeader title="Correo y WhatsApp" />
      {body}
    </section>
  );
}

const said = (yes: boolean, feminine = false) =>
  yes ? (feminine ? 'configurada' : 'configurado') : feminine ? 'no configurada' : 'no configurado';

/** What the server's environment holds: never typed on this screen. */
function ServerStatus({ settings }: { settings: MessagingSettings }) {
  return (
    <section className={`${resource.card} ${classes.status}`} aria-labelledby="messaging-status">
      <h2 id="messaging-status" className={resource.sectionTitle}>
        Estado
      </h2>
      <ul className={classes.statusList}>
        <li data-ok={settings.emailReady}>
          Correo:{' '}
          {settings.emailReady
            ? 'listo para enviar'
            : 'no se puede enviar todavía (faltan el servidor o el correo del remitente)'}
          .
        </li>
        <li data-ok={settings.smtpPasswordSet}>
          La contraseña del servidor va en la variable SMTP_PASSWORD del servidor:{' '}
          <strong>{said(settings.smtpPasswordSet, true)}</strong>.
        </li>
        <li data-ok={settings.whatsappReady}>
          WhatsApp: <strong>{said(settings.whatsappReady)}</strong> (WHATSAPP_TOKEN y
          WHATSAPP_PHONE_NUMBER_ID).
        </li>
      </ul>
    </section>
  );
}

/** The port, a whole number (empty: the schema's message). */
function PortField() {
  return (
    <WholeNumberField
      name="smtpPort"
      label="Puerto"
      description="587 (STARTTLS) o 465 (TLS)"
      withAsterisk
      min={1}
      max={65_535}
    />
  );
}

function SmtpForm({ settings }: { settings: MessagingSettings }) {
  const queryClient = useQueryClient();
  const form = useForm<FormValues, unknown, z.output<typeof messagingSettingsUpdateSchema>>({
    resolver: zodResolver(messagingSettingsUpdateSchema),
    defaultValues: toForm(settings),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const [formError, setFormError] = useState<string | null>(null);
  const never = useRef(false);
  const { isDirty, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const saved = await saveMessaging(values as MessagingSettingsUpdate);
      form.reset(toForm(saved));
      queryClient.setQueryData(messagingKey, saved);
      notifications.show({
        color: 'green',
        title: 'Guardado',
        message: 'Se guardó la configuración del correo.',
      });
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, Object.keys(form.getValues())));
    }
  });

  return (
    <FormProvider {...form}>
      <form
        className={`${resource.card} ${classes.spaced}`}
        onSubmit={onSubmit}
        noValidate
        aria-labelledby="messaging-smtp"
      >
        <div className={resource.form}>
          <h2 id="messaging-smtp" className={resource.sectionTitle}>
            Servidor de correo (SMTP)
          </h2>
          <p className={classes.hint}>
            Las estrategias envían los correos por este servidor, con este remitente. La contraseña no se
            escribe aquí: va en la variable SMTP_PASSWORD del servidor.
          </p>
          <div className={resource.grid}>
            <TextField
              name="smtpHost"
              label="Servidor"
              placeholder="smtp.agencia.com.ar"
              maxLength={200}
              autoComplete="off"
            />
            <PortField />
            <TextField name="smtpUser" label="Usuario" maxLength={200} autoComplete="off" />
            <div className={classes.switch}>
              <SwitchField
                name="smtpSecure"
                label="Conexión segura desde el inicio (TLS, puerto 465)"
                description="Si no, se usa STARTTLS cuando el servidor lo ofrece."
              />
            </div>
            <TextField
              name="mailFromName"
              label="Nombre del remitente"
              placeholder="Estudio de Cobranzas"
              maxLength={120}
            />
            <TextField
              name="mailFrom"
              label="Correo del remitente"
              type="email"
              placeholder="cobranzas@agencia.com.ar"
              maxLength={254}
            />
          </div>
        </div>
        {formError ? (
          <Callout tone="error" title="No se pudo guardar" className={resource.notice}>
            <p>{formError}</p>
          </Callout>
        ) : null}
        <div className={resource.footer}>
          <Button type="submit" loading={isSubmitting} leftSection={<IconDeviceFloppy size={18} />}>
            Guardar
          </Button>
        </div>
      </form>
      <UnsavedChangesGuard dirty={isDirty} bypass={never} />
    </FormProvider>
  );
}
