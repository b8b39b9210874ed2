import { type ContactContext, type ContactResult, MESSAGES } from '@cobranzas/shared';
import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ContactDialog } from '../../src/features/contacts/ContactDialog';
import { loggedMessage } from '../../src/features/contacts/contactForm';
import { fastUser, list, stubScrollIntoView } from '../debts/fixtures';
import { bodyOf, mockApi } from '../http';
import { signInAs } from '../render';

beforeAll(stubScrollIntoView);

const CONTEXT: ContactContext = {
  debtId: 12,
  debtorId: 3,
  channels: [
    { channel: 'PHONE', value: '11 5555-1234', owner: 'DEUDOR', closedOn: null },
    { channel: 'ALT_PHONE', value: '11 4444-0000', owner: 'LABORAL', closedOn: null },
    { channel: 'EMAIL', value: 'juan@correo.example', owner: 'DEUDOR', closedOn: '2026-01-02' },
  ],
  hours: { days: [1, 2, 3, 4, 5], from: '08:00', to: '20:00' },
  companyHours: false,
  insideHours: true,
  attempts: { today: 1, week: 2, maxPerDay: 3, maxPerWeek: null },
  currency: 'ARS',
  disputedOn: null,
  suggestedEventTypeId: null,
};

const RESULT = { event: { id: 90 }, promise: null, task: null } as unknown as ContactResult;

type Reply = { status: number; data?: unknown };

/** The catalogs, the debt's contact context and POST /contacts answered by `post`. */
function contactApi(
  post: (body: Record<string, unknown>) => Reply = () => ({ status: 201, data: RESULT }),
  context: ContactContext = CONTEXT,
) {
  return mockApi((config: InternalAxiosRequestConfig) => {
    if (config.url === '/contacts/context') return { status: 200, data: context };
    if (config.url === '/contacts' && config.method === 'post')
      return post(bodyOf(config) as Record<string, unknown>);
    if (config.url === '/events-types')
      return list([
        { id: 1, name: 'Llamada', outcomeIds: [] },
        { id: 2, name: 'Visita', outcomeIds: [] },
      ]);
    if (config.url === '/events-history-types') return list([{ id: 10, name: 'No contesta' }]);
    return list([]);
  });
}

function renderDialog() {
  const onClose = vi.fn();
  const onLogged = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <ContactDialog debtId={12} opened onClose={onClose} onLogged={onLogged} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { onClose, onLogged, user: fastUser() };
}

const dialog = () => screen.findByRole('dialog', { name: 'Registrar gestión' });
const typeBox = () => screen.getByRole('combobox', { name: /^Tipo de gestión/ });
/** The accessible name of the focused control. */
const focusedName = () => {
  const element = document.activeElement as HTMLElement | null;
  const label = element?.id ? document.querySelector(`label[for="${element.id}"]`)?.textContent : null;
  return (label ?? element?.getAttribute('aria-label') ?? element?.textContent ?? '')
    .replace(/\s*\*$/, '')
    .trim();
};

/** The texts of the «Medio» list, opened with a click. */
async function channelOptions(user: ReturnType<typeof fastUser>, channel: HTMLElement) {
  await user.click(channel);
  const listbox = await screen.findByRole('listbox', {
    hidden: true,
    name: (_, element) => element.id === channel.getAttribute('aria-controls'),
  });
  return within(listbox)
    .getAllByRole('option', { hidden: true })
    .map((o) => o.textContent);
}

/** Picks the contact type with the keyboard alone: type to filter, arrow down, Enter. */
async function chooseType(user: ReturnType<typeof fastUser>) {
  await waitFor(() => expect(typeBox()).toHaveFocus());
  await user.keyboard('Llam');
  await screen.findByRole('option', { name: 'Llamada', hidden: true });
  await waitFor(() => expect(screen.queryByRole('option', { name: 'Visita', hidden: true })).toBeNull());
  await user.keyboard('{ArrowDown}{Enter}');
  await waitFor(() => expect(typeBox()).toHaveValue('Llamada'));
}

