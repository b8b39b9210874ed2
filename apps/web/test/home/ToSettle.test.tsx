import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setNavigator } from '../../src/lib/navigation';
import { session } from '../../src/lib/session';
import { quietApi } from '../dashboard';
import { mockApi } from '../http';
import { renderApp, signInAs } from '../render';

beforeAll(async () => {
  Element.prototype.scrollIntoView ??= () => {};
  await Promise.all([import('../../src/features/home/pages'), import('../../src/app/layout/AppLayout')]);
}, 60_000);

afterEach(() => {
  setNavigator(null);
  session.start();
});

const ROWS = [
  {
    companyId: 5,
    companyName: 'Frávega S.A.',
    currency: 'ARS',
    items: 1234,
    amount: '98765.40',
    since: '2026-09-03',
  },
  {
    companyId: 5,
    companyName: 'Frávega S.A.',
    currency: 'USD',
    items: 1,
    amount: '150.00',
    since: '2026-10-20',
  },
];

function open(role: 'ADMIN' | 'GENERAL', rows: unknown[]) {
  signInAs(role);
  const api = mockApi((config) =>
    config.url === '/report/to-settle' ? { status: 200, data: { data: rows } } : quietApi(config),
  );
  renderApp('/');
  return api;
}

describe('«A rendir» on the ADMIN’s dashboard (issue 19)', { timeout: 30_000 }, () => {
  it('lists per company and currency the amount, the count and since when, each linking to a new draft', async () => {
    open('ADMIN', ROWS);
    const table = await screen.findByRole('table', { name: 'A rendir' }, { timeout: 5000 });
    const [, pesos, dollars] = within(table).getAllByRole('row');
    expect(pesos).toHaveTextContent('Frávega S.A.');
    expect(pesos).toHaveTextContent('$ 98.765,40');
    expect(pesos).toHaveTextContent('1.234');
    expect(pesos).toHaveTextContent('desde 03/09/2026');
    expect(within(pesos as HTMLElement).getByRole('link', { name: 'Frávega S.A.' })).toHaveAttribute(
      'href',
      '/settlements/add?companyId=5&currency=ARS',
    );
    expect(dollars).toHaveTextContent('US$ 150,00');
  });

  it('says when nothing is pending', async () => {
    open('ADMIN', []);
    expect(await screen.findByText('Nada pendiente de rendir.', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('is not asked for by a GENERAL user', async () => {
    const { requests } = open('GENERAL', ROWS);
    await screen.findByRole('heading', { level: 1, name: 'Inicio' }, { timeout: 5000 });
    expect(screen.queryByRole('heading', { name: 'A rendir' })).not.toBeInTheDocument();
    expect(requests.some((r) => r.url === '/report/to-settle')).toBe(false);
  });
});
