import { MESSAGES } from '@cobranzas/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { planPreview } from '../../src/features/quotas/PlanForm';
import { setNavigator } from '../../src/lib/navigation';
import { session } from '../../src/lib/session';
import { debt, debtApi, fastUser, list, quota, stubScrollIntoView } from '../debts/fixtures';
import { bodyOf } from '../http';
import { renderApp, signInAs } from '../render';

beforeAll(async () => {
  stubScrollIntoView();
  await Promise.all([import('../../src/features/debts/pages'), import('../../src/app/layout/AppLayout')]);
}, 60_000);

afterEach(() => {
  setNavigator(null);
  session.start();
});

const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });

async function openDebt() {
  const view = renderApp('/debts/view/12');
  await screen.findByRole('heading', { level: 1, name: 'Detalle de deuda' }, { timeout: 3000 });
  await screen.findByText('Pérez, Juan');
  return view;
}

describe('the payment plan', { timeout: 30_000 }, () => {
  it('previews installments split to the cent, monthly, clamped to month end', () => {
    expect(planPreview({ installments: '3', firstDueDate: '2026-01-31', total: '10.00' })).toEqual([
      { number: 1, amount: '3.34', dueDate: '2026-01-31' },
      { number: 2, amount: '3.33', dueDate: '2026-02-28' },
      { number: 3, amount: '3.33', dueDate: '2026-03-31' },
    ]);
    expect(planPreview({ installments: '0', firstDueDate: '2026-01-31', total: '10.00' })).toBeNull();
    expect(planPreview({ installments: '3', firstDueDate: null, total: '10.00' } as never)).toBeNull();
  });

  it('shows the amounts before confirming, then creates the plan and reloads the header', async () => {
    signInAs('GENERAL');
    const state = { debt };
    const { requests } = debtApi((config) => {
      if (config.method === 'post' && config.url === '/quotas/plan') {
        state.debt = { ...debt, status: 'EN_CONVENIO' };
        return { status: 201, data: { debtId: 12, total: '1000.00', quotas: [quota(1), quota(2)] } };
      }
      return undefined;
    }, state);
    await openDebt();
    const user = fastUser();
    const form = await screen.findByRole('form', { name: 'Nuevo plan de pagos' });
    expect(field('Total a financiar')).toHaveValue('1.500,00');
    await user.clear(field('Cantidad de cuotas'));
    await user.type(field('Cantidad de cuotas'), '4');
    await user.clear(field('Total a financiar'));
    await user.type(field('Total a financiar'), '1.000');
    const preview = within(form).getByRole('table', { name: 'Vista previa de las cuotas' });
    expect(within(preview).getAllByText('$ 250,00')).toHaveLength(4);
    expect(requests.filter((r) => r.url === '/quotas/plan')).toHaveLength(0);

    await user.click(within(form).getByRole('button', { name: 'Confirmar plan de 4 cuotas' }));
    // The form asks first: a summary, and nothing sent until «Crear el plan».
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar el plan de pagos' });
    expect(dialog).toHaveTextContent('4 cuotas mensuales de $ 250,00 por un total de $ 1.000,00');
    expect(requests.filter((r) => r.url === '/quotas/plan')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Crear el plan' }));
    await waitFor(() => expect(requests.filter((r) => r.url === '/quotas/plan')).toHaveLength(1));
    expect(bodyOf(requests.find((r) => r.url === '/quotas/plan'))).toMatchObject({
      debtId: 12,
      installments: 4,
      total: '1000.00',
    });
    expect(await screen.findByText('En convenio')).toBeInTheDocument();
  });
});

describe('the payment plan asks before it is created (issue 32)', { timeout: 30_000 }, () => {
  const planApi = () =>
    debtApi((config) =>
      config.method === 'post' && config.url === '/quotas/plan'
        ? { status: 201, data: { debtId: 12, total: '1500.00', quotas: [quota(1), quota(2), quota(3)] } }
        : undefined,
    );

  it('Enter in «Primer vencimiento» opens the confirmation; «Volver» creates nothing', async () => {
    signInAs('GENERAL');
    const { requests } = planApi();
    await openDebt();
    const user = fastUser();
    await screen.findByRole('form', { name: 'Nuevo plan de pagos' });
    await user.click(field('Primer vencimiento'));
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar el plan de pagos' });
    expect(within(dialog).getByRole('button', { name: 'Volver' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Volver' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.filter((r) => r.url === '/quotas/plan')).toHaveLength(0);
  });

  it('a first due date before today warns, and the plan needs «Entiendo» ticked', async () => {
    signInAs('GENERAL');
    const { requests } = planApi();
    await openDebt();
    const user = fastUser();
    const form = await screen.findByRole('form', { name: 'Nuevo plan de pagos' });
    await user.clear(field('Primer vencimiento'));
    await user.type(field('Primer vencimiento'), '10/01/2020');
    await user.tab();
    expect(await within(form).findByText(/Es anterior a hoy/)).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Confirmar plan de 3 cuotas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar el plan de pagos' });
    expect(dialog).toHaveTextContent(
      'El primer vencimiento (10/01/2020) es anterior a hoy: 3 cuotas quedarán vencidas desde el inicio.',
    );
    const create = within(dialog).getByRole('button', { name: 'Crear el plan' });
    expect(create).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: /Entiendo/ }));
    expect(create).toBeEnabled();
    await user.click(create);
    await waitFor(() => expect(requests.filter((r) => r.url === '/quotas/plan')).toHaveLength(1));
    expect(bodyOf(requests.find((r) => r.url === '/quotas/plan'))).toMatchObject({
      installments: 3,
      firstDueDate: '2020-01-10',
    });
  });
});

describe("'Pagar'", { timeout: 30_000 }, () => {
  it('confirms the amount, asks method and receipt, PATCHes /pay and updates the balance', async () => {
    signInAs('GENERAL');
    const state = { debt };
    let paid = false;
    const { requests } = debtApi((config) => {
      if (config.url === '/quotas' && config.method === 'get')
        return list([quota(1, paid ? { status: 'PAGADA', paidAt: '2026-01-10' } : {}), quota(2)]);
      if (config.url === '/quotas/101/pay') {
        paid = true;
        state.debt = { ...debt, paidAmount: '500.00', balance: '1000.00' };
        return { status: 200, data: quota(1, { status: 'PAGADA' }) };
      }
      return undefined;
    }, state);
    await openDebt();
    const user = fastUser();
    expect(screen.getByTestId('importe-saldo')).toHaveTextContent('$ 1.500,00');
    await user.click(await screen.findByRole('button', { name: 'Pagar la cuota 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pagar la cuota 1' });
    expect(dialog).toHaveTextContent('A pagar$ 500,00');
    await user.click(within(dialog).getByLabelText(/^Medio de pago/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Transferencia', hidden: true }));
    await user.type(within(dialog).getByRole('textbox', { name: /^N.º de comprobante/ }), 'R-0001');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar pago de $ 500,00' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodyOf(requests.find((r) => r.url === '/quotas/101/pay'))).toMatchObject({
      method: 'TRANSFERENCIA',
      receiptNumber: 'R-0001',
    });
    await waitFor(() => expect(screen.getByTestId('importe-saldo')).toHaveTextContent('$ 1.000,00'));
    // The reloaded debt is drawn as a transition (DebtViewPage): it may land a moment later.
    await waitFor(() => expect(screen.getByTestId('importe-pagado')).toHaveTextContent('$ 500,00'));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Pagar la cuota 1' })).not.toBeInTheDocument(),
    );
  });

  it('says so when the quota was already paid (409) and keeps the dialog open', async () => {
    signInAs('GENERAL');
    debtApi((config) => {
      if (config.url === '/quotas' && config.method === 'get') return list([quota(1)]);
      if (config.url === '/quotas/101/pay')
        return { status: 409, data: { message: MESSAGES.quotaAlreadyPaid } };
      return undefined;
    });
    await openDebt();
    const user = fastUser();
    await user.click(await screen.findByRole('button', { name: 'Pagar la cuota 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pagar la cuota 1' });
    await user.click(within(dialog).getByRole('button', { name: /^Confirmar pago/ }));
    expect(await within(dialog).findByText(MESSAGES.quotaAlreadyPaid)).toBeInTheDocument();
  });

  it('marks overdue quotas', async () => {
    signInAs('GENERAL');
    debtApi((config) =>
      config.url === '/quotas' && config.method === 'get'
        ? list([quota(1, { dueDate: '2020-01-10' }), quota(2)])
        : undefined,
    );
    await openDebt();
    const row = await screen.findByRole('row', { name: 'Cuota 1' });
    expect(within(row).getByText('Vencida')).toBeInTheDocument();
    expect(within(row).getByText(/^Vencida hace \d+ días$/)).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: 'Cuota 2' })).getByText('Pendiente')).toBeInTheDocument();
  });
});
