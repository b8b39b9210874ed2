import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setNavigator } from '../../src/lib/navigation';
import { session } from '../../src/lib/session';
import { renderApp, signInAs } from '../render';
import { debt, debtApi, stubScrollIntoView } from './fixtures';

beforeAll(async () => {
  stubScrollIntoView();
  await Promise.all([import('../../src/features/debts/pages'), import('../../src/app/layout/AppLayout')]);
}, 60_000);

afterEach(() => {
  setNavigator(null);
  session.start();
});

async function header(overrides: Partial<typeof debt>) {
  signInAs('ADMIN');
  debtApi(undefined, { debt: { ...debt, ...overrides } });
  renderApp('/debts/view/12');
  await screen.findByText('Pérez, Juan', undefined, { timeout: 3000 });
  return screen.getByRole('region', { name: 'Resumen de la deuda' });
}

describe('debt header: court and case number', { timeout: 30_000 }, () => {
  it('still shows them after the debt left Judicial (issue 15)', async () => {
    const region = await header({
      debtTypeId: 2,
      debtTypeName: 'Extrajudicial',
      court: 'Juzgado Civil 4',
      caseNumber: 'EXP-99/2025',
    });
    expect(within(region).getByText('Juzgado')).toBeInTheDocument();
    expect(within(region).getByText('Juzgado Civil 4')).toBeInTheDocument();
    expect(within(region).getByText('Expediente')).toBeInTheDocument();
    expect(within(region).getByText('EXP-99/2025')).toBeInTheDocument();
  });

  it('shows them in Judicial too, and leaves them out when there are none', async () => {
    const judicial = await header({
      debtTypeId: 3,
      debtTypeName: 'Judicial',
      court: null,
      caseNumber: 'EXP-1',
    });
    expect(within(judicial).queryByText('Juzgado')).not.toBeInTheDocument();
    expect(within(judicial).getByText('EXP-1')).toBeInTheDocument();
  });

  it('a debt that never had a case shows neither', async () => {
    const region = await header({});
    expect(within(region).queryByText('Juzgado')).not.toBeInTheDocument();
    expect(within(region).queryByText('Expediente')).not.toBeInTheDocument();
  });
});
