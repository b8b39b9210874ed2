import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setNavigator } from '../../src/lib/navigation';
import { session } from '../../src/lib/session';
import { balanceOf, debt, debtApi, fastUser, list, quota, stubScrollIntoView } from '../debts/fixtures';
import { renderApp, signInAs } from '../render';

/** Issue 31 on the debt file: the Movimientos tab, and where a payment without a quota will go. */

beforeAll(async () => {
  stubScrollIntoView();
  await Promise.all([import('../../src/features/debts/pages'), import('../../src/app/layout/AppLayout')]);
}, 60_000);

afterEach(() => {
  setNavigator(null);
  session.start();
});

const row = (id: number, kind: string, amount: string, overrides: object = {}) => ({
  id,
  date: '2026-01-10',
  kind,
  amount,
  quotaId: null,
  settlementId: null,
  reversalOf: null,
  reversedBy: null,
  note: null,
  createdBy: 1,
  createdByName: 'Gabriela Gómez',
  createdAt: '2026-01-10T12:00:00Z',
  ...overrides,
});

describe('Movimientos (DESIGN.md §11.1)', { timeout: 30_000 }, () => {
  it('lists every row with its sign, marks the reversed one and says why it was undone', async () => {
    signInAs('GENERAL');
    debtApi((config) =>
      config.url === '/debts/12/ledger'
        ? {
            status: 200,
            data: {
              owed: '1300.00',
              data: [
                row(7, 'PAYMENT', '500.00', { reversedBy: 9 }),
                row(8, 'SERVICE', '300.00', { note: 'Carta documento' }),
                row(9, 'REVERSAL', '500.00', {
                  reversalOf: 7,
                  note: 'Cargado dos veces',
                  date: '2026-01-12',
                }),
                row(10, 'PAYMENT', '1000.00', { createdByName: null }),
              ],
            },
          }
        : undefined,
    );
    renderApp('/debts/view/12?tab=movimientos');
    expect(await screen.findByText('$ 1.300,00')).toBeInTheDocument();
    const paid = screen.getByRole('row', { name: 'Movimiento 7' });
    expect(paid).toHaveTextContent('Pago · anulado');
    expect(paid).toHaveTextContent('−$ 500,00');
    expect(screen.getByRole('row', { name: 'Movimiento 8' })).toHaveTextContent('+$ 300,00');
    // Undoing a payment puts its money back on what is owed.
    const undone = screen.getByRole('row', { name: 'Movimiento 9' });
    expect(undone).toHaveTextContent('Anulación del movimiento 7');
    expect(undone).toHaveTextContent('+$ 500,00');
    expect(undone).toHaveTextContent('Cargado dos veces');
    expect(undone).toHaveTextContent('12/01/2026');
    expect(within(screen.getByRole('row', { name: 'Movimiento 10' })).getByText('—')).toBeInTheDocument();
  });

  it('says so when the debt has no money movements yet, and still what it owes', async () => {
    signInAs('GENERAL');
    debtApi((config) =>
      config.url === '/debts/12/ledger' ? { status: 200, data: { owed: '1500.00', data: [] } } : undefined,
    );
    renderApp('/debts/view/12?tab=movimientos');
    expect(await screen.findByText('Todavía no hay movimientos de dinero.')).toBeInTheDocument();
    expect(screen.getByText('Lo que debe hoy:')).toHaveTextContent('Lo que debe hoy: $ 1.500,00');
  });
});

describe('the payment form says where a payment without a quota goes', { timeout: 30_000 }, () => {
  it('«Se imputará a la cuota 1 (vencida) y a parte de la 2.»; nothing beyond the amount typed', async () => {
    signInAs('ADMIN');
    debtApi((config) =>
      config.url === '/quotas' && config.method === 'get'
        ? list([
            quota(1, { dueDate: '2026-01-10', moraAmount: '20.00', status: 'EN_MORA' }),
            quota(2),
            quota(3, { status: 'PAGADA', paidAmount: '500.00' }),
          ])
        : undefined,
    );
    renderApp('/debts/view/12?tab=pagos');
    const user = fastUser();
    await user.click(await screen.findByRole('button', { name: 'Registrar pago' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registrar pago' });
    expect(within(dialog).queryByRole('status')).not.toBeInTheDocument();
    // Quota 1 owes 520 (its mora first): 700 pays it and 180 of quota 2.
    await user.type(within(dialog).getByRole('textbox', { name: /^Importe/ }), '700');
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Se imputará a la cuota 1 (vencida) y a parte de la 2.',
    );
  });
});

describe('«Saldo al» says why no interest runs', { timeout: 30_000 }, () => {
  it('under a plan, not that the debt has no rates', async () => {
    signInAs('GENERAL');
    const rated = { ...debt, punitiveRate: '60.00', defaultDate: '2025-02-25' };
    debtApi(
      (config) =>
        config.url === '/debts/12/balance'
          ? { status: 200, data: { ...balanceOf(rated), basis: 'PLAN' } }
          : undefined,
      { debt: rated },
    );
    renderApp('/debts/view/12');
    expect(
      await screen.findByText('Sin intereses mientras el plan de pagos esté vigente.'),
    ).toBeInTheDocument();
    expect(
      screen.queryByText('Sin intereses: la deuda no tiene tasa ni fecha de mora.'),
    ).not.toBeInTheDocument();
  });
});
