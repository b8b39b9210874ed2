import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setNavigator } from '../src/lib/navigation';
import { session } from '../src/lib/session';
import { mockApi } from './http';
import { renderApp, signInAs } from './render';

// The page modules are big to transform: load them once, before the timed assertions.
beforeAll(async () => {
  await Promise.all([
    import('../src/features/companies/pages'),
    import('../src/features/debtors/pages'),
    import('../src/features/catalogs/pages'),
    import('../src/app/layout/AppLayout'),
  ]);
}, 30_000);

afterEach(() => {
  // Toasts live in a module-level store: one test's toast must not leak into the next.
  notifications.clean();
  vi.useRealTimers();
  setNavigator(null);
  session.start();
});

const company = (id: number, name: string) => ({
  id,
  name,
  cuit: '30500010912',
  email: null,
  phone: null,
  address: null,
  contactName: null,
  commissionRate: '12.50',
  promiseGraceDays: 0,
  promiseMaxDays: 90,
  active: true,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
});

const page = (data: unknown[], total = data.length) => ({
  status: 200,
  data: { data, total, page: 1, limit: 25 },
});
const listRequests = (requests: InternalAxiosRequestConfig[]) =>
  requests.filter((r) => r.method === 'get' && r.url === '/companies');

async function title(name = 'Compañías') {
  return screen.findByRole('heading', { level: 1, name }, { timeout: 3000 });
}

