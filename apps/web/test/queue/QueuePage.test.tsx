import type { QueueItem } from '@cobranzas/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { QueueView } from '../../src/features/queue/QueueView';
import { setNavigator } from '../../src/lib/navigation';
import { session } from '../../src/lib/session';
import { EMPTY_COLLECTION_DAY, EMPTY_KPI } from '../dashboard';
import { debt, debtApi, fastUser, list, stubScrollIntoView } from '../debts/fixtures';
import { renderApp, signInAs } from '../render';

beforeAll(async () => {
  stubScrollIntoView();
  await Promise.all([
    import('../../src/features/queue/pages'),
    import('../../src/features/debts/pages'),
    import('../../src/app/layout/AppLayout'),
  ]);
}, 60_000);

afterEach(() => {
  setNavigator(null);
  session.start();
});

function item(id: number, lastName: string, reasons: QueueItem['reasons'], score: number): QueueItem {
  return {
    debt: { ...debt, id, reference: `CTA-${id}`, debtor: { ...debt.debtor, dni: `2000000${id}`, lastName } },
    // What it owes today (interest included), not its stored balance of 1500.00.
    owed: '1873.42',
    reasons,
    score,
    attempts: { today: 0, week: 0, maxPerDay: null, maxPerWeek: null },
  };
}

const ITEMS: QueueItem[] = [
  item(
    21,
    'Gómez',
    [
      { code: 'PROMESA_INCUMPLIDA', label: 'Promesa incumplida del 20/11/2026 ($ 5.000,00)' },
      { code: 'SIN_CONTACTO', label: 'Sin contacto hace 9 días' },
    ],
    65,
  ),
  {
    ...item(22, 'López', [{ code: 'CUOTA_VENCIDA', label: 'Cuota vencida el 01/11/2026' }], 36),
    attempts: { today: 1, week: 2, maxPerDay: 3, maxPerWeek: null },
  },
  item(23, 'Martínez', [{ code: 'SIN_CONTACTO', label: 'Nunca contactada' }], 36),
];

const COLLECTORS = [
  { id: 8, name: 'Gabriela Gómez', role: 'GENERAL' },
  { id: 9, name: 'Hugo Ibarra', role: 'GENERAL' },
];

/** GET /queue answers `items` with `total`; every request is recorded. */
function queueApi(
  items: QueueItem[],
  total = items.length,
  reply?: (c: InternalAxiosRequestConfig) => unknown,
) {
  return debtApi((config) => {
    if (config.method !== 'get') return undefined;
    if (config.url === '/queue')
      return (
        (reply?.(config) as { status: number; data?: unknown } | undefined) ?? {
          status: 200,
          data: { data: items, total, page: 1, limit: 25 },
        }
      );
    if (config.url === '/users') return list(COLLECTORS);
    if (config.url === '/report/collection-day') return { status: 200, data: EMPTY_COLLECTION_DAY };
    if (config.url === '/report/general-kpi') return { status: 200, data: EMPTY_KPI };
    return undefined;
  });
}

const queueCalls = (requests: InternalAxiosRequestConfig[]) => requests.filter((r) => r.url === '/queue');
const rowOf = (name: RegExp) => screen.getByRole('row', { name });
const heading = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 5000 });

