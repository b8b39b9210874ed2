import type { CollectionDay } from '@cobranzas/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setNavigator } from '../../src/lib/navigation';
import { session } from '../../src/lib/session';
import { EMPTY_COLLECTION_DAY, quietApi } from '../dashboard';
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

const ADMIN_DAY: CollectionDay = {
  ...EMPTY_COLLECTION_DAY,
  promisesToday: { count: 3, amount: '1234.56' },
  promisesBroken: { count: 2, amount: '550.00', since: '2026-10-27' },
  collectors: [
    {
      userId: 7,
      name: 'Lucía Gómez',
      contactsToday: 12,
      contactsMonth: 1340,
      promisesTaken: 9,
      promisesKept: 2,
      promisesDecided: 3,
      keptPercent: '66.67',
      collected: '98765.40',
    },
    {
      userId: 8,
      name: 'Pablo Ruiz',
      contactsToday: 0,
      contactsMonth: 0,
      promisesTaken: 0,
      promisesKept: 0,
      promisesDecided: 0,
      keptPercent: null,
      collected: '0.00',
    },
  ],
};

function open(role: 'ADMIN' | 'GENERAL', day: CollectionDay, offers: unknown[] = []) {
  signInAs(role);
  const api = mockApi((config) => {
    if (config.url === '/report/collection-day') return { status: 200, data: day };
    if (config.url === '/offers')
      return { status: 200, data: { data: offers, total: offers.length, page: 1, limit: 10 } };
    return quietApi(config);
  });
  renderApp('/');
  return api;
}

describe('the collectors’ day on the dashboard (issue 18)', { timeout: 30_000 }, () => {
  it('shows the promises of today and the broken ones in es-AR figures', async () => {
    open('ADMIN', ADMIN_DAY);
    // While the call runs the same two cards stand there, «Cargando…»: wait for the figures.
    await screen.findByText('$ 1.234,56 prometidos para hoy', undefined, { timeout: 5000 });
    const today = screen.getByRole('region', { name: 'Promesas de hoy' });
    expect(today).toHaveTextContent('3');
    expect(today).toHaveTextContent('$ 1.234,56 prometidos para hoy');
    const broken = screen.getByRole('region', { name: 'Promesas incumplidas' });
    expect(broken).toHaveTextContent('$ 550,00 desde el 27/10/2026');
  });

  it('gives an ADMIN a row per collector, kept promises as «2 de 3 (66,67 %)»', async () => {
    open('ADMIN', ADMIN_DAY);
    const table = await screen.findByRole('table', { name: 'Equipo de cobranza' }, { timeout: 5000 });
    const [, lucia, pablo] = within(table).getAllByRole('row');
    expect(lucia).toHaveTextContent('Lucía Gómez');
    expect(lucia).toHaveTextContent('1.340');
    expect(lucia).toHaveTextContent('2 de 3 (66,67 %)');
    expect(lucia).toHaveTextContent('$ 98.765,40');
    expect(within(lucia as HTMLElement).getByRole('link', { name: 'Lucía Gómez' })).toHaveAttribute(
      'href',
      '/queue?userId=7',
    );
    expect(pablo).toHaveTextContent('—');
  });

  it('shows no collectors table to a GENERAL user, and says when nothing is due', async () => {
    const { requests } = open('GENERAL', EMPTY_COLLECTION_DAY);
    await screen.findByText('Ninguna vence hoy', undefined, { timeout: 5000 });
    const today = screen.getByRole('region', { name: 'Promesas de hoy' });
    expect(today).toHaveTextContent('Ninguna vence hoy');
    expect(screen.queryByRole('table', { name: 'Equipo de cobranza' })).toBeNull();
    expect(requests.some((r) => r.url === '/report/collection-day')).toBe(true);
  });

  it('lists the offers waiting for an ADMIN, each linking to its debt’s offers', async () => {
    const offer = {
      id: 4,
      debtId: 31,
      userId: 7,
      userName: 'Lucía Gómez',
      balance: '10000.00',
      amount: '6000.00',
      discount: '4000.00',
      discountPercent: '40.00',
      quotas: 3,
      downPayment: '2000.00',
      firstDueDate: '2026-12-01',
      notes: null,
      status: 'PENDIENTE',
      reasons: ['La quita supera el 30 % que permite la compañía.'],
      debtReference: 'TC-9',
      debtorName: 'Núñez, Ana',
      companyName: 'Frávega S.A.',
      currency: 'ARS',
      createdAt: '2026-11-20T15:00:00Z',
    };
    const { requests } = open('ADMIN', ADMIN_DAY, [offer]);
    const table = await screen.findByRole(
      'table',
      { name: 'Ofertas pendientes de aprobación (1)' },
      { timeout: 5000 },
    );
    const [, row] = within(table).getAllByRole('row');
    expect(row).toHaveTextContent('Frávega S.A.');
    expect(row).toHaveTextContent('$ 6.000,00 en 3 cuotas');
    expect(row).toHaveTextContent('40 %');
    expect(within(row as HTMLElement).getByRole('link', { name: 'Núñez, Ana' })).toHaveAttribute(
      'href',
      '/debts/view/31?tab=ofertas',
    );
    expect(requests.find((r) => r.url === '/offers')?.params).toMatchObject({ status: 'PENDIENTE' });
  });

  it('starts the cards’ calls with the figures’, not after them', async () => {
    signInAs('ADMIN');
    const { requests } = mockApi((config) =>
      // The figures never come: the cards under them are asked for all the same.
      config.url === '/report/general-kpi' ? new Promise(() => {}) : quietApi(config),
    );
    renderApp('/');
    await vi.waitFor(
      () => {
        const urls = requests.map((r) => r.url);
        expect(urls).toContain('/report/collection-day');
        expect(urls).toContain('/offers');
        expect(urls).toContain('/report/to-settle');
      },
      { timeout: 5000 },
    );
    expect(screen.queryByRole('table', { name: 'Equipo de cobranza' })).toBeNull();
  });

  it('keeps a long team in a region of its own that the keyboard can scroll', async () => {
    const collector = ADMIN_DAY.collectors?.[1];
    if (!collector) throw new Error('ADMIN_DAY sin cobradores');
    const collectors = Array.from({ length: 200 }, (_, i) => ({
      ...collector,
      userId: 100 + i,
      name: `Gestor ${i + 1}`,
    }));
    open('ADMIN', { ...ADMIN_DAY, collectors });
    const table = await screen.findByRole('table', { name: 'Equipo de cobranza' }, { timeout: 5000 });
    // The first rows come with the card, the rest right after (lib/useProgressive).
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(201));
    const frame = screen.getByRole('region', { name: 'Equipo de cobranza' });
    expect(frame).toContainElement(table);
    expect(frame).toHaveAttribute('tabindex', '0');
    expect(frame.style.maxHeight).toBe('20rem');
  });
});
