import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setNavigator } from '../../src/lib/navigation';
import { session } from '../../src/lib/session';
import { mockApi } from '../http';
import { renderApp, signInAs } from '../render';
import { catalogs, list, STRATEGY } from './fixtures';

beforeAll(async () => {
  await Promise.all([
    import('../../src/features/strategies/pages'),
    import('../../src/app/layout/AppLayout'),
  ]);
}, 60_000);

afterEach(() => {
  setNavigator(null);
  session.start();
});

const api = (rows: unknown[]) =>
  mockApi((config) => catalogs(config) ?? (config.url === '/strategies' ? list(rows) : list([])));

describe('the strategies list (issue 36)', { timeout: 30_000 }, () => {
  it('says what each does, whether it is active and how its last run went; a row opens it', async () => {
    signInAs('ADMIN');
    api([
      { ...STRATEGY, lastRunAt: '2026-11-30T12:00:00.000Z', lastRunStatus: 'DONE' },
      { ...STRATEGY, id: 6, name: 'Asignar nuevas', active: false, trigger: 'AFTER_IMPORT', runAt: null },
    ]);
    const { user, router } = renderApp('/strategies/list');
    await screen.findByRole('heading', { level: 1, name: 'Estrategias' });
    const row = (await screen.findByText('Pasar a judicial')).closest('tr') as HTMLElement;
    expect(
      within(row).getByText(
        'Todos los días a las 9:00, deudas de Banco del Plata en extrajudicial con 90 días o más de mora: pasan a judicial.',
      ),
    ).toBeInTheDocument();
    expect(within(row).getByText('Activa')).toBeInTheDocument();
    expect(within(row).getByText('30/11/2026, 09:00')).toBeInTheDocument();
    expect(within(row).getByText('Terminada')).toBeInTheDocument();
    const other = screen.getByText('Asignar nuevas').closest('tr') as HTMLElement;
    expect(within(other).getByText('Inactiva')).toBeInTheDocument();
    expect(within(other).getByText('Después de importar una cartera')).toBeInTheDocument();
    expect(within(other).getByText('Nunca')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Nueva estrategia' })).toHaveAttribute(
      'href',
      '/strategies/add',
    );
    await user.click(row);
    expect(router.state.location.pathname).toBe('/strategies/view/5');
  });

  it('empty, and without «Nueva estrategia» for GENERAL', async () => {
    signInAs('GENERAL');
    api([]);
    renderApp('/strategies/list');
    expect(await screen.findByText(/Todavía no hay estrategias\./)).toBeInTheDocument();
    expect(
      within(screen.getByRole('main')).queryByRole('link', { name: 'Nueva estrategia' }),
    ).not.toBeInTheDocument();
  });
});
