import { MESSAGES } from '@cobranzas/shared';
import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setNavigator } from '../../src/lib/navigation';
import { session } from '../../src/lib/session';
import { bodyOf, mockApi } from '../http';
import { renderApp, signInAs } from '../render';

beforeAll(async () => {
  await Promise.all([
    import('../../src/features/rateTables/pages'),
    import('../../src/app/layout/AppLayout'),
  ]);
}, 30_000);

afterEach(() => {
  notifications.clean();
  setNavigator(null);
  session.start();
});

const table = {
  id: 3,
  name: 'BNA activa',
  description: null,
  entries: [
    { from: '2024-01-01', annualRate: '45.25' },
    { from: '2024-06-01', annualRate: '40.00' },
  ],
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};
const emptyList = { status: 200, data: { data: [], total: 0, page: 1, limit: 25 } };
const posts = (requests: InternalAxiosRequestConfig[]) => requests.filter((r) => r.method === 'post');
const box = (name: string) => screen.getByRole('textbox', { name });

describe('the rate table form: its entries editor (issue 17)', () => {
  it('adds and removes rows with buttons, and sends dates as YYYY-MM-DD and rates with a point', async () => {
    signInAs('ADMIN');
    const { requests } = mockApi((config) =>
      config.method === 'post' ? { status: 201, data: table } : emptyList,
    );
    const { user, router } = renderApp('/rate-tables/add');
    await screen.findByRole('heading', { level: 1, name: 'Nueva tabla de tasas' }, { timeout: 3000 });
    expect(screen.getByText('Todavía no hay tasas cargadas.')).toBeInTheDocument();
    await user.type(box('Nombre'), 'BNA activa');
    const add = screen.getByRole('button', { name: 'Agregar tasa' });
    await user.click(add);
    await user.click(add);
    await user.click(add);
    await user.type(box('Desde (fila 1)'), '01/01/2024');
    await user.type(box('Tasa anual (fila 1)'), '45,25');
    await user.type(box('Desde (fila 2)'), '31/12/2023');
    await user.type(box('Tasa anual (fila 2)'), '9');
    await user.type(box('Tasa anual (fila 3)'), '1');
    // The third row, still without its date, is named by its position; removed from the keyboard.
    screen.getByRole('button', { name: 'Quitar la fila 3' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('textbox', { name: 'Desde (fila 3)' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Quitar la tasa desde el 31/12/2023' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/rate-tables/list'));
    expect(bodyOf(posts(requests)[0])).toEqual({
      name: 'BNA activa',
      description: null,
      entries: [
        { from: '2023-12-31', annualRate: '9.00' },
        { from: '2024-01-01', annualRate: '45.25' },
      ],
    });
  });

  it('a row left empty asks for its date and its rate', async () => {
    signInAs('ADMIN');
    const { requests } = mockApi(() => emptyList);
    const { user } = renderApp('/rate-tables/add');
    await screen.findByRole('heading', { level: 1, name: 'Nueva tabla de tasas' }, { timeout: 3000 });
    await user.type(box('Nombre'), 'Vacía');
    await user.click(screen.getByRole('button', { name: 'Agregar tasa' }));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(screen.getAllByText(MESSAGES.required)).toHaveLength(2));
    expect(box('Desde (fila 1)')).toHaveAttribute('aria-invalid', 'true');
    expect(box('Tasa anual (fila 1)')).toHaveAttribute('aria-invalid', 'true');
    expect(posts(requests)).toHaveLength(0);
  });

  it('says in Spanish when two rows share a date, and sends nothing', async () => {
    signInAs('ADMIN');
    const { requests } = mockApi(() => emptyList);
    const { user } = renderApp('/rate-tables/add');
    await screen.findByRole('heading', { level: 1, name: 'Nueva tabla de tasas' }, { timeout: 3000 });
    await user.type(box('Nombre'), 'Repetida');
    const add = screen.getByRole('button', { name: 'Agregar tasa' });
    await user.click(add);
    await user.click(add);
    await user.type(box('Desde (fila 1)'), '01/01/2024');
    await user.type(box('Tasa anual (fila 1)'), '10');
    await user.type(box('Desde (fila 2)'), '01/01/2024');
    await user.type(box('Tasa anual (fila 2)'), '11');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(MESSAGES.rateTableDuplicateFrom('2024-01-01'))).toBeInTheDocument();
    expect(posts(requests)).toHaveLength(0);
  });

  it('shows the saved rates with a decimal comma; GENERAL only reads them, without the import', async () => {
    signInAs('GENERAL');
    mockApi((config) => (config.url?.endsWith('/3') ? { status: 200, data: table } : emptyList));
    renderApp('/rate-tables/edit/3');
    await screen.findByRole('heading', { level: 1, name: 'Editar tabla de tasas' }, { timeout: 3000 });
    expect(await screen.findByDisplayValue('45,25')).toBeInTheDocument();
    expect(box('Tasa anual (fila 2)')).toHaveValue('40');
    expect(box('Desde (fila 1)')).toHaveValue('01/01/2024');
    expect(screen.queryByRole('button', { name: 'Agregar tasa' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Quitar/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Importar CSV (fecha;tasa)')).not.toBeInTheDocument();
  });

  it('ADMIN imports a CSV on the edit page and sees what was created, updated and rejected', async () => {
    signInAs('ADMIN');
    const { requests } = mockApi((config) => {
      if (config.method === 'post')
        return {
          status: 200,
          data: { created: 1, updated: 1, rejected: [{ line: 4, reason: MESSAGES.rateImportBadDate }] },
        };
      return config.url?.endsWith('/3') ? { status: 200, data: table } : emptyList;
    });
    const { user } = renderApp('/rate-tables/edit/3');
    await screen.findByText('Importar CSV (fecha;tasa)', {}, { timeout: 3000 });
    const file = new File(['fecha;tasa\n01/02/2024;21,5\n'], 'tasas.csv', { type: 'text/csv' });
    await user.upload(screen.getByLabelText('Elegir el archivo CSV de tasas'), file);
    expect(await screen.findByText(/1 tasa nueva, 1 actualizada, 1 línea rechazada/)).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: MESSAGES.rateImportBadDate })).toBeInTheDocument();
    expect(posts(requests)[0]?.url).toMatch(/\/rate-tables\/3\/import$/);
  });
});
