import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setNavigator } from '../../src/lib/navigation';
import { session } from '../../src/lib/session';
import { debtApi, fastUser, list, stubScrollIntoView } from '../debts/fixtures';
import { bodyOf } from '../http';
import { renderApp, signInAs } from '../render';

beforeAll(async () => {
  stubScrollIntoView();
  await Promise.all([import('../../src/features/debts/pages'), import('../../src/app/layout/AppLayout')]);
}, 60_000);

afterEach(() => {
  notifications.clean();
  setNavigator(null);
  session.start();
  vi.restoreAllMocks();
});

const at = '2026-01-10T12:00:00Z';
const payment = (id: number, overrides: object = {}) => ({
  id,
  debtId: 12,
  quotaId: null,
  amount: '500.00',
  paidAt: `2026-01-${id}`,
  method: 'EFECTIVO',
  receiptNumber: null,
  notes: null,
  paidToClient: false,
  settlementId: null,
  createdBy: 1,
  createdByName: 'Gabriela Gómez',
  createdAt: at,
  updatedAt: at,
  ...overrides,
});
const deposit = {
  id: 5,
  debtId: 12,
  amount: '300.00',
  depositedAt: '2026-01-15',
  bank: 'Nación',
  account: null,
  receiptNumber: null,
  notes: null,
  settlementId: 4,
  createdAt: at,
  updatedAt: at,
};

async function openTab(tab: string) {
  renderApp(`/debts/view/12?tab=${tab}`);
  await screen.findByRole('heading', { level: 1, name: 'Detalle de deuda' }, { timeout: 5000 });
}

describe('settled money in the debt file (issue 19)', { timeout: 30_000 }, () => {
  it('marks a settled payment «Rendido» and keeps its delete button disabled, with the reason', async () => {
    signInAs('ADMIN');
    debtApi((config) =>
      config.url === '/payments' && config.method === 'get'
        ? list([payment(20, { settlementId: 4 }), payment(11, { paidToClient: true })])
        : undefined,
    );
    await openTab('pagos');
    const settled = await screen.findByRole('row', { name: 'Pago de $ 500,00 del 20/01/2026' });
    expect(within(settled).getByRole('link', { name: 'Rendido: abrir la rendición' })).toHaveAttribute(
      'href',
      '/settlements/4',
    );
    const locked = within(settled).getByRole('button', {
      name: 'Eliminar Pago de $ 500,00 del 20/01/2026: Ya rendido a la compañía',
    });
    expect(locked).toHaveAttribute('aria-disabled', 'true');
    await fastUser().click(locked);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    const direct = screen.getByRole('row', { name: 'Pago de $ 500,00 del 11/01/2026' });
    expect(direct).toHaveTextContent('Directo al cliente');
    expect(within(direct).queryByText('Rendido')).not.toBeInTheDocument();
    expect(
      within(direct).getByRole('button', { name: 'Eliminar Pago de $ 500,00 del 11/01/2026' }),
    ).not.toHaveAttribute('aria-disabled');
  });

  it('registers a payment paid straight to the client (paidToClient)', async () => {
    signInAs('ADMIN');
    const { requests } = debtApi((config) =>
      config.url === '/payments' && config.method === 'post'
        ? { status: 201, data: payment(12, { paidToClient: true }) }
        : undefined,
    );
    await openTab('pagos');
    const user = fastUser();
    await user.click(await screen.findByRole('button', { name: 'Registrar pago' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registrar pago' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Importe/ }), '500');
    await user.click(within(dialog).getByRole('checkbox', { name: /Pagado directamente al cliente/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'post')).toBe(true));
    expect(bodyOf(requests.find((r) => r.method === 'post'))).toMatchObject({
      debtId: 12,
      amount: '500.00',
      paidToClient: true,
    });
  });

  it('marks a settled deposit «Rendido» and keeps its delete button disabled', async () => {
    signInAs('ADMIN');
    debtApi((config) =>
      config.url === '/deposits' && config.method === 'get' ? list([deposit]) : undefined,
    );
    await openTab('depositos');
    const row = await screen.findByRole('row', { name: 'Depósito de $ 300,00 del 15/01/2026' });
    expect(within(row).getByText('Rendido')).toBeInTheDocument();
    expect(
      within(row).getByRole('button', {
        name: 'Eliminar Depósito de $ 300,00 del 15/01/2026: Ya rendido a la compañía',
      }),
    ).toHaveAttribute('aria-disabled', 'true');
  });
});
