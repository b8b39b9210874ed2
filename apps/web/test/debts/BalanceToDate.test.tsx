import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setNavigator } from '../../src/lib/navigation';
import { session } from '../../src/lib/session';
import { renderApp, signInAs } from '../render';
import { balanceOf, debt, debtApi, fastUser, stubScrollIntoView } from './fixtures';

beforeAll(async () => {
  stubScrollIntoView();
  await Promise.all([import('../../src/features/debts/pages'), import('../../src/app/layout/AppLayout')]);
}, 60_000);

afterEach(() => {
  setNavigator(null);
  session.start();
});

const withInterest = {
  ...balanceOf(debt),
  capital: '8012.32',
  interest: '482.06',
  punitive: '133.90',
  paid: '4000.00',
  total: '8628.28',
  segments: [
    {
      from: '2025-05-01',
      to: '2025-07-01',
      days: 61,
      capital: '8012.32',
      kind: 'interest',
      annualRate: '36.00',
      amount: '482.06',
    },
  ],
};

describe('«Saldo al dd/mm/aaaa» on the debt file (DESIGN §10.2)', { timeout: 30_000 }, () => {
  it('shows the breakdown and the segments in es-AR, and asks again for another date', async () => {
    signInAs('ADMIN');
    const { requests } = debtApi((config) =>
      config.method === 'get' && config.url === '/debts/12/balance'
        ? { status: 200, data: { ...withInterest, date: config.params?.date } }
        : undefined,
    );
    renderApp('/debts/view/12');
    const panel = await screen.findByRole('region', { name: /^Saldo al / });
    expect(await within(panel).findByText('$ 8.628,28')).toBeInTheDocument();
    expect(within(panel).getByText('$ 133,90')).toBeInTheDocument();
    await fastUser().click(within(panel).getByText('Ver el cálculo (1 tramo)'));
    const row = within(panel).getByRole('row', { name: /01\/05\/2025/ });
    expect(within(row).getByText('Interés')).toBeInTheDocument();
    expect(within(row).getByText('61')).toBeInTheDocument();

    const input = within(panel).getByLabelText('Fecha del saldo');
    const user = fastUser();
    await user.clear(input);
    await user.type(input, '01/07/2025');
    await user.tab();
    expect(await within(panel).findByRole('heading', { name: 'Saldo al 01/07/2025' })).toBeInTheDocument();
    expect(requests.some((r) => r.url === '/debts/12/balance' && r.params?.date === '2025-07-01')).toBe(true);
  });
});
