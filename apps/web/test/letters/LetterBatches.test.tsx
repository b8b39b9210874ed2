import { IMPORT_STATUS_LABELS, LETTER_MESSAGES, type LetterBatch } from '@cobranzas/shared';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setNavigator } from '../../src/lib/navigation';
import { session } from '../../src/lib/session';
import { mockApi } from '../http';
import { renderApp, signInAs } from '../render';

beforeAll(async () => {
  await Promise.all([import('../../src/features/letters/pages'), import('../../src/app/layout/AppLayout')]);
}, 30_000);

afterEach(() => {
  vi.restoreAllMocks();
  notifications.clean();
  setNavigator(null);
  session.start();
});

const batch = (id: number, fields: Partial<LetterBatch> = {}): LetterBatch => ({
  id,
  status: 'DONE',
  letters: 40,
  error: null,
  createdBy: 1,
  createdByName: 'Ana Pérez',
  createdAt: '2026-11-30T12:00:00.000Z',
  finishedAt: '2026-11-30T12:01:00.000Z',
  ...fields,
});
const WAITING = {
  waiting: 1200,
  byTemplate: [
    { templateCode: 'intimacion', templateName: 'Intimación de pago', letters: 1000 },
    { templateCode: 'propuesta', templateName: 'Propuesta de pago', letters: 200 },
  ],
};
const list = (data: unknown[]) => ({ status: 200, data: { data, total: data.length, page: 1, limit: 10 } });
const title = () =>
  screen.findByRole('heading', { level: 1, name: 'Cartas para imprimir' }, { timeout: 3000 });

describe('Cartas para imprimir (issue 36)', { timeout: 30_000 }, () => {
  it('shows the letters waiting by template, prints a batch after a confirmation and follows it until its PDF', async () => {
    signInAs('GENERAL');
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:x');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const state = { waiting: WAITING, batches: [batch(1)] };
    const { requests } = mockApi((config) => {
      if (config.url === '/letter-batches/waiting') return { status: 200, data: state.waiting };
      if (config.url === '/letter-batches' && config.method === 'post') {
        const queued = batch(2, { status: 'QUEUED', letters: 1000, finishedAt: null });
        state.waiting = {
          waiting: 200,
          byTemplate: [WAITING.byTemplate[1] as (typeof WAITING.byTemplate)[0]],
        };
        state.batches = [queued, ...state.batches];
        return { status: 201, data: queued };
      }
      if (config.url === '/letter-batches') {
        const answer = list(state.batches);
        // Asked again while it prints: done by the next time.
        state.batches = state.batches.map((b) =>
          b.status === 'QUEUED' ? { ...b, status: 'DONE', finishedAt: '2026-11-30T12:05:00.000Z' } : b,
        );
        return answer;
      }
      if (config.url === '/letter-batches/1/file') return { status: 200, data: new Blob(['%PDF']) };
      return { status: 404, data: { message: 'No encontrado' } };
    });
    const { user } = renderApp('/letters/batches');
    await title();
    const waiting = screen.getByRole('region', { name: 'En espera' });
    expect(await within(waiting).findByText('1.200 cartas en espera de impresión.')).toBeInTheDocument();
    const rows = within(waiting)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual(['Modelo de cartaCartas', 'Intimación de pago1.000', 'Propuesta de pago200']);
    expect(waiting).toHaveTextContent(
      'Cada lote imprime hasta 1.000 cartas; las demás quedan en espera para el lote siguiente.',
    );

    // The batches: the printed one offers its PDF, fetched with the session (a blob, not a link).
    const batches = screen.getByRole('region', { name: 'Lotes' });
    const first = await within(batches).findByRole('row', { name: 'Lote N.º 1' });
    expect(first).toHaveTextContent(IMPORT_STATUS_LABELS.DONE);
    expect(first).toHaveTextContent('Ana Pérez');
    await user.click(within(first).getByRole('button', { name: 'Descargar PDF del lote N.º 1' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(requests.find((r) => r.url === '/letter-batches/1/file')?.responseType).toBe('blob');
    expect(requests.find((r) => r.url === '/letter-batches' && r.method === 'get')?.params).toMatchObject({
      sort: 'createdAt',
      order: 'desc',
    });

    await user.click(screen.getByRole('button', { name: 'Imprimir lote' }));
    const dialog = await screen.findByRole('dialog', { name: 'Imprimir un lote' });
    expect(dialog).toHaveTextContent(
      '¿Imprimir 1.000 cartas? Se prepara un PDF con la lista y cada carta desde una página nueva, y cada carta queda registrada como enviada en su deuda. Quedan 200 cartas en espera para el lote siguiente.',
    );
    expect(requests.some((r) => r.method === 'post')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Sí, imprimir' }));
    expect(await screen.findByText('Se está preparando el lote N.º 2 con 1.000 cartas.')).toBeInTheDocument();
    expect(await within(waiting).findByText('200 cartas en espera de impresión.')).toBeInTheDocument();

    // Queued: no PDF yet; asked again within ~2 s, it is done and offers its PDF.
    const second = await within(batches).findByRole('row', { name: 'Lote N.º 2' });
    expect(second).toHaveTextContent(IMPORT_STATUS_LABELS.QUEUED);
    expect(within(second).queryByRole('button', { name: /Descargar PDF/ })).toBeNull();
    expect(
      await within(batches).findByRole('button', { name: 'Descargar PDF del lote N.º 2' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('nothing waiting: «Imprimir lote» is off; a batch someone else took first says so (409)', async () => {
    signInAs('ADMIN');
    const state = { waiting: { waiting: 3, byTemplate: [{ ...WAITING.byTemplate[0], letters: 3 }] } };
    mockApi((config) => {
      if (config.url === '/letter-batches/waiting') return { status: 200, data: state.waiting };
      if (config.url === '/letter-batches' && config.method === 'post') {
        state.waiting = { waiting: 0, byTemplate: [] };
        return { status: 409, data: { message: LETTER_MESSAGES.nothingWaiting } };
      }
      if (config.url === '/letter-batches') return list([]);
      return { status: 404, data: { message: 'No encontrado' } };
    });
    const { user } = renderApp('/letters/batches');
    await title();
    expect(await screen.findByText('Todavía no se imprimió ningún lote.')).toBeInTheDocument();
    const print = screen.getByRole('button', { name: 'Imprimir lote' });
    await waitFor(() => expect(print).toBeEnabled());
    await user.click(print);
    const dialog = await screen.findByRole('dialog', { name: 'Imprimir un lote' });
    await user.click(within(dialog).getByRole('button', { name: 'Sí, imprimir' }));
    const waiting = screen.getByRole('region', { name: 'En espera' });
    expect(await within(waiting).findByText(LETTER_MESSAGES.nothingWaiting)).toBeInTheDocument();
    expect(screen.getAllByText(LETTER_MESSAGES.nothingWaiting).length).toBeGreaterThan(1);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Imprimir lote' })).toBeDisabled());
  });
});
