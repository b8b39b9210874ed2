import type { ContactContext, QueueItem } from '@cobranzas/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { QueueView } from '../../src/features/queue/QueueView';
import { setNavigator } from '../../src/lib/navigation';
import { session } from '../../src/lib/session';
import { setViewportWidth } from '../browser';
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
  setViewportWidth(1366);
});

function item(id: number, lastName: string, reasons: QueueItem['reasons'], score: number): QueueItem {
  return {
    debt: { ...debt, id, reference: `CTA-${id}`, debtor: { ...debt.debtor, dni: `2000000${id}`, lastName } },
    // What it owes today (interest included), not its stored balance of 1500.00.
    owed: '1873.42',
    reasons,
    score,
    attempts: { today: 0, week: 0, maxPerDay: null, maxPerWeek: null },
    callableNow: true,
    notCallable: null,
  };
}

/** A debt that cannot be called now (DESIGN.md §11.2): why, and what can still be done. */
function notCallable(
  id: number,
  lastName: string,
  why: NonNullable<QueueItem['notCallable']>,
  email: string | null = null,
): QueueItem {
  const base = item(id, lastName, [{ code: 'SIN_CONTACTO', label: 'Nunca contactada' }], 36);
  return {
    ...base,
    debt: { ...base.debt, debtorId: 100 + id, debtor: { ...base.debt.debtor, id: 100 + id, email } },
    callableNow: false,
    notCallable: why,
  };
}

const NO_PHONE = notCallable(
  31,
  'Quiroga',
  {
    code: 'NO_PHONE',
    label: 'Sin teléfono disponible',
    alternatives: ['FIND_PHONE', 'EMAIL', 'LETTER', 'TASK'],
  },
  'quiroga@correo.example',
);
const OUTSIDE = notCallable(32, 'Romero', {
  code: 'OUTSIDE_HOURS',
  label: 'Fuera del horario de contacto (08:00 a 12:00)',
  alternatives: ['TASK', 'LETTER'],
});

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

/** The contact dialog's context of a debt: a phone of its own, inside the agency's hours. */
const contextOf = (config: InternalAxiosRequestConfig): ContactContext => ({
  debtId: Number((config.params as { debtId: number }).debtId),
  debtorId: 3,
  channels: [{ channel: 'PHONE', value: '11 5555-1234', owner: 'DEUDOR', closedOn: null }],
  hours: { days: [1, 2, 3, 4, 5], from: '08:00', to: '20:00' },
  companyHours: false,
  insideHours: true,
  attempts: { today: 0, week: 0, maxPerDay: null, maxPerWeek: null },
  currency: 'ARS',
  disputedOn: null,
  suggestedEventTypeId: null,
});

const COLLECTORS = [
  { id: 8, name: 'Gabriela Gómez', role: 'GENERAL' },
  { id: 9, name: 'Hugo Ibarra', role: 'GENERAL' },
];

