import { screen, within } from '@testing-library/react';
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

const event = (id: number, description: string, acknowledgment: boolean) => ({
  id,
  debtId: 12,
  date: '2026-11-30T12:00:00.000Z',
  eventTypeId: 1,
  eventTypeName: 'Llamada',
  eventSubTypeId: null,
  eventSubTypeName: null,
  eventHistoryTypeId: null,
  eventHistoryTypeName: null,
  userId: 4,
  userName: 'Valeria Sosa',
  description,
  acknowledgment,
  createdAt: '2026-11-30T12:00:00.000Z',
  updatedAt: '2026-11-30T12:00:00.000Z',
});

describe('«Gestiones»: a contact where the debtor acknowledged the debt (issue 37)', {
  timeout: 30_000,
}, () => {
  it('carries the badge «Reconoce la deuda»; the others do not', async () => {
    signInAs('GENERAL');
    debtApi((config) =>
      config.url === '/events'
        ? list([event(2, 'Reconoce y pide un plan.', true), event(1, 'No atiende.', false)])
        : undefined,
    );
    renderApp('/debts/view/12?tab=gestiones');
    const acknowledged = await screen.findByText('Reconoce y pide un plan.', {}, { timeout: 5000 });
    const item = (text: HTMLElement) => text.closest('.mantine-Timeline-item') as HTMLElement;
    expect(within(item(acknowledged)).getByText('Reconoce la deuda')).toBeInTheDocument();
    expect(within(item(screen.getByText('No atiende.'))).queryByText('Reconoce la deuda')).toBeNull();
    expect(screen.getAllByText('Reconoce la deuda')).toHaveLength(1);
  });
});
