import { SETTLEMENT_MESSAGES, type Settlement } from '@cobranzas/shared';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import type { AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '../../src/lib/api';
import { setNavigator } from '../../src/lib/navigation';
import { session } from '../../src/lib/session';
import { fastUser, stubScrollIntoView } from '../debts/fixtures';
import { renderApp, signInAs } from '../render';
import { closed, draft, settlementApi } from './fixtures';

beforeAll(async () => {
  stubScrollIntoView();
  await Promise.all([
    import('../../src/features/settlements/pages'),
    import('../../src/app/layout/AppLayout'),
  ]);
}, 60_000);

afterEach(() => {
  notifications.clean();
  setNavigator(null);
  session.start();
  vi.restoreAllMocks();
});

const totals = () => screen.findByRole('region', { name: 'Totales' }, { timeout: 5000 });
/** The value next to a label in the totals. */
const total = (region: HTMLElement, label: string) =>
  [...region.querySelectorAll('dt')].find((dt) => dt.textContent === label)?.nextElementSibling?.textContent;

describe('a settlement’s page (issue 19)', { timeout: 30_000 }, () => {
  it('shows the header, the totals and the lines; an ADMIN closes a draft after confirming', async () => {
    signInAs('ADMIN');
    let record: Settlement = draft;
    const { requests } = settlementApi((config) => {
      if (config.method === 'patch') {
        record = closed;
        return { status: 200, data: closed };
      }
      if (config.url === '/settlements/7') return { status: 200, data: record };
      return undefined;
    });
    renderApp('/settlements/7');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Borrador de rendición · Frávega S.A.' }),
    ).toBeInTheDocument();
    const region = await totals();
    expect(total(region, 'Cobrado')).toBe('$ 10.000,00');
    expect(total(region, 'de ello, cobrado directamente por el cliente')).toBe('$ 2.000,00');
    expect(total(region, 'Comisión (10 %)')).toBe('$ 1.000,00');
    expect(total(region, 'IVA (21 %)')).toBe('$ 210,00');
    expect(total(region, 'Neto')).toBe('$ 8.790,00');
    expect(total(region, 'A transferir')).toBe('$ 6.790,00');

    const row = await screen.findByRole('row', { name: 'Pago de $ 2.000,00 del 10/10/2026' });
    for (const text of ['Pérez, Juan', '20.345.678', 'Judicial', '10 %', 'Directo al cliente'])
      expect(row).toHaveTextContent(text);
    expect(within(row).getByRole('link', { name: 'CTA-1' })).toHaveAttribute('href', '/debts/view/12');

    const user = fastUser();
    await user.click(screen.getByRole('button', { name: 'Cerrar rendición' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cerrar la rendición' });
    expect(dialog).toHaveTextContent('congela sus 3 pagos y depósitos');
    expect(dialog).toHaveTextContent('No se puede deshacer.');
    await user.click(within(dialog).getByRole('button', { name: 'Sí, cerrar la rendición' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Rendición Nº 12 · Frávega S.A.' }),
    ).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'patch').map((r) => r.url)).toEqual(['/settlements/7/close']);
    expect(screen.queryByRole('button', { name: 'Cerrar rendición' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Borrar borrador' })).not.toBeInTheDocument();
  });

  it('shows the API’s 409 when the draft changed since it was made', async () => {
    signInAs('ADMIN');
    settlementApi((config) =>
      config.method === 'patch'
        ? { status: 409, data: { message: SETTLEMENT_MESSAGES.changedSinceDraft } }
        : undefined,
    );
    renderApp('/settlements/7');
    const user = fastUser();
    await user.click(await screen.findByRole('button', { name: 'Cerrar rendición' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Cerrar la rendición' });
    await user.click(within(dialog).getByRole('button', { name: 'Sí, cerrar la rendición' }));
    expect(await screen.findByText(SETTLEMENT_MESSAGES.changedSinceDraft)).toBeInTheDocument();
  });

  it('an ADMIN deletes a draft after confirming, and goes back to the list', async () => {
    signInAs('ADMIN');
    const { requests } = settlementApi((config) =>
      config.method === 'delete' ? { status: 204 } : undefined,
    );
    const { router } = renderApp('/settlements/7');
    const user = fastUser();
    await user.click(await screen.findByRole('button', { name: 'Borrar borrador' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Borrar el borrador' });
    expect(dialog).toHaveTextContent('¿Borrar el borrador de Frávega S.A.?');
    await user.click(within(dialog).getByRole('button', { name: 'Borrar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settlements/list'));
    expect(requests.filter((r) => r.method === 'delete').map((r) => r.url)).toEqual(['/settlements/7']);
  });

  it('says «A cobrar al cliente» when the client owes, and each rate’s commission', async () => {
    signInAs('GENERAL');
    settlementApi(undefined, {
      ...closed,
      direct: '9500.00',
      commissions: [
        { commissionRate: '10.00', collected: '6000.00', commission: '600.00' },
        { commissionRate: '15.00', collected: '4000.00', commission: '600.00' },
      ],
      commission: '1200.00',
      vat: '252.00',
      net: '8548.00',
      payable: '-952.00',
    });
    renderApp('/settlements/7');
    const region = await totals();
    expect(total(region, 'Comisión')).toBe('$ 1.200,00');
    expect(total(region, 'Comisión 10 % sobre $ 6.000,00')).toBe('$ 600,00');
    expect(total(region, 'Comisión 15 % sobre $ 4.000,00')).toBe('$ 600,00');
    expect(total(region, 'A cobrar al cliente')).toBe('$ 952,00');
    expect(within(region).queryByText('A transferir')).not.toBeInTheDocument();
    // GENERAL: no closing or deleting.
    expect(screen.queryByRole('button', { name: 'Cerrar rendición' })).not.toBeInTheDocument();
  });

  it('a CLIENTE reads a closed one, without links to the debts, and downloads its Excel', async () => {
    signInAs('CLIENTE');
    settlementApi(undefined, closed);
    const inner = api.defaults.adapter as (config: InternalAxiosRequestConfig) => Promise<AxiosResponse>;
    api.defaults.adapter = async (config: InternalAxiosRequestConfig) =>
      config.url === '/settlements/7/file'
        ? {
            data: new Blob(['xlsx'], { type: 'application/octet-stream' }),
            status: 200,
            statusText: 'OK',
            headers: { 'content-disposition': 'attachment; filename="rendicion-00012.xlsx"' },
            config,
          }
        : inner(config);
    URL.createObjectURL = vi.fn(() => 'blob:rendicion');
    URL.revokeObjectURL = () => {};
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    renderApp('/settlements/7');
    const row = await screen.findByRole(
      'row',
      { name: 'Pago de $ 2.000,00 del 10/10/2026' },
      { timeout: 5000 },
    );
    expect(within(row).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cerrar rendición' })).not.toBeInTheDocument();
    await fastUser().click(screen.getByRole('button', { name: 'Descargar Excel' }));
    await waitFor(() => expect(names).toEqual(['rendicion-00012.xlsx']));
    expect(screen.getByRole('button', { name: 'Descargar PDF' })).toBeInTheDocument();
  });

  it('an unknown id says the record does not exist', async () => {
    signInAs('ADMIN');
    settlementApi((config) =>
      config.url === '/settlements/99' ? { status: 404, data: { message: 'No existe.' } } : undefined,
    );
    renderApp('/settlements/99');
    expect(await screen.findByText('El registro no existe', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
