import type { CollectedList, GeneralKpi } from '@cobranzas/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setNavigator } from '../../src/lib/navigation';
import { session } from '../../src/lib/session';
import { EMPTY_KPI, quietApi } from '../dashboard';
import { mockApi } from '../http';
import { renderApp, signInAs } from '../render';

beforeAll(async () => {
  Element.prototype.scrollIntoView ??= () => {};
  await Promise.all([
    import('../../src/features/home/pages'),
    import('../../src/features/home/CollectedPage'),
    import('../../src/app/layout/AppLayout'),
  ]);
}, 60_000);

afterEach(() => {
  setNavigator(null);
  session.start();
  vi.restoreAllMocks();
});

/** The cohort of March: 4000 placed, 650 of it collected by 31/03; 1100 of cash in March. */
const MARCH: GeneralKpi = {
  ...EMPTY_KPI,
  portfolioAmount: '4000.00',
  collectedAmount: '650.00',
  liquidationRate: '16.25',
  collectedInPeriod: '1100.00',
  debts: 2,
  byStage: [
    { debtTypeId: 1, name: 'Preventiva', debts: 1, amount: '1000.00' },
    { debtTypeId: 2, name: 'Extrajudicial', debts: 1, amount: '3000.00' },
    { debtTypeId: 3, name: 'Judicial', debts: 0, amount: '0.00' },
  ],
};

const CASH: CollectedList = {
  data: [
    {
      id: 41,
      kind: 'DEPOSIT',
      date: '2025-03-25',
      amount: '400.00',
      method: null,
      debtId: 12,
      reference: 'REF-12',
      debtorName: 'Rivas, Ana',
      dni: '23842956',
      companyName: 'Frávega S.A.',
    },
    {
      id: 40,
      kind: 'PAYMENT',
      date: '2025-03-15',
      amount: '700.00',
      method: 'TRANSFERENCIA',
      debtId: 11,
      reference: null,
      debtorName: 'Luna, Pablo',
      dni: '30111222',
      companyName: 'Frávega S.A.',
    },
  ],
  total: 2,
  page: 1,
  limit: 25,
  amount: '1100.00',
};

function open(path: string, role: 'ADMIN' | 'CLIENTE' = 'ADMIN') {
  signInAs(role);
  const api = mockApi((config) => {
    if (config.url === '/report/general-kpi') return { status: 200, data: MARCH };
    if (config.url === '/report/collected') return { status: 200, data: CASH };
    return quietApi(config);
  });
  const { router, user } = renderApp(path);
  return { ...api, router, user };
}

const card = (name: string) => screen.getByRole('region', { name });

describe('the dashboard’s figures say which population they are of (issue 32)', { timeout: 30_000 }, () => {
  it('shows the cohort’s rate and the period’s cash, each labelled', async () => {
    open('/?company=5&start=2025-03-01&end=2025-03-31');
    await screen.findByText('16,25 %', undefined, { timeout: 5000 });
    expect(card('Cartera asignada')).toHaveTextContent('$ 4.000,00');
    expect(card('Cartera asignada')).toHaveTextContent('2 deudas ingresadas en el período');
    expect(card('Tasa de liquidación')).toHaveTextContent(
      'De las deudas ingresadas en el período: $ 650,00 cobrados hasta el 31/03/2025',
    );
    expect(card('Cobrado en el período')).toHaveTextContent('$ 1.100,00');
    expect(card('Cobrado en el período')).toHaveTextContent(
      'Todo pago y depósito con fecha en el período, de cualquier deuda',
    );
  });

  it('each figure links to the list behind it with the same filters', async () => {
    open('/?company=5&start=2025-03-01&end=2025-03-31');
    await screen.findByText('16,25 %', undefined, { timeout: 5000 });
    const cohort = '/debts/search?companyId=5&createdFrom=2025-03-01&createdTo=2025-03-31&currency=ARS';
    const link = (region: string) => within(card(region)).getByRole('link');
    expect(link('Cartera asignada')).toHaveAttribute('href', cohort);
    expect(link('Cartera asignada')).toHaveAccessibleName(
      '$ 4.000,00. Ver las deudas ingresadas en el período',
    );
    expect(link('Tasa de liquidación')).toHaveAttribute('href', cohort);
    expect(link('Cobrado en el período')).toHaveAttribute(
      'href',
      '/collected?company=5&start=2025-03-01&end=2025-03-31',
    );
    expect(within(card('Deudas por etapa')).getByRole('link', { name: 'Extrajudicial' })).toHaveAttribute(
      'href',
      '/debts/type/2?companyId=5&createdFrom=2025-03-01&createdTo=2025-03-31&currency=ARS',
    );
  });

  it('without a period the rate is of the whole portfolio; an open end counts to today', async () => {
    open('/');
    await screen.findByText('16,25 %', undefined, { timeout: 5000 });
    expect(card('Tasa de liquidación')).toHaveTextContent('De toda la cartera: $ 650,00 cobrados');
    expect(card('Cobrado en el período')).toHaveTextContent('Todo pago y depósito, de cualquier fecha');
    expect(within(card('Cartera asignada')).getByRole('link')).toHaveAttribute(
      'href',
      '/debts/search?currency=ARS',
    );
  });

  it('a CLIENTE’s links carry no company: the API keeps it to its own', async () => {
    open('/?company=9&start=2025-03-01', 'CLIENTE');
    await screen.findByText('16,25 %', undefined, { timeout: 5000 });
    expect(card('Tasa de liquidación')).toHaveTextContent('hasta hoy');
    expect(within(card('Cobrado en el período')).getByRole('link')).toHaveAttribute(
      'href',
      '/collected?start=2025-03-01',
    );
  });
});

