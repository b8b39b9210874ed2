import { MESSAGES } from '@cobranzas/shared';
import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import type { AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '../../src/lib/api';
import { setNavigator } from '../../src/lib/navigation';
import { session } from '../../src/lib/session';
import { debtApi, fastUser, list, stubScrollIntoView } from '../debts/fixtures';
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

const payment = {
  id: 41,
  debtId: 12,
  quotaId: null,
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

/** The debt file's API, and the receipt answered by `receipt` (headers included, unlike mockApi). */
function withReceipt(receipt: (config: InternalAxiosRequestConfig) => Promise<AxiosResponse>) {
  const { requests } = debtApi((config) => (config.url === '/payments' ? list([payment]) : undefined));
  const inner = api.defaults.adapter as (config: InternalAxiosRequestConfig) => Promise<AxiosResponse>;
  api.defaults.adapter = (config: InternalAxiosRequestConfig) =>
    config.url === '/payments/41/receipt' ? receipt(config) : inner(config);
  return requests;
}

const receiptButton = () =>
  screen.findByRole('button', { name: 'Recibo del pago de $ 500,00 del 10/01/2026' }, { timeout: 4000 });

describe('«Recibo» on a payment row (issue 17)', { timeout: 30_000 }, () => {
  it('downloads GET /payments/{id}/receipt as a blob under the server’s file name', async () => {
    signInAs('CLIENTE');
    let asked: InternalAxiosRequestConfig | undefined;
    withReceipt(async (config) => {
      asked = config;
      return {
        data: new Blob(['%PDF-1.7'], { type: 'application/pdf' }),
        status: 200,
        statusText: 'OK',
        headers: { 'content-disposition': 'attachment; filename="recibo-00000042.pdf"' },
        config,
      };
    });
    const created = vi.fn(() => 'blob:recibo');
    URL.createObjectURL = created;
    URL.revokeObjectURL = () => {};
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    renderApp('/debts/view/12?tab=pagos');
    const button = await receiptButton();
    expect(button).toHaveTextContent('Recibo');
    await fastUser().click(button);
    await waitFor(() => expect(names).toEqual(['recibo-00000042.pdf']));
    expect(asked?.responseType).toBe('blob');
    expect(created).toHaveBeenCalledTimes(1);
  });

  it('a refusal shows the server’s Spanish message (read from the blob body)', async () => {
    signInAs('ADMIN');
    withReceipt(async (config) => {
      const { AxiosError } = await import('axios');
      const response = {
        data: new Blob([JSON.stringify({ message: MESSAGES.notFound })], { type: 'application/json' }),
        status: 404,
        statusText: 'Not Found',
        headers: {},
        config,
      };
      throw new AxiosError(
        'Request failed with status code 404',
        AxiosError.ERR_BAD_REQUEST,
        config,
        {},
        response,
      );
    });
    renderApp('/debts/view/12?tab=pagos');
    await fastUser().click(await receiptButton());
    expect(await screen.findByText(MESSAGES.notFound)).toBeInTheDocument();
    expect(screen.getByText('No se pudo generar el recibo')).toBeInTheDocument();
  });
});
