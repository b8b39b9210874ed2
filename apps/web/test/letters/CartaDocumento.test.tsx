import { addDays, agencyToday, type Letter, MESSAGES } from '@cobranzas/shared';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setNavigator } from '../../src/lib/navigation';
import { session } from '../../src/lib/session';
import { debtApi, fastUser, list, stubScrollIntoView } from '../debts/fixtures';
import { bodyOf } from '../http';
import { renderApp, signInAs } from '../render';

beforeAll(async () => {
  stubScrollIntoView();
  await Promise.all([import('../../src/features/debts/pages'), import('../../src/app/layout/AppLayout')]);
}, 60_000);

afterEach(() => {
  notifications.clean();
  setNavigator(null);
  session.start();
});

/** Days before today (the dialogs refuse a day after it), as the API and as typed (dd/mm/aaaa). */
const daysAgo = (n: number) => addDays(agencyToday(), -n);
const typed = (day: string) => day.split('-').reverse().join('/');
const SENT = daysAgo(10);

const letter = (id: number, fields: Partial<Letter> = {}): Letter => ({
  id,
  debtId: 12,
  templateCode: 'intimacion',
  templateName: 'Intimación de pago',
  userId: 4,
  userName: 'Pérez, Ana',
  at: '2026-11-02T13:00:00.000Z',
  cdNumber: null,
  sentOn: null,
  deliveredOn: null,
  ...fields,
});
const LETTERS = [
  letter(2, {
    templateCode: 'carta-documento',
    templateName: 'Carta documento',
    at: `${SENT}T15:00:00.000Z`,
    cdNumber: 'CD 123456789',
    sentOn: SENT,
  }),
  letter(1),
];

async function openLetters(role: 'ADMIN' | 'GENERAL' | 'CLIENTE', routes: Parameters<typeof debtApi>[0]) {
  signInAs(role);
  const api = debtApi(routes);
  renderApp('/debts/view/12?tab=cartas');
  await screen.findByRole('heading', { level: 1, name: 'Detalle de deuda' }, { timeout: 5000 });
  await screen.findByRole('tablist', { name: 'Secciones de la deuda' }, { timeout: 5000 });
  return api;
}

describe('«Cartas» on the debt file: cartas documento (issue 36)', { timeout: 30_000 }, () => {
  it('lists the letters sent; «Registrar carta documento» shows the API’s 400 under its field', async () => {
    const { requests } = await openLetters('GENERAL', (config) => {
      if (config.url === '/letters' && config.method === 'get') return list(LETTERS);
      if (config.url === '/letters' && config.method === 'post')
        return {
          status: 400,
          data: { message: 'Datos inválidos', errors: { sentOn: [MESSAGES.moneyDateAfterToday] } },
        };
      return undefined;
    });
    const user = fastUser();
    const cd = await screen.findByRole('row', { name: /^Carta Carta documento/ });
    expect(cd).toHaveTextContent('CD 123456789');
    expect(cd).toHaveTextContent(typed(SENT));
    expect(cd).toHaveTextContent('Pendiente');
    const printed = screen.getByRole('row', { name: /^Carta Intimación de pago/ });
    expect(printed).toHaveTextContent('Pérez, Ana');
    expect(within(printed).getByRole('button', { name: /^Marcar como carta documento/ })).toBeInTheDocument();
    expect(requests.find((r) => r.url === '/letters')?.params).toMatchObject({ debtId: 12, sort: 'at' });

    await user.click(screen.getByRole('button', { name: 'Registrar carta documento' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registrar carta documento' });
    await user.type(
      within(dialog).getByRole('textbox', { name: /^Número de carta documento/ }),
      'CD 987654321',
    );
    const sent = within(dialog).getByRole('textbox', { name: /^Enviada el/ });
    await user.clear(sent);
    await user.type(sent, typed(daysAgo(3)));
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'post')).toBe(true));
    expect(bodyOf(requests.find((r) => r.method === 'post'))).toEqual({
      debtId: 12,
      cdNumber: 'CD 987654321',
      sentOn: daysAgo(3),
      deliveredOn: null,
    });
    const error = await within(dialog).findByText(MESSAGES.moneyDateAfterToday);
    const field = within(dialog).getByRole('textbox', { name: /^Enviada el/ });
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field.getAttribute('aria-describedby')).toContain(error.id);
  });

  it('checks the days before sending, and «Registrar entrega» saves the delivery by PATCH', async () => {
    const { requests } = await openLetters('ADMIN', (config) => {
      if (config.url === '/letters' && config.method === 'get') return list(LETTERS);
      if (config.url === '/letters/2' && config.method === 'patch')
        return { status: 200, data: { ...LETTERS[0], ...(bodyOf(config) as object) } };
      return undefined;
    });
    const user = fastUser();
    const cd = await screen.findByRole('row', { name: /^Carta Carta documento/ });
    await user.click(
      within(cd).getByRole('button', { name: 'Registrar entrega de la carta documento N.º CD 123456789' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Registrar entrega' });
    const delivered = within(dialog).getByRole('textbox', { name: /^Entregada el/ });
    await user.clear(delivered);
    await user.type(delivered, typed(daysAgo(-1)));
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText(MESSAGES.moneyDateAfterToday)).toBeInTheDocument();
    await user.clear(delivered);
    await user.type(delivered, typed(daysAgo(12)));
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('La entrega no puede ser anterior al envío.')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'patch')).toBe(false);

    await user.clear(delivered);
    await user.type(delivered, typed(daysAgo(8)));
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodyOf(requests.find((r) => r.method === 'patch'))).toEqual({ deliveredOn: daysAgo(8) });
  });

  it('a CLIENTE has no «Cartas» tab', async () => {
    await openLetters('CLIENTE', () => undefined);
    expect(screen.getByRole('tab', { name: 'Pagos' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Cartas' })).not.toBeInTheDocument();
  });
});
