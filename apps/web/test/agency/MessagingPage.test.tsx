import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setNavigator } from '../../src/lib/navigation';
import { session } from '../../src/lib/session';
import { bodyOf, mockApi } from '../http';
import { renderApp, signInAs } from '../render';

beforeAll(async () => {
  await Promise.all([
    import('../../src/features/agency/MessagingPage'),
    import('../../src/app/layout/AppLayout'),
  ]);
}, 30_000);

afterEach(() => {
  notifications.clean();
  setNavigator(null);
  session.start();
});

const SETTINGS = {
  smtpHost: null,
  smtpPort: 587,
  smtpSecure: false,
  smtpUser: null,
  mailFromName: null,
  mailFrom: null,
  smtpPasswordSet: true,
  emailReady: false,
  whatsappReady: false,
};
const box = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });
const title = () => screen.findByRole('heading', { level: 1, name: 'Correo y WhatsApp' }, { timeout: 3000 });
const status = () => screen.getByRole('region', { name: 'Estado' });

describe('Agencia → Correo y WhatsApp (issue 36)', { timeout: 30_000 }, () => {
  it('says what the server configures, saves the SMTP server (its 400 under the field), then shows e-mail ready', async () => {
    signInAs('ADMIN');
    let puts = 0;
    const { requests } = mockApi((config) => {
      if (config.method === 'put') {
        puts++;
        if (puts === 1)
          return {
            status: 400,
            data: {
              message: 'Datos inválidos',
              errors: { smtpHost: ['Indique el nombre del servidor (por ejemplo, smtp.agencia.com.ar).'] },
            },
          };
        return { status: 200, data: { ...SETTINGS, ...(bodyOf(config) as object), emailReady: true } };
      }
      return { status: 200, data: SETTINGS };
    });
    const { user } = renderApp('/agency/messaging');
    await title();
    await waitFor(() =>
      expect(status()).toHaveTextContent(
        'La contraseña del servidor va en la variable SMTP_PASSWORD del servidor: configurada.',
      ),
    );
    expect(status()).toHaveTextContent(
      'WhatsApp: no configurado (WHATSAPP_TOKEN y WHATSAPP_PHONE_NUMBER_ID).',
    );
    expect(status()).toHaveTextContent(/Correo: no se puede enviar todavía/);
    expect(screen.getByRole('textbox', { name: /^Puerto/ })).toHaveValue('587');

    await user.type(box('Servidor'), 'smtp.agencia.com.ar');
    await user.type(box('Nombre del remitente'), 'Estudio del Sur');
    await user.type(box('Correo del remitente'), 'cobranzas@agencia.com.ar');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    const error = await screen.findByText(
      'Indique el nombre del servidor (por ejemplo, smtp.agencia.com.ar).',
    );
    expect(box('Servidor')).toHaveAttribute('aria-invalid', 'true');
    expect(box('Servidor').getAttribute('aria-describedby')).toContain(error.id);

    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(status()).toHaveTextContent('Correo: listo para enviar.'));
    const put = requests.filter((r) => r.method === 'put').at(-1);
    expect(put?.url).toBe('/agency/messaging');
    expect(bodyOf(put)).toEqual({
      smtpHost: 'smtp.agencia.com.ar',
      smtpPort: 587,
      smtpSecure: false,
      smtpUser: null,
      mailFromName: 'Estudio del Sur',
      mailFrom: 'cobranzas@agencia.com.ar',
    });
    expect(await screen.findByText('Se guardó la configuración del correo.')).toBeInTheDocument();
  });

  it('sends a test e-mail and says it went, or shows the server’s reason (409, 502)', async () => {
    signInAs('ADMIN');
    const answers = [
      { status: 200, data: { sent: true, id: '<abc@agencia.com.ar>' } },
      { status: 502, data: { message: 'Connection refused: smtp.agencia.com.ar:587' } },
    ];
    const { requests } = mockApi((config) => {
      if (config.url === '/agency/messaging/test')
        return answers.shift() ?? { status: 409, data: { message: 'El correo no está configurado.' } };
      return { status: 200, data: { ...SETTINGS, smtpHost: 'smtp.agencia.com.ar', emailReady: true } };
    });
    const { user } = renderApp('/agency/messaging');
    await title();
    const test = await screen.findByRole('region', { name: 'Correo de prueba' });
    const to = within(test).getByRole('textbox', { name: 'Enviar a' });
    const send = within(test).getByRole('button', { name: 'Enviar correo de prueba' });

    await user.type(to, 'no es un correo');
    await user.click(send);
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(requests.some((r) => r.url === '/agency/messaging/test')).toBe(false);

    await user.clear(to);
    await user.type(to, 'yo@agencia.com.ar');
    await user.click(send);
    expect(
      await within(test).findByText(
        'El servidor aceptó el correo de prueba para yo@agencia.com.ar (identificador <abc@agencia.com.ar>). Revise la bandeja de entrada.',
      ),
    ).toBeInTheDocument();
    expect(bodyOf(requests.find((r) => r.url === '/agency/messaging/test'))).toEqual({
      to: 'yo@agencia.com.ar',
    });

    await user.click(send);
    const failed = await within(test).findByRole('alert');
    expect(failed).toHaveTextContent('No se pudo enviar el correo de prueba');
    expect(failed).toHaveTextContent('Connection refused: smtp.agencia.com.ar:587');

    await user.click(send);
    await waitFor(() =>
      expect(within(test).getByRole('alert')).toHaveTextContent('El correo no está configurado.'),
    );
  });
});
