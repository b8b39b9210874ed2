import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setNavigator } from '../../src/lib/navigation';
import { session } from '../../src/lib/session';
import { stubScrollIntoView } from '../debts/fixtures';
import { mockApi } from '../http';
import { renderApp, signInAs } from '../render';
import { catalogs, debt, run } from './fixtures';

beforeAll(async () => {
  stubScrollIntoView();
  await Promise.all([
    import('../../src/features/strategies/pages'),
    import('../../src/app/layout/AppLayout'),
  ]);
}, 60_000);

afterEach(() => {
  setNavigator(null);
  session.start();
});

const pick = async (user: ReturnType<typeof renderApp>['user'], field: HTMLElement, option: string) => {
  await user.click(field);
  const id = await waitFor(() => field.getAttribute('aria-controls') ?? Promise.reject(new Error('closed')));
  const listbox = document.getElementById(id) as HTMLElement;
  await user.click(await within(listbox).findByRole('option', { name: option, hidden: true }));
};

describe('a strategy run’s page (issue 36)', { timeout: 30_000 }, () => {
  it('shows its counts and its debts, filtered by outcome, each opening its debt', async () => {
    signInAs('GENERAL');
    const { requests } = mockApi((config) => {
      const catalog = catalogs(config);
      if (catalog) return catalog;
      if (config.url === '/strategy-runs/3') return { status: 200, data: run(3) };
      if (config.url === '/strategy-runs/3/debts') {
        const blocked = config.params?.outcome === 'BLOCKED';
        const rows = blocked
          ? [debt(41, { outcome: 'BLOCKED', reason: 'Fuera del horario de contacto.' })]
          : [debt(40), debt(41, { outcome: 'BLOCKED', reason: 'Fuera del horario de contacto.' })];
        return { status: 200, data: { total: rows.length, data: rows } };
      }
      return { status: 404, data: { message: 'No encontrado' } };
    });
    const { user } = renderApp('/strategies/runs/3');
    await screen.findByRole('heading', { level: 1, name: 'Ejecución N.º 3 de «Pasar a judicial»' });
    const result = screen.getByLabelText('Resultado de la ejecución');
    expect(result).toHaveTextContent('Deudas encontradas153');
    expect(result).toHaveTextContent('Aplicadas150');
    const table = await screen.findByRole('table', { name: 'Deudas de la ejecución' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getAllByRole('link', { name: 'GARCÍA, Ana' })[0]).toHaveAttribute(
      'href',
      '/debts/view/40',
    );

    await pick(
      user,
      screen.getByLabelText(/^Resultado$/, { selector: 'input' }),
      'Bloqueada por las reglas de contacto',
    );
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(requests.at(-1)?.params).toEqual({ outcome: 'BLOCKED', page: 1, pageSize: 20 });
    expect(within(table).getByText('Fuera del horario de contacto.')).toBeInTheDocument();
    // GENERAL reads it; stopping is the ADMIN's.
    expect(screen.queryByRole('button', { name: 'Detener' })).not.toBeInTheDocument();
  });
});
