import { MESSAGES } from '@cobranzas/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setNavigator } from '../../src/lib/navigation';
import { session } from '../../src/lib/session';
import { bodyOf } from '../http';
import { renderApp, signInAs } from '../render';
import { debt, debtApi, fastUser, list, quota, stubScrollIntoView } from './fixtures';

/** Issue 14, point 3 in the debt file: status changes, undoing a quota's payment, closed debts. */

beforeAll(async () => {
  stubScrollIntoView();
  await Promise.all([import('../../src/features/debts/pages'), import('../../src/app/layout/AppLayout')]);
}, 60_000);

afterEach(() => {
  setNavigator(null);
  session.start();
});

const quotaPayment = {
  id: 41,
  debtId: 12,
  quotaId: 101,
  amount: '500.00',
  paidAt: '2026-01-10',
  method: 'EFECTIVO',
  receiptNumber: null,
  notes: null,
  createdBy: 1,
  createdByName: 'Gabriela Gómez',
  createdAt: '2026-01-10T12:00:00Z',
  updatedAt: '2026-01-10T12:00:00Z',
};
const paidQuota = quota(1, { status: 'PAGADA', paidAt: '2026-01-10', paymentId: 41 });

/**
 * The open menu's items. `hidden`: under jsdom every box measures 0 × 0, so the dropdown's
 * hide-when-detached check (floating-ui) sets display: none; the browser tests see it for real.
 */
const menuItems = () => screen.findAllByRole('menuitem', { hidden: true });

async function openDebt(path = '/debts/view/12') {
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Detalle de deuda' }, { timeout: 3000 });
  await screen.findByText('Pérez, Juan');
  return view;
}

describe("'Cambiar estado'", { timeout: 30_000 }, () => {
  it('offers only the changes the shared machine allows now, confirms, and PATCHes /debts/{id}/status', async () => {
    signInAs('GENERAL');
    const state = { debt };
    const { requests } = debtApi((config) => {
      if (config.method === 'patch' && config.url === '/debts/12/status') {
        state.debt = { ...debt, status: 'ARCHIVADA' };
        return { status: 200, data: state.debt };
      }
      return undefined;
    }, state);
    await openDebt();
    const user = fastUser();
    // ACTIVA with balance and no quotas: not en convenio (no plan), not cancelada (it owes).
    // The menu waits for the quotas (en convenio depends on them); none here: the plan form shows.
    await screen.findByRole('form', { name: 'Nuevo plan de pagos' });
    const button = screen.getByRole('button', { name: 'Cambiar estado' });
    expect(button).toBeEnabled();
    await user.click(button);
    const items = await menuItems();
    expect(items.map((item) => item.textContent)).toEqual(['Pasar a incobrable', 'Pasar a archivada']);
    await user.click(items[1] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Pasar a archivada' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Comentario' }), 'Sin novedades.');
    await user.click(within(dialog).getByRole('button', { name: 'Pasar a archivada' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodyOf(requests.find((r) => r.url === '/debts/12/status'))).toEqual({
      status: 'ARCHIVADA',
      description: 'Sin novedades.',
    });
    expect(await screen.findByText('Archivada')).toBeInTheDocument();
  });

  it('a closed debt says how to reopen it and offers no new payment, plan or pay', async () => {
    signInAs('GENERAL');
    debtApi(
      (config) =>
        config.method === 'get' && config.url === '/quotas' ? list([quota(1), quota(2)]) : undefined,
      { debt: { ...debt, status: 'ARCHIVADA' } },
    );
    await openDebt();
    expect(screen.getByText(MESSAGES.debtClosed('archivada'))).toBeInTheDocument();
    expect(await screen.findByRole('row', { name: 'Cuota 1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pagar la cuota 1' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mora de la cuota 1' })).not.toBeInTheDocument();
    // Reopening: with unpaid quotas it may go back to its plan.
    await fastUser().click(screen.getByRole('button', { name: 'Cambiar estado' }));
    const items = await menuItems();
    expect(items.map((item) => item.textContent)).toEqual([
      'Pasar a activa',
      'Pasar a en convenio',
      'Pasar a incobrable',
    ]);
    await fastUser().click(screen.getByRole('tab', { name: 'Pagos' }));
    expect(await screen.findByText('Todavía no se registraron pagos.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Registrar pago' })).not.toBeInTheDocument();
  });
});

describe("undoing a quota's payment", { timeout: 30_000 }, () => {
  it("'Anular pago' on a paid quota asks first, then DELETEs /quotas/{id}/payment and reloads", async () => {
    signInAs('ADMIN');
    const state = { debt: { ...debt, paidAmount: '500.00', balance: '1000.00' } };
    let undone = false;
    const { requests } = debtApi((config) => {
      if (config.method === 'get' && config.url === '/quotas')
        return list([undone ? quota(1) : paidQuota, quota(2)]);
      if (config.method === 'delete' && config.url === '/quotas/101/payment') {
        undone = true;
        state.debt = debt;
        return { status: 204 };
      }
      return undefined;
    }, state);
    await openDebt();
    const user = fastUser();
    await user.click(await screen.findByRole('button', { name: 'Anular el pago de la cuota 1' }));
    const confirm = await screen.findByRole('dialog', { name: 'Anular el pago de la cuota 1' });
    expect(confirm).toHaveTextContent('¿Anular el pago de $ 500,00 del 10/01/2026?');
    expect(requests.some((r) => r.method === 'delete')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Anular pago' }));
    await waitFor(() => expect(screen.getByTestId('importe-saldo')).toHaveTextContent('$ 1.500,00'));
    expect(requests.filter((r) => r.method === 'delete').map((r) => r.url)).toEqual(['/quotas/101/payment']);
    expect(await screen.findByRole('button', { name: 'Pagar la cuota 1' })).toBeInTheDocument();
  });

  it("GENERAL (no delete) sees no 'Anular pago'; in Pagos a quota's payment has no delete button", async () => {
    signInAs('GENERAL');
    debtApi((config) => {
      if (config.method !== 'get') return undefined;
      if (config.url === '/quotas') return list([paidQuota, quota(2)]);
      if (config.url === '/payments') return list([quotaPayment]);
      return undefined;
    });
    await openDebt();
    expect(await screen.findByRole('button', { name: 'Pagar la cuota 2' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Anular el pago/ })).not.toBeInTheDocument();

    signInAs('ADMIN');
    await openDebt('/debts/view/12?tab=pagos');
    const row = (await screen.findAllByRole('row', { name: /Pago de \$ 500,00/ })).at(-1) as HTMLElement;
    expect(within(row).getByText('Cuota del plan')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /^Eliminar/ })).not.toBeInTheDocument();
  });
});
