import type { CollectorLoad } from '@cobranzas/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setNavigator } from '../../src/lib/navigation';
import { session } from '../../src/lib/session';
import { mockApi } from '../http';
import { renderApp, signInAs } from '../render';

beforeAll(async () => {
  await Promise.all([
    import('../../src/features/collectors/pages'),
    import('../../src/app/layout/AppLayout'),
  ]);
}, 60_000);

afterEach(() => {
  setNavigator(null);
  session.start();
});

const LOAD: CollectorLoad[] = [
  {
    userId: 8,
    name: 'Gabriela Gómez',
    role: 'GENERAL',
    active: true,
    debts: 1523,
    balances: [
      { currency: 'ARS', debts: 1520, balance: '1234567.89' },
      { currency: 'USD', debts: 3, balance: '300.00' },
    ],
  },
  { userId: 9, name: 'Hugo Ibarra', role: 'GENERAL', active: true, debts: 0, balances: [] },
  {
    userId: 10,
    name: 'Inés Juárez',
    role: 'GENERAL',
    active: false,
    debts: 2,
    balances: [{ currency: 'ARS', debts: 2, balance: '500.50' }],
  },
  {
    userId: null,
    name: null,
    role: null,
    active: null,
    debts: 40,
    balances: [{ currency: 'ARS', debts: 40, balance: '99000.00' }],
  },
];

function loadApi(reply: { status: number; data?: unknown } = { status: 200, data: { data: LOAD } }) {
  return mockApi((config) =>
    config.url === '/collectors/load'
      ? reply
      : { status: 200, data: { data: [], total: 0, page: 1, limit: 25 } },
  );
}

const rowOf = (name: string) => screen.getByRole('row', { name: `Carga de ${name}` });

describe('«Carga de cobradores» (issue 18)', { timeout: 30_000 }, () => {
  it('shows each collector’s open debts and balance in es-AR money, with links to his queue and debts', async () => {
    signInAs('ADMIN');
    const { requests } = loadApi();
    renderApp('/collectors');
    await screen.findByRole('heading', { level: 1, name: 'Carga de cobradores' }, { timeout: 5000 });
    const gabriela = await screen.findByRole('row', { name: 'Carga de Gabriela Gómez' });
    expect(within(gabriela).getByText('1.523')).toBeInTheDocument();
    expect(within(gabriela).getByText('$ 1.234.567,89')).toBeInTheDocument();
    expect(within(gabriela).getByText('US$ 300,00')).toBeInTheDocument();
    expect(within(gabriela).getByRole('link', { name: 'Ver cola' })).toHaveAttribute(
      'href',
      '/queue?userId=8',
    );
    expect(within(gabriela).getByRole('link', { name: 'Ver deudas' })).toHaveAttribute(
      'href',
      '/debts/search?assignedUserId=8',
    );
    const hugo = rowOf('Hugo Ibarra');
    expect(within(hugo).getByText('0')).toBeInTheDocument();
    expect(within(hugo).getByText('$ 0,00')).toBeInTheDocument();
    expect(within(rowOf('Inés Juárez')).getByText('Inactivo')).toBeInTheDocument();
    const nobody = rowOf('Sin asignar');
    expect(within(nobody).getByText('40')).toBeInTheDocument();
    expect(within(nobody).getByText('$ 99.000,00')).toBeInTheDocument();
    expect(within(nobody).queryByRole('link')).not.toBeInTheDocument();
    expect(requests.filter((r) => r.url === '/collectors/load')).toHaveLength(1);
  });

  it('a failed load says so', async () => {
    signInAs('ADMIN');
    loadApi({ status: 500, data: { message: 'Error interno del servidor.' } });
    renderApp('/collectors');
    expect(await screen.findByText('No se pudieron cargar los datos')).toBeInTheDocument();
    expect(screen.getByText('Error interno del servidor.')).toBeInTheDocument();
  });

  it('is for an ADMIN only: a GENERAL user is refused', async () => {
    signInAs('GENERAL');
    const { requests } = loadApi();
    renderApp('/collectors');
    expect(await screen.findByText('No tiene permisos para ingresar aqui')).toBeInTheDocument();
    expect(requests.filter((r) => r.url === '/collectors/load')).toHaveLength(0);
  });
});
