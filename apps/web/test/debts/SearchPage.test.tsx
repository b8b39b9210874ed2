import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setNavigator } from '../../src/lib/navigation';
import { session } from '../../src/lib/session';
import { renderApp, signInAs } from '../render';
import { debt, debtApi, debtor, fastUser, list, stubScrollIntoView } from './fixtures';

beforeAll(async () => {
  stubScrollIntoView();
  await Promise.all([import('../../src/features/debts/pages'), import('../../src/app/layout/AppLayout')]);
}, 60_000);

afterEach(() => {
  setNavigator(null);
  session.start();
});

/** The DNI 20345678 has debt 12; GET /debts (the advanced list) is recorded. */
function searchApi() {
  return debtApi((config) => {
    if (config.method !== 'get') return undefined;
    if (config.url === '/debts/export') return { status: 200, data: new Blob(['xlsx']) };
    if (config.url === '/debts') return list([debt]);
    if (config.url === '/debts/dni/20345678') return list([debt]);
    if (config.url === '/debtors/dni/20345678') return { status: 200, data: debtor };
    return undefined;
  });
}

const listRequests = (requests: { url?: string }[]) => requests.filter((r) => r.url === '/debts');

async function openSearch(path: string) {
  signInAs('ADMIN');
  const api = searchApi();
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Buscador de deudas' }, { timeout: 3000 });
  return { ...api, ...view };
}

describe('the DNI search and the advanced list (issue 15)', { timeout: 30_000 }, () => {
  it('under a DNI result the list of every debt stays folded until asked for', async () => {
    const { requests } = await openSearch('/debts/search?search=20345678');
    expect(await screen.findByText('Pérez, Juan')).toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Buscar entre todas las deudas' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('form', { name: 'Filtros de deudas' })).not.toBeInTheDocument();
    expect(screen.getByText(/no depende del DNI\/CUIT buscado/)).toBeInTheDocument();
    expect(listRequests(requests)).toHaveLength(0);

    await fastUser().click(toggle);
    expect(await screen.findByRole('form', { name: 'Filtros de deudas' })).toBeInTheDocument();
    const hide = screen.getByRole('button', { name: 'Ocultar la búsqueda avanzada' });
    expect(hide).toHaveAttribute('aria-expanded', 'true');
    await fastUser().click(hide);
    expect(screen.queryByRole('form', { name: 'Filtros de deudas' })).not.toBeInTheDocument();
  });

  it('without a DNI the list is the page, with no toggle', async () => {
    await openSearch('/debts/search');
    expect(await screen.findByRole('form', { name: 'Filtros de deudas' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Buscar entre todas las deudas' })).not.toBeInTheDocument();
  });

  it('a URL that already carries list state (shared or reloaded) opens it', async () => {
    await openSearch('/debts/search?search=20345678&page=2');
    expect(await screen.findByRole('form', { name: 'Filtros de deudas' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Buscar entre todas las deudas' })).not.toBeInTheDocument();
  });
});

describe('«Exportar a Excel»: every debt the filters find (issue 32)', { timeout: 30_000 }, () => {
  it('downloads GET /debts/export with the search and filters on screen, not the page or order', async () => {
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:x');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { requests } = await openSearch('/debts/search?q=juarez&companyId=3&page=2&sort=id&order=desc');
    await fastUser().click(await screen.findByRole('button', { name: 'Exportar a Excel' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const asked = requests.find((r) => r.url === '/debts/export');
    expect(asked?.params).toEqual({ q: 'juarez', companyId: '3' });
    expect(asked?.responseType).toBe('blob');
    expect(click).toHaveBeenCalled();
  });
});