describe('«Mi cola» (issue 18)', { timeout: 30_000 }, () => {
  it('lists the collector’s queue, best first, with its reasons and score, and how many are left', async () => {
    signInAs('GENERAL');
    const { requests } = queueApi(ITEMS, 7);
    renderApp('/queue');
    await heading('Mi cola');
    expect(await screen.findByText('Quedan 7 para hoy')).toBeInTheDocument();
    const first = rowOf(/Abrir deuda N\.º 21/);
    expect(within(first).getByText('Gómez, Juan')).toBeInTheDocument();
    expect(within(first).getByText('200.000.021')).toBeInTheDocument();
    expect(within(first).getByText('CTA-21')).toBeInTheDocument();
    expect(within(first).getByText('Frávega S.A.')).toBeInTheDocument();
    // The amount owed today, the same figure as the debt's file: never the stored balance.
    expect(within(first).getByText('$ 1.873,42')).toBeInTheDocument();
    expect(within(first).queryByText('$ 1.500,00')).toBeNull();
    expect(within(first).getByText('Promesa incumplida del 20/11/2026 ($ 5.000,00)')).toBeInTheDocument();
    expect(within(first).getByText('Sin contacto hace 9 días')).toBeInTheDocument();
    expect(within(first).getByText('65')).toBeInTheDocument();
    expect(within(rowOf(/Abrir deuda N\.º 22/)).getByText('Cuota vencida el 01/11/2026')).toBeInTheDocument();
    // The debtor's attempts, against the company's caps where it set them.
    expect(within(first).getByText('Hoy 0')).toBeInTheDocument();
    expect(within(first).getByText('Semana 0')).toBeInTheDocument();
    expect(within(rowOf(/Abrir deuda N\.º 22/)).getByText('Hoy 1 de 3')).toBeInTheDocument();
    expect(within(rowOf(/Abrir deuda N\.º 22/)).getByText('Semana 2')).toBeInTheDocument();
    // A GENERAL sees his own queue: no collector to choose, no userId sent.
    expect(screen.queryByRole('combobox', { name: 'Cola de' })).not.toBeInTheDocument();
    expect(queueCalls(requests)[0]?.params).toEqual({ page: 1, limit: 25 });
  });

  it('↑/↓ move the highlighted row, Enter opens the contact dialog (and from it the debt file); back on the queue, it is asked again', async () => {
    signInAs('GENERAL');
    const { requests } = queueApi(ITEMS);
    const { router } = renderApp('/queue');
    await screen.findByText('Quedan 3 para hoy');
    const rows = () => ITEMS.map((i) => rowOf(new RegExp(`Abrir deuda N\\.º ${i.debt.id}`)));
    expect(rows()[0]).toHaveAttribute('data-highlighted', 'true');

    fireEvent.keyDown(document.body, { key: 'ArrowDown' });
    await waitFor(() => expect(rows()[1]).toHaveAttribute('data-highlighted', 'true'));
    expect(rows()[1]).toHaveFocus();
    expect(rows()[0]).not.toHaveAttribute('data-highlighted');
    fireEvent.keyDown(rows()[1] as HTMLElement, { key: 'ArrowDown' });
    await waitFor(() => expect(rows()[2]).toHaveFocus());
    fireEvent.keyDown(rows()[2] as HTMLElement, { key: 'ArrowDown' });
    expect(rows()[2]).toHaveAttribute('data-highlighted', 'true');
    fireEvent.keyDown(rows()[2] as HTMLElement, { key: 'ArrowUp' });
    await waitFor(() => expect(rows()[1]).toHaveFocus());

    const before = queueCalls(requests).length;
    // Enter opens the one-step contact dialog on that debt; from it, the debt file.
    fireEvent.keyDown(rows()[1] as HTMLElement, { key: 'Enter' });
    const working = await screen.findByRole('region', { name: 'Deuda en gestión' });
    expect(working).toHaveTextContent('López, Juan · DNI 200.000.022');
    expect(working).toHaveTextContent('Cuota vencida el 01/11/2026');
    fireEvent.click(within(working).getByRole('button', { name: 'Abrir la ficha de la deuda' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/debts/view/22'));
    await router.navigate(-1);
    await screen.findByText('Quedan 3 para hoy');
    await waitFor(() => expect(queueCalls(requests).length).toBeGreaterThan(before));
  });

  it('Enter on the page works the highlighted row through onWork (the contact dialog’s hook)', async () => {
    signInAs('GENERAL');
    queueApi(ITEMS);
    const onWork = vi.fn();
    const { router } = renderApp('/');
    router.patchRoutes('pages', [{ path: '/cola-prueba', Component: () => <QueueView onWork={onWork} /> }]);
    await router.navigate('/cola-prueba');
    await screen.findByText('Quedan 3 para hoy');
    fireEvent.keyDown(document.body, { key: 'Enter' });
    expect(onWork).toHaveBeenCalledWith(21);
    await fastUser().click(within(rowOf(/Abrir deuda N\.º 23/)).getByText('CTA-23'));
    expect(onWork).toHaveBeenLastCalledWith(23);
    expect(router.state.location.pathname).toBe('/cola-prueba');
  });

  it('keys typed in a field are the field’s', async () => {
    signInAs('ADMIN');
    queueApi(ITEMS);
    renderApp('/queue');
    await screen.findByText('Quedan 3 para hoy');
    const select = screen.getByRole('combobox', { name: 'Cola de' });
    fireEvent.keyDown(select, { key: 'ArrowDown' });
    expect(rowOf(/Abrir deuda N\.º 21/)).toHaveAttribute('data-highlighted', 'true');
  });

  it('empty: nothing to work now', async () => {
    signInAs('GENERAL');
    queueApi([], 0);
    renderApp('/queue');
    expect(await screen.findByText('No hay deudas para trabajar ahora.')).toBeInTheDocument();
    expect(screen.getByText(/¡Buen trabajo!/)).toBeInTheDocument();
    expect(screen.getByText('Quedan 0 para hoy')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('a failed load says so and offers to retry', async () => {
    signInAs('GENERAL');
    queueApi([], 0, () => ({ status: 500, data: { message: 'Error interno del servidor.' } }));
    renderApp('/queue');
    expect(await screen.findByText('No se pudieron cargar los datos')).toBeInTheDocument();
    expect(screen.getByText('Error interno del servidor.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });

  it('an ADMIN sees his own queue first and may choose a collector’s (?userId=)', async () => {
    signInAs('ADMIN');
    const { requests } = queueApi(ITEMS);
    const { router } = renderApp('/queue');
    const select = await screen.findByRole('combobox', { name: 'Cola de' });
    expect(select).toHaveValue('Ana Pérez (yo)');
    expect(queueCalls(requests)[0]?.params).toEqual({ page: 1, limit: 25 });
    await fastUser().click(select);
    await fastUser().click(await screen.findByRole('option', { name: 'Hugo Ibarra', hidden: true }));
    await waitFor(() => expect(router.state.location.search).toBe('?userId=9'));
    await waitFor(() =>
      expect(queueCalls(requests).at(-1)?.params).toEqual({ page: 1, limit: 25, userId: '9' }),
    );
  });

  it('a CLIENTE has no queue', async () => {
    signInAs('CLIENTE');
    queueApi(ITEMS);
    renderApp('/queue');
    expect(await screen.findByText('No tiene permisos para ingresar aqui')).toBeInTheDocument();
  });
});

describe('«Inicio» of a GENERAL user is his queue (issue 18)', { timeout: 30_000 }, () => {
  it('/ keeps the title Inicio and shows the queue, with the dashboard one link away', async () => {
    signInAs('GENERAL');
    queueApi(ITEMS);
    const { router } = renderApp('/');
    await heading('Inicio');
    expect(await screen.findByText('Quedan 3 para hoy')).toBeInTheDocument();
    // His day's promises above his queue.
    expect(await screen.findByRole('region', { name: 'Promesas de hoy' })).toHaveTextContent(
      'Ninguna vence hoy',
    );
    await fastUser().click(screen.getByRole('link', { name: 'Ver el tablero' }));
    await waitFor(() => expect(router.state.location.search).toBe('?vista=tablero'));
    expect(await screen.findByRole('link', { name: 'Ver mi cola' })).toHaveAttribute('href', '/queue');
    expect(screen.queryByText('Quedan 3 para hoy')).not.toBeInTheDocument();
  });

  it('an ADMIN keeps the dashboard at /', async () => {
    signInAs('ADMIN');
    const { requests } = queueApi(ITEMS);
    renderApp('/');
    await heading('Inicio');
    expect(screen.queryByRole('link', { name: 'Ver mi cola' })).not.toBeInTheDocument();
    expect(queueCalls(requests)).toHaveLength(0);
  });
});