describe('«Prescriben en 60 días»: the claims about to be lost (issue 37)', { timeout: 30_000 }, () => {
  it('shows the count and links to the open debts that prescribe within 60 days, of the company in pesos', async () => {
    signInAs('ADMIN');
    const api = mockApi((config) => {
      if (config.url === '/report/general-kpi')
        return { status: 200, data: { ...MARCH, prescribingSoon: 3 } };
      return quietApi(config);
    });
    const { user, router } = renderApp('/?company=5&start=2025-03-01&end=2025-03-31');
    await screen.findByText('16,25 %', undefined, { timeout: 5000 });
    const region = card('Prescriben en 60 días');
    expect(region).toHaveTextContent('3');
    expect(region).toHaveAttribute('data-tone', 'bad');
    const link = within(region).getByRole('link', {
      name: '3. Ver las deudas que prescriben en los próximos 60 días',
    });
    // Of today, not of the period: no placed dates.
    expect(link).toHaveAttribute('href', '/debts/search?companyId=5&currency=ARS&prescribesWithinDays=60');
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/debts/search'), { timeout: 10_000 });
    await waitFor(
      () =>
        expect(api.requests.find((request) => request.url === '/debts')?.params).toMatchObject({
          companyId: '5',
          currency: 'ARS',
          prescribesWithinDays: '60',
        }),
      { timeout: 10_000 },
    );
  });

  it('none: no alarm', async () => {
    open('/');
    await screen.findByText('16,25 %', undefined, { timeout: 5000 });
    const region = card('Prescriben en 60 días');
    expect(region).toHaveTextContent('Ninguna deuda abierta prescribe pronto');
    expect(region).not.toHaveAttribute('data-tone');
  });
});

describe('/collected: the payments and deposits behind the cash (issue 32)', { timeout: 30_000 }, () => {
  it('asks with the dashboard’s filters and shows its rows and their sum, the card’s figure', async () => {
    const api = open('/collected?company=5&start=2025-03-01&end=2025-03-31');
    expect(await screen.findByRole('heading', { level: 1, name: 'Cobrado en el período' })).toBeVisible();
    const totals = await screen.findByLabelText('Totales', undefined, { timeout: 5000 });
    expect(totals).toHaveTextContent('Pagos y depósitos2');
    expect(totals).toHaveTextContent('Total cobrado$ 1.100,00');
    const asked = api.requests.find((request) => request.url === '/report/collected');
    expect(asked?.params).toEqual({
      company: '5',
      start: '2025-03-01',
      end: '2025-03-31',
      page: 1,
      limit: 25,
    });
    const rows = screen.getAllByRole('row');
    expect(rows[1]).toHaveTextContent('25/03/2025');
    expect(rows[1]).toHaveTextContent('Depósito');
    expect(rows[1]).toHaveTextContent('Rivas, Ana');
    expect(rows[1]).toHaveTextContent('$ 400,00');
    expect(rows[2]).toHaveTextContent('Pago · Transferencia');
    expect(screen.getByRole('link', { name: 'Volver al tablero' })).toHaveAttribute(
      'href',
      '/?company=5&start=2025-03-01&end=2025-03-31',
    );
  });

  it('a row opens its debt', async () => {
    const { router, user } = open('/collected?start=2025-03-01&end=2025-03-31');
    const row = await screen.findByRole(
      'row',
      { name: 'Abrir pago del 15/03/2025 de Luna, Pablo' },
      {
        timeout: 5000,
      },
    );
    await user.click(within(row).getByText('Luna, Pablo'));
    // The debt's page loads lazily: the router moves once its module is in.
    await waitFor(() => expect(router.state.location.pathname).toBe('/debts/view/11'), { timeout: 10_000 });
  });
});

describe('the Buscador takes the cohort’s filters from the link (issue 32)', { timeout: 30_000 }, () => {
  it('asks GET /debts with the company, the placed dates and the currency, and shows them', async () => {
    const api = open('/debts/search?companyId=5&createdFrom=2025-03-01&createdTo=2025-03-31&currency=ARS');
    const form = await screen.findByRole('form', { name: 'Filtros de deudas' }, { timeout: 5000 });
    await waitFor(() =>
      expect(api.requests.find((request) => request.url === '/debts')?.params).toMatchObject({
        companyId: '5',
        createdFrom: '2025-03-01',
        createdTo: '2025-03-31',
        currency: 'ARS',
      }),
    );
    expect(within(form).getByRole('textbox', { name: 'Ingresada desde' })).toHaveValue('01/03/2025');
    expect(within(form).getByRole('textbox', { name: 'Ingresada hasta' })).toHaveValue('31/03/2025');
    expect(within(form).getByRole('combobox', { name: 'Moneda' })).toHaveValue('Pesos (ARS)');
  });
});