/** GET /queue answers `items` with `total` (`callableTotal`: those callable); every request is recorded. */
function queueApi(
  items: QueueItem[],
  total = items.length,
  reply?: (c: InternalAxiosRequestConfig) => unknown,
  callableTotal = total - items.filter((i) => !i.callableNow).length,
) {
  return debtApi((config) => {
    if (config.method !== 'get') return undefined;
    if (config.url === '/queue')
      return (
        (reply?.(config) as { status: number; data?: unknown } | undefined) ?? {
          status: 200,
          data: { data: items, total, callableTotal, page: 1, limit: 25 },
        }
      );
    if (config.url === '/users') return list(COLLECTORS);
    if (config.url === '/report/collection-day') return { status: 200, data: EMPTY_COLLECTION_DAY };
    if (config.url === '/report/general-kpi') return { status: 200, data: EMPTY_KPI };
    if (config.url === '/contacts/context') return { status: 200, data: contextOf(config) };
    if (config.url === '/letter-templates')
      return list([{ id: 1, code: 'intimacion', name: 'Intimación de pago', kind: 'INTIMACION' }]);
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

  it('«Prescribe pronto» (issue 37) is one of the reasons, in orange like the header’s date', async () => {
    signInAs('GENERAL');
    const label = 'Prescribe el 15/01/2027';
    queueApi([item(24, 'Suárez', [{ code: 'PRESCRIBE_PRONTO', label }], 48)]);
    renderApp('/queue');
    await heading('Mi cola');
    const row = await screen.findByRole('row', { name: /Abrir deuda N\.º 24/ });
    expect(within(row).getByText(label)).toHaveAttribute('data-tone', 'orange');
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
    // Back from the lazily loaded debt file: on a busy machine this takes more than the usual 5 s.
    await screen.findByText('Quedan 3 para hoy', {}, { timeout: 15_000 });
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

describe('«Mi cola» never goes silent (issue 32, DESIGN.md §11.2)', { timeout: 30_000 }, () => {
  it('callable first; below, those that cannot be called now, each with why and what can still be done', async () => {
    signInAs('GENERAL');
    queueApi([...ITEMS, NO_PHONE, OUTSIDE], 47, undefined, 12);
    const { user } = { user: fastUser() };
    renderApp('/queue');
    expect(await screen.findByText('Quedan 47 para hoy')).toBeInTheDocument();
    expect(screen.getByText('12 se pueden llamar ahora · 35 necesitan otra gestión')).toBeInTheDocument();
    const callable = screen.getByRole('region', { name: 'Para llamar ahora (12)' });
    const others = screen.getByRole('region', { name: 'No se pueden llamar ahora (35)' });
    // The callable part comes first on the page.
    expect(callable.compareDocumentPosition(others) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(callable).getAllByRole('row', { name: /^Abrir deuda/ })).toHaveLength(3);
    expect(within(others).queryByRole('row', { name: /^Abrir deuda/ })).toBeNull();

    const quiroga = within(others).getByRole('row', { name: /Quiroga/ });
    expect(within(quiroga).getByText('Sin teléfono disponible')).toBeInTheDocument();
    expect(within(quiroga).getByText('Nunca contactada')).toBeInTheDocument();
    expect(within(quiroga).getByRole('link', { name: 'Buscar teléfono (Quiroga, Juan)' })).toHaveAttribute(
      'href',
      '/debtors/edit/131',
    );
    expect(within(quiroga).getByRole('link', { name: 'Escribir correo (Quiroga, Juan)' })).toHaveAttribute(
      'href',
      'mailto:quiroga@correo.example',
    );
    expect(within(quiroga).getByRole('link', { name: 'Agendar tarea (Quiroga, Juan)' })).toHaveAttribute(
      'href',
      '/debts/view/31?tab=tareas',
    );

    // The keys stay on the callable rows: ↓ from the last one does not leave it.
    const last = within(callable).getByRole('row', { name: /Abrir deuda N\.º 23/ });
    last.focus();
    await waitFor(() => expect(last).toHaveAttribute('data-highlighted', 'true'));
    fireEvent.keyDown(last, { key: 'ArrowDown' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(last).toHaveAttribute('data-highlighted', 'true');
    expect(last).toHaveFocus();

    await user.click(within(quiroga).getByRole('button', { name: 'Generar carta (Quiroga, Juan)' }));
    expect(await screen.findByRole('menuitem', { name: 'Intimación de pago' })).toBeInTheDocument();
    await user.keyboard('{Escape}');

    const romero = within(others).getByRole('row', { name: /Romero/ });
    expect(within(romero).getByText('Fuera del horario de contacto (08:00 a 12:00)')).toBeInTheDocument();
    expect(within(romero).queryByRole('link', { name: /Buscar teléfono/ })).toBeNull();
    expect(within(romero).queryByRole('link', { name: /Escribir correo/ })).toBeNull();

    // Another kind of contact (a visit, a letter sent) is logged from the same dialog, which says why not a call.
    await user.click(within(romero).getByRole('button', { name: 'Registrar gestión (Romero, Juan)' }));
    const working = await screen.findByRole('region', { name: 'Deuda en gestión' });
    expect(working).toHaveTextContent('Romero, Juan');
    expect(working).toHaveTextContent(
      'Ahora no se puede llamar: Fuera del horario de contacto (08:00 a 12:00).',
    );
  });

  it('nothing callable now: the queue says so and lists them, without «¡Buen trabajo!»', async () => {
    signInAs('GENERAL');
    queueApi([NO_PHONE, OUTSIDE], 2, undefined, 0);
    renderApp('/queue');
    expect(await screen.findByText('Quedan 2 para hoy')).toBeInTheDocument();
    expect(screen.getByText('0 se pueden llamar ahora · 2 necesitan otra gestión')).toBeInTheDocument();
    expect(screen.getByText(/Ahora no se puede llamar a ninguna/)).toBeInTheDocument();
    expect(screen.queryByText(/¡Buen trabajo!/)).toBeNull();
    expect(screen.queryByText('No hay deudas para trabajar ahora.')).toBeNull();
    expect(screen.queryByRole('region', { name: /Para llamar ahora/ })).toBeNull();
    expect(screen.getByRole('region', { name: 'No se pueden llamar ahora (2)' })).toBeInTheDocument();
    // No keys to tell when there is no row to call.
    expect(screen.queryByText(/Con ↑ y ↓/)).toBeNull();
  });

  it('on a phone (390 px): cards without a sideways table and without keyboard tips', async () => {
    setViewportWidth(390);
    signInAs('GENERAL');
    queueApi([...ITEMS, NO_PHONE], 4, undefined, 3);
    renderApp('/queue');
    expect(await screen.findByText('Quedan 4 para hoy')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText(/Con ↑ y ↓/)).toBeNull();
    const card = screen.getByRole('article', { name: 'Deuda N.º 22 de López, Juan' });
    // Everything a row says: balance, reasons, attempts and score.
    expect(card).toHaveTextContent('$ 1.873,42');
    expect(card).toHaveTextContent('DNI 200.000.022 · Frávega S.A. · CTA-22');
    expect(within(card).getByText('Cuota vencida el 01/11/2026')).toBeInTheDocument();
    expect(card).toHaveTextContent('Intentos: hoy 1 de 3 · semana 2 · Puntaje 36');
    const other = screen.getByRole('article', { name: 'Deuda N.º 31 de Quiroga, Juan' });
    expect(within(other).getByText('Sin teléfono disponible')).toBeInTheDocument();
    expect(within(other).getByRole('link', { name: 'Buscar teléfono (Quiroga, Juan)' })).toBeInTheDocument();
    await fastUser().click(within(card).getByRole('button', { name: 'Registrar gestión (López, Juan)' }));
    expect(await screen.findByRole('region', { name: 'Deuda en gestión' })).toHaveTextContent('López, Juan');
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
