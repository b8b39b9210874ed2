import { agencyToday, MESSAGES, SETTLEMENT_MESSAGES } from '@cobranzas/shared';
import { notifications } from '@mantine/notifications';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setNavigator } from '../../src/lib/navigation';
import { session } from '../../src/lib/session';
import { setViewportWidth } from '../browser';
import { stubScrollIntoView } from '../debts/fixtures';
import { bodyOf } from '../http';
import { renderApp, signInAs } from '../render';
import { draft, settlementApi } from './fixtures';

beforeAll(async () => {
  stubScrollIntoView();
  await Promise.all([
    import('../../src/features/settlements/pages'),
    import('../../src/app/layout/AppLayout'),
  ]);
}, 60_000);

afterEach(() => {
  setViewportWidth(1366);
  notifications.clean();
  setNavigator(null);
  session.start();
});

const heading = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 5000 });
const select = (name: string) => screen.getByLabelText(new RegExp(`^${name}`), { selector: 'input' });

describe('«Rendiciones», the list (issue 19)', { timeout: 30_000 }, () => {
  it('shows each settlement in es-AR figures, a draft as «Borrador»; a row opens it', async () => {
    signInAs('ADMIN');
    settlementApi();
    const { user, router } = renderApp('/settlements/list');
    await heading('Rendiciones');
    const row = await screen.findByRole('row', { name: 'Abrir Borrador de Frávega S.A.' });
    for (const text of ['Frávega S.A.', '01/10/2026 al', '31/10/2026', '$ 10.000,00', '$ 1.000,00'])
      expect(row).toHaveTextContent(text);
    // At 1366 px the currency, the line count and the VAT wait for a wider screen.
    expect(row).not.toHaveTextContent('$ 210,00');
    expect(row).toHaveTextContent('$ 8.790,00');
    expect(row).toHaveTextContent('$ 6.790,00');
    expect(within(row).getAllByText('Borrador')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Nueva rendición' })).toHaveAttribute('href', '/settlements/add');
    expect(select('Compañía')).toBeInTheDocument();
    expect(select('Estado')).toBeInTheDocument();
    await user.click(row);
    await waitFor(() => expect(router.state.location.pathname).toBe('/settlements/7'));
  });

  it('a wide screen shows every column, and a phone the key ones', async () => {
    signInAs('ADMIN');
    settlementApi();
    setViewportWidth(1600);
    renderApp('/settlements/list');
    const wide = await screen.findByRole(
      'row',
      { name: 'Abrir Borrador de Frávega S.A.' },
      { timeout: 5000 },
    );
    expect(wide).toHaveTextContent('$ 210,00');
    expect(wide).toHaveTextContent('ARS');
    cleanup();
    setViewportWidth(390);
    renderApp('/settlements/list');
    const phone = await screen.findByRole(
      'row',
      { name: 'Abrir Borrador de Frávega S.A.' },
      { timeout: 5000 },
    );
    expect(phone).toHaveTextContent('Frávega S.A.');
    expect(phone).toHaveTextContent('$ 6.790,00');
    expect(phone).not.toHaveTextContent('$ 10.000,00');
  });

  it('a CLIENTE gets the same list without «Nueva rendición» nor the company filter', async () => {
    signInAs('CLIENTE');
    const { requests } = settlementApi();
    renderApp('/settlements/list');
    await heading('Rendiciones');
    await screen.findByRole('row', { name: 'Abrir Borrador de Frávega S.A.' });
    expect(screen.queryByRole('link', { name: 'Nueva rendición' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Compañía/, { selector: 'input' })).not.toBeInTheDocument();
    expect(select('Moneda')).toBeInTheDocument();
    expect(requests.some((r) => r.url === '/companies')).toBe(false);
    expect(screen.queryByRole('button', { name: /^Eliminar/ })).not.toBeInTheDocument();
  });
});

describe('«Nueva rendición» (issue 19)', { timeout: 30_000 }, () => {
  it('starts from the dashboard’s company and currency, up to today, and opens the new draft', async () => {
    signInAs('ADMIN');
    const { requests } = settlementApi((config) =>
      config.method === 'post' ? { status: 201, data: draft } : undefined,
    );
    const { user, router } = renderApp('/settlements/add?companyId=5&currency=USD');
    await heading('Nueva rendición');
    await waitFor(() => expect(select('Compañía')).toHaveValue('Frávega S.A.'));
    expect(select('Moneda')).toHaveValue('Dólares (USD)');
    expect(screen.getByRole('textbox', { name: /^Hasta/ })).toHaveValue(
      agencyToday().split('-').reverse().join('/'),
    );
    await user.click(screen.getByRole('button', { name: 'Generar borrador' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settlements/7'));
    expect(bodyOf(requests.find((r) => r.method === 'post'))).toEqual({
      companyId: 5,
      currency: 'USD',
      to: agencyToday(),
    });
  });

  it('asks for the company, and shows the API’s 409 when there is nothing to settle', async () => {
    signInAs('ADMIN');
    const { requests } = settlementApi((config) =>
      config.method === 'post'
        ? { status: 409, data: { message: SETTLEMENT_MESSAGES.nothingToSettle } }
        : undefined,
    );
    const { user, router } = renderApp('/settlements/add');
    await heading('Nueva rendición');
    expect(select('Moneda')).toHaveValue('Pesos (ARS)');
    await user.click(screen.getByRole('button', { name: 'Generar borrador' }));
    expect(await screen.findByText(MESSAGES.required)).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'post')).toBe(false);

    await user.click(select('Compañía'));
    await user.click(await screen.findByRole('option', { name: 'Frávega S.A.', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Generar borrador' }));
    expect(await screen.findByText(SETTLEMENT_MESSAGES.nothingToSettle)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settlements/add');
  });
});
