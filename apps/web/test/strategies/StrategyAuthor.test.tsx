import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setNavigator } from '../../src/lib/navigation';
import { session } from '../../src/lib/session';
import { debtApi, list, stubScrollIntoView } from '../debts/fixtures';
import { renderApp, signInAs } from '../render';

beforeAll(async () => {
  stubScrollIntoView();
  await Promise.all([import('../../src/features/debts/pages'), import('../../src/app/layout/AppLayout')]);
}, 60_000);

afterEach(() => {
  setNavigator(null);
  session.start();
});

const event = (id: number, fields: object) => ({
  id,
  debtId: 12,
  date: '2026-11-30T12:00:00.000Z',
  eventTypeId: 1,
  eventTypeName: 'Cambio de etapa',
  description: null,
  ...fields,
});

describe('«Gestiones»: what a strategy did is signed by it (issue 36)', { timeout: 30_000 }, () => {
  it('shows «Estrategia «name»» as the author, and a person’s name otherwise', async () => {
    signInAs('GENERAL');
    debtApi((config) =>
      config.url === '/events'
        ? list([
            event(2, { userId: null, userName: null, strategyId: 5, strategyName: 'Pasar a judicial' }),
            event(1, { userId: 4, userName: 'Valeria Sosa' }),
          ])
        : undefined,
    );
    renderApp('/debts/view/12?tab=gestiones');
    expect(
      await screen.findByText(/· Estrategia «Pasar a judicial»$/, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText(/· Valeria Sosa$/)).toBeInTheDocument();
  });
});
