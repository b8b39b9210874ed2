import { STRATEGY_MESSAGES, type StrategyRun } from '@cobranzas/shared';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setNavigator } from '../../src/lib/navigation';
import { session } from '../../src/lib/session';
import { stubScrollIntoView } from '../debts/fixtures';
import { mockApi } from '../http';
import { renderApp, signInAs } from '../render';
import { catalogs, debt, list, run, STRATEGY } from './fixtures';

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

const SAMPLE = {
  total: 153,
  blocked: 2,
  runDate: '2026-11-30',
  data: [
    debt(40),
    debt(41, {
      debtorName: 'LÓPEZ, Juan',
      dni: '28999111',
      owed: '98000.00',
      outcome: 'BLOCKED',
      reason: 'Pidió no ser contactado.',
      actions: ['Pasa a Judicial', 'Se crea la tarea «Demandar»'],
    }),
  ],
};

/** The API of one strategy: its runs as `runs` holds them; run now answers `started`. */
function strategyApi(runs: StrategyRun[], started: { status: number; data: unknown }) {
  return mockApi((config) => {
    const catalog = catalogs(config);
    if (catalog) return catalog;
    if (config.url === '/strategies/5') return { status: 200, data: STRATEGY };
    if (config.url === '/strategy-runs') return list(runs);
    if (config.url === '/strategies/5/dry-run' && config.method === 'post')
      return { status: 200, data: SAMPLE };
    if (config.url === '/strategies/5/run' && config.method === 'post') {
      if (started.status === 201) runs.unshift(started.data as StrategyRun);
      return started;
    }
    return { status: 404, data: { message: 'No encontrado' } };
  });
}

describe('a strategy’s page (issue 36)', { timeout: 40_000 }, () => {
  it('Simular shows how many debts and which; «Ejecutar ahora» confirms with those figures, then follows the run', async () => {
    signInAs('ADMIN');
    const runs = [run(1)];
    const started = run(2, {
      status: 'RUNNING',
      counts: { matched: 153, applied: 40, unchanged: 0, blocked: 1 },
      finishedAt: null,
    });
    const { requests } = strategyApi(runs, { status: 201, data: started });
    const { user } = renderApp('/strategies/view/5');
    await screen.findByRole('heading', { level: 1, name: 'Pasar a judicial' });
    expect(
      await screen.findByText(
        'Todos los días a las 9:00, deudas de Banco del Plata en extrajudicial con 90 días o más de mora: pasan a judicial.',
      ),
    ).toBeInTheDocument();
    const history = screen.getByRole('region', { name: 'Ejecuciones' });
    expect(await within(history).findByText('Ejecutada a mano')).toBeInTheDocument();
    expect(requests.find((r) => r.url === '/strategy-runs')?.params).toMatchObject({
      strategyId: 5,
      sort: 'createdAt',
      order: 'desc',
    });

    await user.click(screen.getByRole('button', { name: 'Simular' }));
    const dry = await screen.findByRole('region', { name: 'Simulación (no cambia nada)' });
    expect(await within(dry).findByText('153 deudas')).toBeInTheDocument();
    expect(within(dry).getByText('2 bloqueadas por las reglas de contacto')).toBeInTheDocument();
    expect(within(dry).getByText(/con las cifras del 30\/11\/2026/)).toBeInTheDocument();
    expect(requests.find((r) => r.url === '/strategies/5/dry-run')?.params).toEqual({
      page: 1,
      pageSize: 20,
    });
    const table = within(dry).getByRole('table', { name: 'Deudas que tomaría la estrategia' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1] as HTMLElement).getByRole('link', { name: 'GARCÍA, Ana' })).toHaveAttribute(
      'href',
      '/debts/view/40',
    );
    expect(within(rows[1] as HTMLElement).getByText('DNI 30.123.456')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('$ 1.234,56')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('$ 98.000,00')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('Se crea la tarea «Demandar»')).toBeInTheDocument();
    expect(
      within(rows[2] as HTMLElement).getByText('Bloqueada por las reglas de contacto'),
    ).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('Pidió no ser contactado.')).toBeInTheDocument();
    // Pages of the whole sample: 153 debts, 20 a page.
    expect(within(dry).getByRole('button', { name: 'Página 8' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Ejecutar ahora' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ejecutar la estrategia ahora' });
    expect(dialog).toHaveTextContent(
      'La última simulación encontró 153 deudas (2 bloqueadas por las reglas de contacto).',
    );
    expect(requests.some((r) => r.url === '/strategies/5/run')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Ejecutar' }));
    await waitFor(() => expect(requests.some((r) => r.url === '/strategies/5/run')).toBe(true));

    // The new run shows its progress and may be stopped, after a confirmation.
    expect(
      await within(history).findByRole('progressbar', { name: 'Progreso de la ejecución N.º 2' }),
    ).toBeInTheDocument();
    expect(within(history).getByText('41 de 153 deudas (27 %)')).toBeInTheDocument();
    expect(within(history).getByRole('link', { name: 'Ver la ejecución N.º 2' })).toHaveAttribute(
      'href',
      '/strategies/runs/2',
    );
    await user.click(within(history).getByRole('button', { name: 'Detener la ejecución N.º 2' }));
    expect(await screen.findByRole('dialog', { name: 'Detener la ejecución' })).toBeInTheDocument();
    expect(requests.some((r) => r.url?.endsWith('/cancel'))).toBe(false);
  });

  it('an inactive strategy: the API’s 409 is shown', async () => {
    signInAs('ADMIN');
    strategyApi([], { status: 409, data: { message: STRATEGY_MESSAGES.inactive } });
    const { user } = renderApp('/strategies/view/5');
    await screen.findByRole('heading', { level: 1, name: 'Pasar a judicial' });
    await user.click(screen.getByRole('button', { name: 'Ejecutar ahora' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ejecutar la estrategia ahora' });
    expect(dialog).toHaveTextContent('Todavía no se simuló');
    await user.click(within(dialog).getByRole('button', { name: 'Ejecutar' }));
    expect(await screen.findByText(STRATEGY_MESSAGES.inactive)).toBeInTheDocument();
  });

  it('GENERAL reads the strategy and its runs, with no button that writes', async () => {
    signInAs('GENERAL');
    strategyApi([run(1, { status: 'RUNNING', finishedAt: null })], { status: 403, data: {} });
    renderApp('/strategies/view/5');
    await screen.findByRole('heading', { level: 1, name: 'Pasar a judicial' });
    const history = screen.getByRole('region', { name: 'Ejecuciones' });
    expect(await within(history).findByText('Ejecutada a mano')).toBeInTheDocument();
    for (const name of ['Editar', 'Simular', 'Ejecutar ahora'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Editar' })).not.toBeInTheDocument();
    expect(within(history).queryByRole('button', { name: /Detener/ })).not.toBeInTheDocument();
  });
});