describe('the generic list: view state in the URL', () => {
  it('sends the page, size, sort, search and filters of the URL to the API', async () => {
    signInAs('ADMIN');
    const { requests } = mockApi(() => page([company(1, 'Banco Galicia S.A.')], 40));
    renderApp('/companies/list?page=2&limit=10&sort=name&order=desc&q=banco&active=true');
    expect(await screen.findByText('Banco Galicia S.A.')).toBeInTheDocument();
    expect(listRequests(requests)[0]?.params).toEqual({
      page: 2,
      limit: 10,
      sort: 'name',
      order: 'desc',
      q: 'banco',
      active: 'true',
    });
    expect(screen.getByRole('searchbox', { name: 'Buscar' })).toHaveValue('banco');
    expect(screen.getByText('11–11 de 40')).toBeInTheDocument();
  });

  it('a total the API marks as an estimate (totalEstimated) shows as "≈ N"; an exact one does not', async () => {
    signInAs('ADMIN');
    mockApi(() => ({
      status: 200,
      data: {
        data: [company(1, 'Banco Nación')],
        total: 1_234_567,
        page: 1,
        limit: 25,
        totalEstimated: true,
      },
    }));
    renderApp('/companies/list');
    expect(await screen.findByText('1–1 de ≈ 1.234.567')).toBeInTheDocument();
  });

  it('ignores what the list does not know (bad page, unknown sort or size)', async () => {
    signInAs('ADMIN');
    const { requests } = mockApi(() => page([]));
    renderApp('/companies/list?page=-3&limit=7&sort=password&order=sideways');
    await title();
    await waitFor(() => expect(listRequests(requests)).toHaveLength(1));
    expect(listRequests(requests)[0]?.params).toMatchObject({
      page: 1,
      limit: 25,
      sort: undefined,
      order: undefined,
    });
  });

  it('paging and sorting go into the URL (so back and reload restore them) and reach the API', async () => {
    signInAs('ADMIN');
    const { requests } = mockApi(() => page([company(1, 'AySA S.A.')], 60));
    const { router, user } = renderApp('/companies/list');
    await screen.findByText('AySA S.A.');
    await user.click(screen.getByRole('button', { name: 'Página 2' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await user.click(screen.getByText('Razón social'));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=name'));
    await waitFor(() =>
      expect(listRequests(requests).at(-1)?.params).toMatchObject({ page: 1, sort: 'name', order: 'asc' }),
    );
    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
  });

  it('the search is debounced into `q` and starts again at page 1', async () => {
    signInAs('ADMIN');
    const { requests } = mockApi(() => page([company(1, 'AySA S.A.')], 60));
    const { router, user } = renderApp('/companies/list?page=3');
    await screen.findByText('AySA S.A.');
    await user.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'ed');
    await waitFor(() => expect(router.state.location.search).toBe('?q=ed'));
    const searches = () => listRequests(requests).filter((r) => (r.params as { q?: string }).q);
    // One request for the whole word, not one per key.
    await waitFor(() => expect(searches()).toHaveLength(1));
    expect(searches()[0]?.params).toMatchObject({ q: 'ed', page: 1 });
  });
});

describe('the generic list: states', () => {
  it('shows the empty state when there is nothing to list', async () => {
    signInAs('ADMIN');
    mockApi(() => page([]));
    renderApp('/companies/list');
    expect(await screen.findByText('No hay registros para mostrar')).toBeInTheDocument();
  });

  it('a failed load is not an empty list: the Spanish error and «Reintentar», which loads again (issue 32)', async () => {
    signInAs('ADMIN');
    let fail = true;
    mockApi(() =>
      fail
        ? { status: 500, data: { message: 'Ocurrió un error interno. Intente de nuevo más tarde.' } }
        : page([company(7, 'Edenor S.A.')]),
    );
    const { user } = renderApp('/companies/list');
    expect(
      await screen.findByText('No se pudieron cargar los datos', undefined, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Ocurrió un error interno. Intente de nuevo más tarde.')).toBeInTheDocument();
    expect(screen.queryByText('No hay registros para mostrar')).not.toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Edenor S.A.')).toBeInTheDocument();
    expect(screen.queryByText('No se pudieron cargar los datos')).not.toBeInTheDocument();
  });

  it('a 403 from the API shows the fixed text in the page, without a crash', async () => {
    signInAs('CLIENTE');
    mockApi(() => ({ status: 403, data: { message: 'No tiene permisos para ingresar aqui' } }));
    renderApp('/debtors/list');
    await title('Deudores');
    expect(await screen.findByText('No tiene permisos para ingresar aqui')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).queryByRole('link', { name: /Agregar/ })).not.toBeInTheDocument();
    expect(screen.queryByText('No se pudieron cargar los datos')).not.toBeInTheDocument();
  });
});

describe('the generic list: actions by permission', () => {
  it('GENERAL may only view: no Agregar, no delete; a row still opens the (read-only) record', async () => {
    signInAs('GENERAL');
    mockApi((config) =>
      config.url === '/companies/7'
        ? { status: 200, data: company(7, 'Edenor S.A.') }
        : page([company(7, 'Edenor S.A.')]),
    );
    const { router, user } = renderApp('/companies/list?q=ede');
    await screen.findByText('Edenor S.A.');
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('button', { name: /Exportar/ })).toBeInTheDocument();
    expect(main.queryByRole('link', { name: /Agregar/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Eliminar/ })).not.toBeInTheDocument();
    await user.click(screen.getByText('Edenor S.A.'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/companies/edit/7'));
    expect(router.state.location.state).toEqual({ listSearch: '?q=ede' });
  });

  it('Enter on a focused row opens it', async () => {
    signInAs('ADMIN');
    mockApi((config) =>
      config.url === '/companies/3'
        ? { status: 200, data: company(3, 'AySA S.A.') }
        : page([company(3, 'AySA S.A.')]),
    );
    const { router, user } = renderApp('/companies/list');
    const row = await screen.findByRole('row', { name: 'Abrir AySA S.A.' });
    row.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/companies/edit/3'));
  });

  it('deletes after confirming, and reloads the list', async () => {
    signInAs('ADMIN');
    const { requests } = mockApi((config) =>
      config.method === 'delete' ? { status: 204 } : page([company(3, 'AySA S.A.')]),
    );
    const { user } = renderApp('/companies/list');
    await user.click(await screen.findByRole('button', { name: 'Eliminar AySA S.A.' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar eliminación' });
    expect(dialog).toHaveTextContent('¿Eliminar la compañía «AySA S.A.»?');
    expect(requests.some((r) => r.method === 'delete')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Se eliminó la compañía «AySA S.A.».')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'delete').map((r) => r.url)).toEqual(['/companies/3']);
    await waitFor(() => expect(listRequests(requests).length).toBeGreaterThan(1));
  });

  it('a 409 on delete is shown as its message', async () => {
    signInAs('ADMIN');
    mockApi((config) =>
      config.method === 'delete'
        ? { status: 409, data: { message: 'No se puede eliminar: el registro está en uso.' } }
        : page([company(3, 'AySA S.A.')]),
    );
    const { user } = renderApp('/companies/list');
    await user.click(await screen.findByRole('button', { name: 'Eliminar AySA S.A.' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('No se puede eliminar: el registro está en uso.')).toBeInTheDocument();
    expect(screen.getByText('No se pudo eliminar')).toBeInTheDocument();
  });

  it('the fixed debt types (ids 1–3) have no delete button', async () => {
    signInAs('ADMIN');
    const type = (id: number, name: string) => ({ ...company(id, name), description: null });
    mockApi(() => page([type(1, 'Preventiva'), type(4, 'Concursal')]));
    renderApp('/debts-types/list');
    expect(await screen.findByRole('button', { name: 'Eliminar Concursal' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Eliminar Preventiva' })).not.toBeInTheDocument();
  });
});
