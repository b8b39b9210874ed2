import type { Debt } from '@cobranzas/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setNavigator } from '../../src/lib/navigation';
import { session } from '../../src/lib/session';
import { mockApi } from '../http';
import { renderApp, signInAs } from '../render';
import { debt, list, stubScrollIntoView } from './fixtures';

beforeAll(async () => {
  stubScrollIntoView();
  await Promise.all([import('../../src/features/debts/pages'), import('../../src/app/layout/AppLayout')]);
}, 60_000);

afterEach(() => {
  setNavigator(null);
  session.start();
});

const dollars: Debt = { ...debt, id: 13, reference: 'CTA-2', currency: 'USD', balance: '500.00' };
const hidden: Debt = { ...debt, id: 14, reference: 'CTA-3', balance: '80.00' };

/** The list's page (debts 12, 13, 14) and a GET /debts/balances answered when `answer` is called. */
function pageApi() {
  let answer: () => void = () => {};
  const answered = new Promise<void>((resolve) => {
    answer = resolve;
  });
  // The balances' answer waits, so debtApi's (synchronous) routes cannot give it.
  const api = mockApi(async (config) => {
    if (config.method !== 'get') return list([]);
    if (config.url === '/debts') return list([debt, dollars, hidden]);
    if (config.url === '/debts/balances') {
      await answered;
      return {
        status: 200,
        // Debt 14 is left out, as the API leaves out a debt the user may not see.
        data: {
          data: [
            { id: 12, date: '2026-01-15', total: '1612.50', currency: 'ARS' },
            { id: 13, date: '2026-01-15', total: '520.00', currency: 'USD' },
          ],
        },
      };
    }
    return list([]);
  });
  return { ...api, answer };
}

const rowOf = (reference: string) => {
  const row = screen.getByText(reference).closest('tr');
  if (!row) throw new Error(`sin fila ${reference}`);
  return within(row);
};

describe('«Saldo actualizado» in the debts list', { timeout: 30_000 }, () => {
  it('the visible page’s balances to date come from one call: loading per cell, then es-AR money', async () => {
    signInAs('ADMIN');
    const { requests, answer } = pageApi();
    renderApp('/debts/search');
    expect(await screen.findByRole('columnheader', { name: 'Saldo actualizado' })).toBeInTheDocument();
    await screen.findByText('CTA-1');
    // The rows are there with their stored balance while the figures to date load, cell by cell.
    expect(rowOf('CTA-1').getByText('$ 1.500,00')).toBeInTheDocument();
    expect(rowOf('CTA-1').getByText('Calculando…')).toBeInTheDocument();
    expect(rowOf('CTA-2').getByText('Calculando…')).toBeInTheDocument();

    answer();
    expect(await rowOf('CTA-1').findByText('$ 1.612,50')).toBeInTheDocument();
    expect(rowOf('CTA-2').getByText('US$ 520,00')).toBeInTheDocument();
    // A debt the answer leaves out shows a dash, never a made-up figure.
    expect(rowOf('CTA-3').getByText('—')).toBeInTheDocument();
    expect(screen.queryByText('Calculando…')).not.toBeInTheDocument();

    const calls = requests.filter((request) => request.url === '/debts/balances');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.params).toEqual({ ids: '12,13,14' });
  });
});