describe('ContactDialog: one-step contact logging, keyboard first (issue 18)', { timeout: 30_000 }, () => {
  it('a debt the debtor disputed in the portal says so and offers no phone or e-mail until it is resolved', async () => {
    contactApi(undefined, { ...CONTEXT, disputedOn: '2026-11-20' });
    const { user } = renderDialog();
    await dialog();
    expect(
      await screen.findByText(
        /El deudor desconoció esta deuda desde el portal el 20\/11\/2026: no se lo contacta hasta que se resuelva su pedido\./,
      ),
    ).toBeInTheDocument();
    const channel = screen.getByRole('combobox', { name: /^Medio/ });
    await waitFor(() => expect(channel).toHaveValue('Sin teléfono ni correo (carta, visita…)'));
    expect(await channelOptions(user, channel)).toEqual(['Sin teléfono ni correo (carta, visita…)']);
  });

  it('opens on the contact type; offers only open channels, each saying whose it is', async () => {
    contactApi();
    const { user } = renderDialog();
    await dialog();
    await waitFor(() => expect(typeBox()).toHaveFocus());
    const channel = screen.getByRole('combobox', { name: /^Medio/ });
    await waitFor(() => expect(channel).toHaveValue('Teléfono · 11 5555-1234'));
    expect(await channelOptions(user, channel)).toEqual([
      'Teléfono · 11 5555-1234',
      'Teléfono alternativo · 11 4444-0000 (Laboral)',
      'Sin teléfono ni correo (carta, visita…)',
    ]);
    expect(screen.getByText(/Intentos del deudor: hoy 1 de 3, esta semana 2/)).toBeInTheDocument();
  });

  it('a call logged without the mouse: type, Tab to the detail, Ctrl+Enter saves and hands the result over', async () => {
    const { requests } = contactApi();
    const { user, onLogged } = renderDialog();
    await dialog();
    await chooseType(user);
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /^Medio/ })).toHaveValue('Teléfono · 11 5555-1234'),
    );
    // Tipo → Medio → (Subtipo: none for this type, skipped) → Resultado → Detalle.
    await user.tab();
    expect(focusedName()).toBe('Medio');
    await user.tab();
    expect(focusedName()).toBe('Resultado');
    await user.tab();
    expect(focusedName()).toBe('Detalle');
    await user.keyboard('Atendió, promete pagar.{Control>}{Enter}{/Control}');
    await waitFor(() => expect(onLogged).toHaveBeenCalledWith(RESULT));
    expect(bodyOf(requests.find((r) => r.method === 'post'))).toEqual({
      debtId: 12,
      eventTypeId: 1,
      eventSubTypeId: null,
      eventHistoryTypeId: null,
      channel: 'PHONE',
      description: 'Atendió, promete pagar.',
      acknowledgment: false,
      promise: null,
      task: null,
      confirmOutsideHours: false,
      confirmThirdParty: false,
    });
  });

  it('every control is reachable by Tab, in order, down to the buttons', async () => {
    contactApi();
    const { user } = renderDialog();
    await dialog();
    await chooseType(user);
    const seen: string[] = [];
    for (let i = 0; i < 14 && !seen.includes('Guardar'); i++) {
      await user.tab();
      seen.push(focusedName());
    }
    expect(seen).toEqual([
      'Medio',
      'Resultado',
      'Detalle',
      'Reconoce la deuda (interrumpe la prescripción)',
      'Importe prometido',
      'Fecha prometida',
      'Fecha de la tarea',
      'Hora',
      'Nota de la tarea',
      'Cancelar',
      'Guardar',
    ]);
  });

  it('Enter moves to the next field; on the last one it saves the promise and the next task with the contact', async () => {
    const { requests } = contactApi();
    const { user, onLogged } = renderDialog();
    await dialog();
    await chooseType(user);
    await user.click(screen.getByRole('textbox', { name: 'Importe prometido' }));
    await user.keyboard('1500{Enter}');
    expect(focusedName()).toBe('Fecha prometida');
    await user.keyboard('10/12/2099{Enter}');
    expect(focusedName()).toBe('Fecha de la tarea');
    await user.keyboard('09/12/2099{Enter}');
    expect(focusedName()).toBe('Hora');
    await user.keyboard('16:30{Enter}');
    expect(focusedName()).toBe('Nota de la tarea');
    expect(requests.some((r) => r.method === 'post')).toBe(false);
    await user.keyboard('Confirmar el pago{Enter}');
    await waitFor(() => expect(onLogged).toHaveBeenCalled());
    expect(bodyOf(requests.find((r) => r.method === 'post'))).toMatchObject({
      promise: { amount: '1500', dueDate: '2099-12-10' },
      task: { date: '2099-12-09', time: '16:30', description: 'Confirmar el pago' },
    });
  });

  it('«Reconoce la deuda» is sent as the acknowledgment, and the toast says the prescription runs again (issue 37)', async () => {
    const show = vi.spyOn(notifications, 'show');
    const acknowledged = { ...RESULT, event: { id: 90, acknowledgment: true } } as unknown as ContactResult;
    const { requests } = contactApi(() => ({ status: 201, data: acknowledged }));
    const { user, onLogged } = renderDialog();
    await dialog();
    await chooseType(user);
    const box = screen.getByRole('checkbox', { name: 'Reconoce la deuda (interrumpe la prescripción)' });
    expect(box).not.toBeChecked();
    await user.click(box);
    expect(box).toBeChecked();
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(onLogged).toHaveBeenCalledWith(acknowledged));
    expect(bodyOf(requests.find((r) => r.method === 'post'))).toMatchObject({ acknowledgment: true });
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({
        message:
          'Gestión registrada. La deuda quedó reconocida: el plazo de prescripción vuelve a correr desde hoy.',
      }),
    );
    // The form starts again empty: the next contact is no acknowledgment unless ticked.
    await waitFor(() =>
      expect(
        screen.getByRole('checkbox', { name: 'Reconoce la deuda (interrumpe la prescripción)' }),
      ).not.toBeChecked(),
    );
    show.mockRestore();
  });

  it('Escape closes the dialog', async () => {
    contactApi();
    const { user, onClose } = renderDialog();
    await dialog();
    await waitFor(() => expect(typeBox()).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('the API’s warnings: third party, then outside hours, each confirmed with «Registrar igual»', async () => {
    const thirdParty = MESSAGES.contactThirdParty('El teléfono alternativo', 'laboral');
    const outside = MESSAGES.contactOutsideHours('de lunes a viernes, de 08:00 a 20:00');
    const { requests } = contactApi((body) => {
      if (!body.confirmThirdParty) return { status: 409, data: { message: thirdParty, code: 'THIRD_PARTY' } };
      if (!body.confirmOutsideHours)
        return { status: 409, data: { message: outside, code: 'OUTSIDE_HOURS' } };
      return { status: 201, data: RESULT };
    });
    const { user, onLogged } = renderDialog();
    await dialog();
    await chooseType(user);
    await user.click(screen.getByRole('combobox', { name: /^Medio/ }));
    await user.click(await screen.findByRole('option', { name: /Teléfono alternativo/, hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    const warning = await screen.findByRole('alert');
    expect(warning).toHaveTextContent('Ley 24.240 (art. 8 bis');
    const anyway = within(warning).getByRole('button', { name: 'Registrar igual' });
    await waitFor(() => expect(anyway).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(await screen.findByText(outside)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Registrar igual' }));
    await waitFor(() => expect(onLogged).toHaveBeenCalled());
    const posts = requests.filter((r) => r.method === 'post').map((r) => bodyOf(r));
    expect(
      posts.map((b) => [
        (b as { confirmThirdParty: boolean }).confirmThirdParty,
        (b as { confirmOutsideHours: boolean }).confirmOutsideHours,
      ]),
    ).toEqual([
      [false, false],
      [true, false],
      [true, true],
    ]);
    expect(posts[2]).toMatchObject({ channel: 'ALT_PHONE' });
  });

  it('a rule that cannot be confirmed (a cap) says why, with no «Registrar igual»', async () => {
    contactApi(() => ({
      status: 409,
      data: { message: MESSAGES.contactAttemptsPerDay(3), code: 'ATTEMPTS_PER_DAY' },
    }));
    const { user, onLogged } = renderDialog();
    await dialog();
    await chooseType(user);
    await user.keyboard('{Control>}{Enter}{/Control}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES.contactAttemptsPerDay(3));
    expect(within(alert).queryByRole('button', { name: 'Registrar igual' })).toBeNull();
    expect(onLogged).not.toHaveBeenCalled();
  });

  it('a promise half filled is refused before sending, under its field', async () => {
    const { requests } = contactApi();
    const { user } = renderDialog();
    await dialog();
    await chooseType(user);
    await user.click(screen.getByRole('textbox', { name: 'Importe prometido' }));
    await user.keyboard('500{Control>}{Enter}{/Control}');
    expect(await screen.findByText(MESSAGES.required)).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'post')).toBe(false);
  });
});

describe('ContactDialog: where it starts and what it says after (issue 32)', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.restoreAllMocks();
    signInAs(null);
  });

  it('«Tipo de gestión» starts as the API’s suggestion when this user has not logged one here', async () => {
    signInAs('GENERAL');
    contactApi(undefined, { ...CONTEXT, suggestedEventTypeId: 2 });
    renderDialog();
    await dialog();
    await waitFor(() => expect(typeBox()).toHaveValue('Visita'));
    // Selected, so typing another type replaces it.
    await waitFor(() => {
      const box = typeBox() as HTMLInputElement;
      expect([box.selectionStart, box.selectionEnd]).toEqual([0, 'Visita'.length]);
    });
  });

  it('…and as the type this user logged last on this device, remembered per user after each save', async () => {
    signInAs('GENERAL');
    localStorage.setItem('gestion.ultimoTipo.1', '1');
    localStorage.setItem('gestion.ultimoTipo.77', '2');
    const { requests } = contactApi(undefined, { ...CONTEXT, suggestedEventTypeId: 2 });
    const { user, onLogged } = renderDialog();
    await dialog();
    await waitFor(() => expect(typeBox()).toHaveValue('Llamada'));
    // The user picks «Visita» and saves: it is what the next dialog starts from.
    await user.click(typeBox());
    await user.click(await screen.findByRole('option', { name: 'Visita', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onLogged).toHaveBeenCalled());
    expect(bodyOf(requests.find((r) => r.method === 'post'))).toMatchObject({ eventTypeId: 2 });
    expect(localStorage.getItem('gestion.ultimoTipo.1')).toBe('2');
  });

  it('a stored type that is no longer in the catalog is skipped for the suggestion', async () => {
    signInAs('GENERAL');
    localStorage.setItem('gestion.ultimoTipo.1', '99');
    contactApi(undefined, { ...CONTEXT, suggestedEventTypeId: 1 });
    renderDialog();
    await dialog();
    await waitFor(() => expect(typeBox()).toHaveValue('Llamada'));
  });

  it('the toast names the promise and the next task logged with the contact', async () => {
    const show = vi.spyOn(notifications, 'show');
    const result = {
      ...RESULT,
      promise: { id: 5, amount: '5000.00', dueDate: '2026-11-30' },
      task: { id: 6, start: '2026-12-01T13:30:00.000Z', allDay: false },
    } as unknown as ContactResult;
    contactApi(() => ({ status: 201, data: result }));
    const { user, onLogged } = renderDialog();
    await dialog();
    await chooseType(user);
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(onLogged).toHaveBeenCalledWith(result));
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({
        message:
          'Gestión registrada. Promesa de $ 5.000,00 para el 30/11/2026. Próxima tarea el 01/12/2026 a las 10:30.',
      }),
    );
  });

  it('without a promise the toast says only that the contact was logged', () => {
    expect(loggedMessage(RESULT, 'ARS')).toBe('Gestión registrada.');
    const dollars = {
      ...RESULT,
      promise: { amount: '120.50', dueDate: '2027-01-05' },
    } as unknown as ContactResult;
    expect(loggedMessage(dollars, 'USD')).toBe(
      'Gestión registrada. Promesa de US$ 120,50 para el 05/01/2027.',
    );
  });
});
