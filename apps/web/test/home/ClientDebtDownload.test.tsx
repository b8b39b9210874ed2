import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setNavigator } from '../../src/lib/navigation';
import { session } from '../../src/lib/session';
import { quietApi } from '../dashboard';
import { mockApi } from '../http';
import { renderApp, signInAs } from '../render';

beforeAll(async () => {
  Element.prototype.scrollIntoView ??= () => {};
  await Promise.all([import('../../src/features/home/pages'), import('../../src/app/layout/AppLayout')]);
}, 60_000);

afterEach(() => {
  setNavigator(null);
  session.start();
  vi.restoreAllMocks();
});

/** The dashboard's reports, one company, and the spreadsheet as a blob. */
function dashboardApi() {
  return mockApi((config) => {
    if (config.url === '/companies')
      return {
        status: 200,
        data: { data: [{ id: 5, name: 'Frávega S.A.' }], total: 1, page: 1, limit: 500 },
      };
    if (config.url === '/report/clientDebt') return { status: 200, data: new Blob(['xlsx']) };
    return quietApi(config);
  });
}

async function openDashboard(path: string) {
  signInAs('ADMIN');
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:x');
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  const api = dashboardApi();
  const view = renderApp(path);
  const report = await screen.findByRole('region', { name: 'Planilla de deuda' }, { timeout: 5000 });
  return { ...api, ...view, report };
}

async function chooseCompany(user: ReturnType<typeof userEvent.setup>) {
  const filters = screen.getByRole('form', { name: 'Filtros del tablero' });
  await user.click(within(filters).getByRole('combobox', { name: 'Compañía' }));
  await user.click(await screen.findByRole('option', { name: 'Frávega S.A.', hidden: true }));
}

describe('the client-debt spreadsheet on the dashboard (issue 15)', { timeout: 30_000 }, () => {
  it('is usable as soon as a company is chosen, without "Aplicar", and says what it will do', async () => {
    const { report, requests, router } = await openDashboard('/?start=2026-01-01&end=2026-11-24');
    const button = within(report).getByRole('button', { name: 'Descargar planilla' });
    expect(button).toBeDisabled();
    expect(report).toHaveTextContent('Elija una compañía en los filtros');
    expect(report).toHaveTextContent('no hace falta aplicar');

    const user = userEvent.setup({ delay: null });
    await chooseCompany(user);
    await waitFor(() => expect(button).toBeEnabled());
    expect(report).toHaveTextContent(
      'Deudas de Frávega S.A. ingresadas desde el 01/01/2026 hasta el 24/11/2026, con pagos y saldo',
    );
    expect(report).toHaveTextContent('Al descargar, el tablero también pasa a estos filtros.');
    // Nothing applied yet: the dashboard still shows every company.
    expect(router.state.location.search).toBe('?start=2026-01-01&end=2026-11-24');

    await user.click(button);
    await waitFor(() => expect(requests.some((r) => r.url === '/report/clientDebt')).toBe(true));
    const download = requests.find((r) => r.url === '/report/clientDebt');
    expect(download?.params).toEqual({ company: '5', start: '2026-01-01', end: '2026-11-24' });
    // …and the dashboard now shows what was downloaded.
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('company')).toBe('5'));
    expect(await screen.findByText('Planilla descargada')).toBeInTheDocument();
    expect(report).not.toHaveTextContent('Al descargar, el tablero también pasa');
  });

  it('an applied company downloads at once, with nothing pending in the hint', async () => {
    const { report } = await openDashboard('/?company=5');
    await waitFor(() => expect(report).toHaveTextContent('Deudas de Frávega S.A. de todo el período'));
    expect(within(report).getByRole('button', { name: 'Descargar planilla' })).toBeEnabled();
    expect(report).not.toHaveTextContent('Al descargar');
  });
});
