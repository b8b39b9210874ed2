import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setNavigator } from '../../src/lib/navigation';
import { session } from '../../src/lib/session';
import { renderApp, signInAs } from '../render';
import { debt, debtApi, debtor, fastUser, list, quota, stubScrollIntoView } from './fixtures';

beforeAll(async () => {
  stubScrollIntoView();
  await Promise.all([import('../../src/features/debts/pages'), import('../../src/app/layout/AppLayout')]);
}, 60_000);

afterEach(() => {
  setNavigator(null);
  session.start();
});

const payment = {
  id: 40,
  debtId: 12,
  quotaId: null,
  amount: '200.00',
  paidAt: '2026-01-05',
  method: 'EFECTIVO',
  receiptNumber: null,
  notes: null,
  createdBy: 1,
  createdByName: 'Gabriela Gómez',
  createdAt: '2026-01-05T12:00:00Z',
  updatedAt: '2026-01-05T12:00:00Z',
};

function withRecords() {
  return debtApi((config) => {
    if (config.method !== 'get') return undefined;
    if (config.url === '/quotas') return list([quota(1)]);
    if (config.url === '/payments') return list([payment]);
    return undefined;
  });
}

async function openDebt(path = '/debts/view/12') {
  renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Detalle de deuda' }, { timeout: 3000 });
}

describe('CLIENTE: the debt file read-only', { timeout: 30_000 }, () => {
  it('shows the debt without any action', async () => {
    signInAs('CLIENTE');
    const { requests } = withRecords();
    await openDebt();
    expect(await screen.findByText('Pérez, Juan')).toBeInTheDocument();
    expect(screen.getByText('Solo lectura')).toBeInTheDocument();
    expect(await screen.findByRole('row', { name: 'Cuota 1' })).toBeInTheDocument();
    for (const name of [
      'Editar',
      'Cambiar etapa',
      'Cambiar estado',
      'Pagar la cuota 1',
      'Mora de la cuota 1',
    ]) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('link', { name: 'Editar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Nuevo plan de pagos' })).not.toBeInTheDocument();
    // The agenda is not theirs, nor the debtor's record.
    expect(screen.queryByRole('tab', { name: 'Tareas' })).not.toBeInTheDocument();
    expect(requests.some((r) => r.url === '/debtors/3')).toBe(false);
    // …yet the header shows how to reach the debtor: the debt read embeds phone and e-mail.
    expect(screen.getByRole('link', { name: '11 4567-8901' })).toHaveAttribute('href', 'tel:1145678901');

    await fastUser().click(screen.getByRole('tab', { name: 'Pagos' }));
    expect(await screen.findByRole('row', { name: /Pago de \$ 200,00/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Registrar pago' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Eliminar/ })).not.toBeInTheDocument();
  });

  it("another company's debt (404) says it does not exist or is not theirs", async () => {
    signInAs('CLIENTE');
    debtApi();
    await openDebt('/debts/view/99');
    expect(await screen.findByText('La deuda no existe o no tiene acceso')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir al buscador de deudas' })).toHaveAttribute(
      'href',
      '/debts/search',
    );
  });
});

describe('a debt in dollars', { timeout: 30_000 }, () => {
  it('shows every amount of the file as US$ 1.234,56, never as pesos', async () => {
    signInAs('GENERAL');
    const usd = {
      ...debt,
      currency: 'USD' as const,
      originalAmount: '1234.56',
      balance: '1034.56',
      paidAmount: '200.00',
    };
    debtApi(
      (config) => (config.method === 'get' && config.url === '/payments' ? list([payment]) : undefined),
      { debt: usd },
    );
    await openDebt('/debts/view/12?tab=pagos');
    expect((await screen.findAllByText('US$ 1.234,56')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('US$ 1.034,56').length).toBeGreaterThan(0);
    expect(await screen.findByRole('row', { name: /Pago de US\$ 200,00/ })).toBeInTheDocument();
    expect(screen.queryByText('$ 1.234,56')).not.toBeInTheDocument();
  });
});

describe('delete buttons', { timeout: 30_000 }, () => {
  it.each([
    ['GENERAL', false],
    ['ADMIN', true],
  ] as const)('%s: shown %s', async (role, shown) => {
    signInAs(role);
    withRecords();
    await openDebt('/debts/view/12?tab=pagos');
    const row = await screen.findByRole('row', { name: /Pago de \$ 200,00/ });
    expect(within(row).queryByRole('button', { name: /^Eliminar/ }) !== null).toBe(shown);
    expect(screen.getByRole('button', { name: 'Registrar pago' })).toBeInTheDocument();
  });
});

describe('the top bar search', { timeout: 30_000 }, () => {
  const noMatch = () =>
    debtApi((config) => {
      if (config.url === '/debts/dni/30111222') return list([]);
      if (config.url === '/debtors/dni/30111222') return { status: 404, data: { message: 'No encontrado' } };
      return undefined;
    });

  it('no match: says so and offers to create the debtor and the debt', async () => {
    signInAs('GENERAL');
    noMatch();
    renderApp('/debts/search?search=30111222');
    expect(
      await screen.findByText('No se encontró ningún deudor con DNI/CUIT 30111222.', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Crear deudor y deuda' })).toHaveAttribute(
      'href',
      '/debts/add?dni=30111222',
    );
    expect(screen.getByRole('link', { name: 'Crear solo el deudor' })).toHaveAttribute(
      'href',
      '/debtors/add',
    );
  });

  it('CLIENTE: no match offers nothing to create', async () => {
    signInAs('CLIENTE');
    noMatch();
    renderApp('/debts/search?search=30111222');
    expect(
      await screen.findByText('No se encontró ningún deudor con DNI/CUIT 30111222.', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Crear/ })).not.toBeInTheDocument();
  });

  it("a match shows the debtor's card and every debt with its balance", async () => {
    signInAs('GENERAL');
    debtApi((config) => {
      if (config.url === '/debts/dni/20345678')
        return list([debt, { ...debt, id: 13, companyName: 'Edenor S.A.', balance: '99.90' }]);
      if (config.url === '/debtors/dni/20345678') return { status: 200, data: debtor };
      return undefined;
    });
    renderApp('/debts/search?search=20345678');
    const results = await screen.findByRole(
      'region',
      { name: /Resultado para DNI\/CUIT/ },
      { timeout: 3000 },
    );
    expect(await within(results).findByText('Pérez, Juan')).toBeInTheDocument();
    expect(within(results).getByText('11 5555-1234')).toBeInTheDocument();
    expect(within(results).getByRole('link', { name: 'Abrir deuda N.º 13' })).toHaveTextContent(
      'Edenor S.A.',
    );
    expect(within(results).getByRole('link', { name: 'Abrir deuda N.º 13' })).toHaveTextContent('$ 99,90');
  });
});
