import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setNavigator } from '../../src/lib/navigation';
import { session } from '../../src/lib/session';
import { stubScrollIntoView } from '../debts/fixtures';
import { bodyOf, mockApi } from '../http';
import { renderApp, signInAs } from '../render';
import { catalogs, list } from './fixtures';

beforeAll(async () => {
  stubScrollIntoView();
  await Promise.all([
    import('../../src/features/strategies/pages'),
    import('../../src/app/layout/AppLayout'),
  ]);
}, 60_000);

afterEach(() => {
  notifications.clean();
  setNavigator(null);
  session.start();
});

const at = '2026-01-01T00:00:00Z';
const template = (id: number, code: string, name: string, kind: string) => ({
  id,
  code,
  name,
  kind,
  subject: name,
  body: 'Hola {{deudor.nombre}}',
  createdAt: at,
  updatedAt: at,
});
const TEMPLATES = [
  template(1, 'intimacion', 'Intimación de pago', 'INTIMACION'),
  template(3, 'libre-deuda', 'Libre deuda', 'LIBRE_DEUDA'),
];
const MESSAGING = {
  smtpHost: null,
  smtpPort: 587,
  smtpSecure: false,
  smtpUser: null,
  mailFromName: null,
  mailFrom: null,
  smtpPasswordSet: false,
  emailReady: false,
  whatsappReady: true,
};

const summary = () => screen.getByRole('region', { name: 'Qué va a hacer' });
const input = (name: string, scope: HTMLElement = document.body) =>
  within(scope).getByLabelText(new RegExp(`^${name}`), { selector: 'input' });

/** Opens a Mantine select and picks an option of its own list (other selects share option names). */
async function pick(user: ReturnType<typeof renderApp>['user'], field: HTMLElement, option: string) {
  await user.click(field);
  const found = await waitFor(() => {
    const id = field.getAttribute('aria-controls');
    const listbox = id ? document.getElementById(id) : null;
    if (!listbox) throw new Error(`no list for ${field.id}`);
    return listbox;
  });
  await user.click(await within(found).findByRole('option', { name: option, hidden: true }));
}

