import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setNavigator } from '../../src/lib/navigation';
import { session } from '../../src/lib/session';
import { renderApp, signInAs } from '../render';
import { debtApi, stubScrollIntoView } from './fixtures';

beforeAll(async () => {
  stubScrollIntoView();
  await Promise.all([import('../../src/features/debts/pages'), import('../../src/app/layout/AppLayout')]);
}, 60_000);

afterEach(() => {
  setNavigator(null);
  session.start();
});

const HISTORY = {
  data: [
    {
      id: 9,
      at: '2026-11-20T15:30:00.000Z',
      userName: 'Valeria Sosa',
      kind: 'MODIFICADA',
      changes: [{ field: 'debtTypeId', label: 'Etapa', before: 'Preventiva', after: 'Extrajudicial' }],
    },
    {
      id: 3,
      at: '2026-11-01T12:00:00.000Z',
      userName: 'Administrador',
      kind: 'CREADA',
      changes: [{ field: 'originalAmount', label: 'Importe original', before: null, after: '$ 1.500,00' }],
    },
  ],
};

describe("«Historial»: the debt's changes (issue 32)", { timeout: 30_000 }, () => {
  it('staff read who changed what, newest first, each change as «antes → después»', async () => {
    signInAs('GENERAL');
    debtApi((config) => (config.url === '/debts/12/history' ? { status: 200, data: HISTORY } : undefined));
    renderApp('/debts/view/12?tab=historial');
    const list = await screen.findByRole('list', { name: 'Historial de cambios' }, { timeout: 5000 });
    const entries = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === list);
    expect(entries).toHaveLength(2);
    expect(entries[0]).toHaveTextContent('20/11/2026');
    expect(entries[0]).toHaveTextContent('Valeria Sosa · Modificó');
    expect(entries[0]).toHaveTextContent('Etapa: Preventiva → Extrajudicial');
    expect(entries[1]).toHaveTextContent('Administrador · Creó la deuda');
    expect(entries[1]).toHaveTextContent('Importe original: $ 1.500,00');
  });

  it('a client company user has no «Historial» tab', async () => {
    signInAs('CLIENTE');
    debtApi(() => undefined);
    renderApp('/debts/view/12');
    await screen.findByRole('tablist', { name: 'Secciones de la deuda' }, { timeout: 5000 });
    expect(screen.queryByRole('tab', { name: 'Historial' })).not.toBeInTheDocument();
  });
});
