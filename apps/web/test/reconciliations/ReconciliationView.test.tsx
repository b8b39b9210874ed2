import type { Reconciliation, ReconciliationLine } from '@cobranzas/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setNavigator } from '../../src/lib/navigation';
import { session } from '../../src/lib/session';
import { bodyOf, mockApi } from '../http';
import { renderApp, signInAs } from '../render';

beforeAll(async () => {
  await Promise.all([
    import('../../src/features/reconciliations/pages'),
    import('../../src/app/layout/AppLayout'),
  ]);
}, 60_000);

afterEach(() => {
  setNavigator(null);
  session.start();
});

const FILE: Reconciliation = {
  id: 7,
  status: 'DONE',
  fileName: 'galicia-noviembre.csv',
  profileId: 2,
  profileName: 'Banco Galicia cta. cte.',
  source: 'BANCO',
  processedRows: 3,
  totalRows: 3,
  skippedRows: 0,
  rejectedRows: 0,
  problems: [],
  counts: { posted: 0, toReview: 2, unmatched: 0, ignored: 0 },
  error: null,
  createdBy: 1,
  createdByName: 'Ana Pérez',
  createdAt: '2026-11-29T12:00:00.000Z',
  finishedAt: '2026-11-29T12:00:05.000Z',
};

const candidate = (
  debtId: number,
  existing: ReconciliationLine['candidates'][number]['existing'] = null,
) => ({
  debtId,
  confidence: 'ALTA' as const,
  reason: 'DNI 30123456 del deudor',
  debtorName: 'GARCÍA, Ana',
  dni: '30123456',
  companyName: 'Frávega S.A.',
  reference: `R-${debtId}`,
  existing,
});

const line = (id: number, rowNumber: number, fields: Partial<ReconciliationLine>): ReconciliationLine => ({
  id,
  reconciliationId: 7,
  rowNumber,
  date: '2026-11-27',
  amount: '1500.00',
  description: `TRANSFERENCIA ${rowNumber}`,
  reference: null,
  payerName: 'GARCIA ANA',
  payerId: null,
  transactionId: null,
  status: 'A_REVISAR',
  confidence: 'ALTA',
  candidates: [],
  postings: [],
  postedBy: null,
  note: null,
  decidedByName: null,
  decidedAt: null,
  ...fields,
});

describe('the review of a statement (issue 35)', { timeout: 30_000 }, () => {
  it('Enter posts the line’s only candidate; a payment another file posted is a probable duplicate that Enter never posts', async () => {
    signInAs('ADMIN');
    const lines = [
      line(11, 2, { candidates: [candidate(40)] }),
      line(12, 3, {
        candidates: [
          candidate(41, {
            kind: 'PAYMENT',
            id: 900,
            date: '2026-11-26',
            amount: '1500.00',
            postedBy: { reconciliationId: 3, rowNumber: 9 },
          }),
        ],
      }),
    ];
    const { requests } = mockApi((config) => {
      if (config.url === '/reconciliations/7') return { status: 200, data: FILE };
      if (config.url === '/reconciliations/7/lines') return { status: 200, data: { data: lines, total: 2 } };
      if (config.url === '/reconciliations/7/lines/11/post' && config.method === 'post')
        return { status: 200, data: { ...lines[0], status: 'CONCILIADA' } };
      return { status: 404, data: { message: 'No encontrado' } };
    });
    renderApp('/reconciliations/view/7');
    const grid = await screen.findByRole('grid', { name: 'Líneas del archivo' });
    expect(within(grid).getAllByText('$ 1.500,00')).toHaveLength(2);

    const user = userEvent.setup();
    grid.focus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(requests.some((r) => r.url === '/reconciliations/7/lines/11/post')).toBe(true),
    );
    const post = requests.find((r) => r.url === '/reconciliations/7/lines/11/post');
    expect(bodyOf(post)).toEqual({ parts: [{ debtId: 40, amount: '1500.00' }] });
    expect(
      await screen.findByText('Fila 2: pago de $ 1.500,00 registrado en la deuda N.º 40.'),
    ).toBeInTheDocument();

    await user.keyboard('{ArrowDown}');
    const detail = await screen.findByRole('complementary', { name: 'Fila 3' });
    expect(
      within(detail).getByText(
        'Posible duplicado: el pago N.º 900 de $ 1.500,00 del 26/11/2026 ya se concilió en el archivo N.º 3, fila 9.',
      ),
    ).toBeInTheDocument();
    expect(within(detail).getByRole('button', { name: 'Conciliar igual' })).toBeInTheDocument();
    // Enter never posts what is probably the same money twice: a person does it on purpose, by the button.
    grid.focus();
    await user.keyboard('{Enter}');
    expect(
      await screen.findByText('Posible duplicado: revise la línea y use «Conciliar igual» si es otro pago.'),
    ).toBeInTheDocument();
    expect(requests.some((r) => r.url === '/reconciliations/7/lines/12/post')).toBe(false);
  });
});