describe('the contact actions of the strategy editor (issue 36)', { timeout: 40_000 }, () => {
  it('e-mails a letter template by name and sends a WhatsApp with its values in the order chosen', async () => {
    signInAs('ADMIN');
    const { requests } = mockApi((config) => {
      const catalog = catalogs(config);
      if (catalog) return catalog;
      if (config.url === '/letter-templates') return list(TEMPLATES);
      if (config.url === '/agency/messaging') return { status: 200, data: MESSAGING };
      if (config.url === '/strategies' && config.method === 'post')
        return {
          status: 400,
          data: {
            message: 'Datos inválidos',
            errors: { 'actions.0.templateCode': ['La plantilla de carta «intimacion» no existe.'] },
          },
        };
      return { status: 404, data: { message: 'No encontrado' } };
    });
    const { user } = renderApp('/strategies/add');
    await screen.findByRole('heading', { level: 1, name: 'Nueva estrategia' });
    // What the contact actions are kept by, said once in the editor.
    expect(screen.getByText(/siguen las reglas de contacto/)).toHaveTextContent(
      /horario de la agencia, los topes de intentos, los «no contactar» y las disputas abiertas\. Lo que bloquean queda listado en la ejecución/,
    );
    await user.type(screen.getByRole('textbox', { name: /^Nombre/ }), 'Intimar por correo');

    const add = screen.getByRole('group', { name: 'Agregar una acción' });
    await user.click(within(add).getByRole('button', { name: 'Enviar un correo' }));
    // One of each contact action: the button is off once there is one.
    expect(within(add).getByRole('button', { name: 'Enviar un correo' })).toBeDisabled();
    const email = screen.getByRole('listitem', { name: '1. Enviar un correo' });
    const templateField = input('Carta que se envía por correo', email);
    await user.click(templateField);
    // A libre deuda is never sent by a strategy (the API refuses it): not offered.
    await waitFor(() => expect(templateField.getAttribute('aria-controls')).toBeTruthy());
    const options = document.getElementById(templateField.getAttribute('aria-controls') ?? '');
    expect(
      within(options as HTMLElement).queryByRole('option', { name: 'Libre deuda', hidden: true }),
    ).toBeNull();
    await user.click(
      within(options as HTMLElement).getByRole('option', { name: 'Intimación de pago', hidden: true }),
    );
    expect(
      within(summary()).getByText(
        'Todos los días a las 8:00, deudas: se envía por correo la carta «Intimación de pago».',
      ),
    ).toBeInTheDocument();
    // E-mail is not configured yet: the editor says so.
    expect(screen.getByText(/El correo de la agencia no está configurado/)).toBeInTheDocument();

    await user.click(within(add).getByRole('button', { name: 'Enviar un WhatsApp' }));
    const whatsapp = screen.getByRole('listitem', { name: '2. Enviar un WhatsApp' });
    expect(input('Idioma de la plantilla', whatsapp)).toHaveValue('es_AR');
    await user.type(input('Plantilla de WhatsApp', whatsapp), 'recordatorio_pago');
    const values = input('Valores de la plantilla', whatsapp);
    await pick(user, values, 'Saldo total');
    await pick(user, values, 'Nombre y apellido');
    const order = within(whatsapp).getByRole('list', { name: 'Valores de la plantilla, en orden' });
    expect(
      within(order)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['{{1}} Saldo total', '{{2}} Nombre y apellido']);
    expect(summary()).toHaveTextContent(
      /: se envía por correo la carta «Intimación de pago» y se envía el WhatsApp «recordatorio_pago»\.$/,
    );

    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() =>
      expect(requests.some((r) => r.url === '/strategies' && r.method === 'post')).toBe(true),
    );
    const sent = bodyOf(requests.find((r) => r.url === '/strategies')) as { actions: unknown[] };
    expect(sent.actions).toEqual([
      { type: 'SEND_EMAIL', templateCode: 'intimacion' },
      {
        type: 'SEND_WHATSAPP',
        template: 'recordatorio_pago',
        language: 'es_AR',
        parameters: ['saldo.total', 'deudor.nombre'],
      },
    ]);

    // The API's error on the action's template lands under that action's field.
    const error = await within(email).findByText('La plantilla de carta «intimacion» no existe.');
    const field = input('Carta que se envía por correo', email);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field.getAttribute('aria-describedby')).toContain(error.id);
  });

  it('asks for the letter to print and a valid WhatsApp template name before sending anything', async () => {
    signInAs('ADMIN');
    const { requests } = mockApi((config) => {
      const catalog = catalogs(config);
      if (catalog) return catalog;
      if (config.url === '/letter-templates') return list(TEMPLATES);
      return { status: 404, data: { message: 'No encontrado' } };
    });
    const { user } = renderApp('/strategies/add');
    await screen.findByRole('heading', { level: 1, name: 'Nueva estrategia' });
    await user.type(screen.getByRole('textbox', { name: /^Nombre/ }), 'Cartas');
    const add = screen.getByRole('group', { name: 'Agregar una acción' });
    await user.click(within(add).getByRole('button', { name: 'Imprimir una carta' }));
    await user.click(within(add).getByRole('button', { name: 'Enviar un WhatsApp' }));
    const whatsapp = screen.getByRole('listitem', { name: '2. Enviar un WhatsApp' });
    await user.type(input('Plantilla de WhatsApp', whatsapp), 'Recordatorio Pago');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    const letter = screen.getByRole('listitem', { name: '1. Imprimir una carta' });
    expect(await within(letter).findByText('Elija una plantilla de carta.')).toBeInTheDocument();
    expect(
      within(whatsapp).getByText(
        'El nombre de la plantilla de WhatsApp va en minúsculas, números y guiones bajos.',
      ),
    ).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'post')).toBe(false);
  });
});
