import { messagingTestSchema } from '@cobranzas/shared';
import { Alert, Button, TextInput } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { fieldErrorsOf, messageOf } from '../../components/resource/http';
import resource from '../../components/resource/resource.module.css';
import { Callout } from '../../components/resource/states';
import classes from './agency.module.css';
import { sendTestMail } from './api';

/**
 * «Enviar correo de prueba»: one e-mail with the saved setting, to see the server takes it. The
 * API's 409 (not configured) and 502 (the server refused it) come with their reason in Spanish.
 */
export function TestMail({ ready }: { ready: boolean }) {
  const [to, setTo] = useState('');
  const [invalid, setInvalid] = useState<string | undefined>();
  const send = useMutation({ mutationFn: sendTestMail });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    const checked = messagingTestSchema.safeParse({ to: to.trim() });
    if (!checked.success) {
      setInvalid(checked.error.issues[0]?.message);
      return;
    }
    setInvalid(undefined);
    send.mutate(checked.data.to, {
      onError: (error) => setInvalid(fieldErrorsOf(error).to?.[0]),
    });
  };
  const failure = send.isError && !fieldErrorsOf(send.error).to ? messageOf(send.error) : null;

  return (
    <section className={resource.card} aria-labelledby="messaging-test">
      <form className={resource.form} onSubmit={submit} noValidate>
        <h2 id="messaging-test" className={resource.sectionTitle}>
          Correo de prueba
        </h2>
        <p className={classes.hint}>
          Se envía con la configuración guardada
          {ready ? '.' : ': todavía faltan el servidor o el correo del remitente.'}
        </p>
        <div className={classes.testRow}>
          <TextInput
            label="Enviar a"
            type="email"
            placeholder="usted@agencia.com.ar"
            autoComplete="email"
            maxLength={254}
            value={to}
            onChange={(e) => {
              setTo(e.currentTarget.value);
              setInvalid(undefined);
            }}
            error={invalid}
          />
          <Button
            type="submit"
            variant="default"
            className={classes.testButton}
            leftSection={<IconMailForward size={18} />}
            loading={send.isPending}
          >
            Enviar correo de prueba
          </Button>
        </div>
        {send.isSuccess ? (
          <Alert color="green" variant="light" role="status" mt="md" title="Correo enviado">
            {`El servidor aceptó el correo de prueba para ${send.variables} (identificador ${send.data.id}). Revise la bandeja de entrada.`}
          </Alert>
        ) : null}
        {failure ? (
          <Callout tone="error" title="No se pudo enviar el correo de prueba" className={classes.spaced}>
            <p>{failure}</p>
          </Callout>
        ) : null}
      </form>
    </section>
  );
}
