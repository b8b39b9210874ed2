import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setNavigator } from '../../src/lib/navigation';
import { session } from '../../src/lib/session';
import { debt, debtApi, fastUser, list } from '../debts/fixtures';
import { renderApp, signInAs } from '../render';

beforeAll(async () => {
  await Promise.all([
    import('../../src/features/debtors/file/DebtorFilePage'),
    import('../../src/app/layout/AppLayout'),
  ]);
}, 60_000);

afterEach(() => {
  setNavigator(null);
  session.start();
});

const base = { allDay: false, userName: 'Valeria Sosa' };
const HISTORY = {
  debts: [
    { id: 12, companyName: 'Frávega S.A.', reference: 'CTA-12' },
    { id: 14, companyName: 'Banco Sur', reference: null },
  ],
  data: [
    {
      ...base,
      key: 'GESTION-7',
      kind: 'GESTION',
      at: '2026-11-20T15:30:00.000Z',
      debtId: 12,
      eventType: 'Llamada',
      eventSubType: 'Celular',
      outcome: 'Promesa de pago',
      description: 'Promete transferir a fin de mes',
    },
    {
      ...base,
      key: 'CARTA-2',
      kind: 'CARTA',
      at: '2026-11-18T13:00:00.000Z',
      debtId: 14,
      letter: 'Intimación de pago',
    },
    {
      ...base,
      key: 'CAMBIO-9-14',
      kind: 'CAMBIO',
      at: '2026-11-17T13:00:00.000Z',
      debtId: 14,
      change: 'MODIFICADA',
      changes: [{ field: 'debtTypeId', label: 'Etapa', before: 'Preventiva', after: 'Extrajudicial' }],
    },
    {
      ...base,
      key: 'PAGO-31',
      kind: 'PAGO',
      at: '2026-11-10T15:00:00.000Z',
      allDay: true,
      debtId: 12,
      source: 'PAYMENT',
      amount: '1234.56',
      currency: 'ARS',
      method: 'EFECTIVO',
      reversed: true,
    },
  ],
  truncated: false,
};

const fileApi = (history: unknown = HISTORY) =>
  debtApi((config) => {
    if (config.url === '/debtors/3/history') return { status: 200, data: history };
    if (config.url === '/debts' && config.params?.debtorId === 3) return list([debt]);
    if (config.url === '/debtors/99')
      return { status: 404, data: { message: 'El deudor indicado no existe.' } };
    return undefined;
  });

describe("/debtors/view/{id}: the debtor's file (issue 32)", { timeout: 30_000 }, () => {
  it('shows who they are, their debts and one history across them, newest first, by kind', async () => {
    signInAs('GENERAL');
    fileApi();
    renderApp('/debtors/view/3');
    const about = await screen.findByRole('region', { name: 'Datos del deudor' }, { timeout: 5000 });
    expect(about).toHaveTextContent('Pérez, Juan');
    expect(about).toHaveTextContent('DNI 20.345.678');
    expect(about).toHaveTextContent('CUIT/CUIL 20-20345678-0');
    expect(await screen.findByRole('link', { name: 'N.º 12' })).toHaveAttribute('href', '/debts/view/12');

    const history = screen.getByRole('list', { name: 'Movimientos' });
    const entries = within(history)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === history);
    expect(entries).toHaveLength(4);
    expect(entries[0]).toHaveTextContent('Llamada (Celular) · Promesa de pago');
    expect(entries[0]).toHaveTextContent('Promete transferir a fin de mes');
    expect(
      within(entries[0] as HTMLElement).getByRole('link', { name: 'Deuda N.º 12 · Frávega S.A. · CTA-12' }),
    ).toHaveAttribute('href', '/debts/view/12');
    expect(entries[1]).toHaveTextContent('Carta «Intimación de pago»');
    expect(entries[1]).toHaveTextContent('Deuda N.º 14 · Banco Sur');
    expect(entries[2]).toHaveTextContent('Etapa: Preventiva → Extrajudicial');
    expect(entries[3]).toHaveTextContent('10/11/2026');
    expect(entries[3]).toHaveTextContent('Pago de $ 1.234,56 (Efectivo)');
    expect(entries[3]).toHaveTextContent('Anulado');

    await fastUser().click(screen.getByRole('radio', { name: 'Pagos (1)' }));
    expect(
      within(history)
        .getAllByRole('listitem')
        .filter((item) => item.parentElement === history),
    ).toHaveLength(1);
    await fastUser().click(screen.getByRole('radio', { name: 'Cartas (1)' }));
    expect(history).toHaveTextContent('Intimación de pago');
    expect(history).not.toHaveTextContent('Pago de');
  });

  it('a debtor with nothing recorded says so; «Editar datos» leads to the form', async () => {
    signInAs('GENERAL');
    fileApi({ debts: [], data: [], truncated: false });
    renderApp('/debtors/view/3');
    expect(
      await screen.findByText(
        'Todavía no hay gestiones, pagos, cartas ni cambios en sus deudas.',
        undefined,
        {
          timeout: 5000,
        },
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Editar datos' })).toHaveAttribute('href', '/debtors/edit/3');
  });

  it('an unknown debtor is a notice with the way back, not an error', async () => {
    signInAs('GENERAL');
    fileApi();
    renderApp('/debtors/view/99');
    expect(
      await screen.findByText('El deudor no existe o no tiene acceso', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir a la lista de deudores' })).toHaveAttribute(
      'href',
      '/debtors/list',
    );
  });
});
