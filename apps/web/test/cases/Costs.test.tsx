import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setNavigator } from '../../src/lib/navigation';
import { session } from '../../src/lib/session';
import { debt, fastUser, stubScrollIntoView } from '../debts/fixtures';
import { bodyOf, mockApi } from '../http';
import { renderApp, signInAs } from '../render';
import { CASE, catalogs, list, today } from './fixtures';

beforeAll(async () => {
  stubScrollIntoView();
  await Promise.all([
    import('../../src/features/cases/pages'),
    import('../../src/features/catalogs/pages'),
    import('../../src/app/layout/AppLayout'),
  ]);
}, 60_000);

afterEach(() => {
  notifications.clean();
  setNavigator(null);
  session.start();
});

const stamp = { createdAt: '2026-03-01T12:00:00.000Z', updatedAt: '2026-03-01T12:00:00.000Z' };
const SERVICE = {
  id: 70,
  debtId: 12,
  description: 'Tasa de justicia',
  amount: '4500.00',
  date: '2026-02-11',
  ...stamp,
};

describe('«Costas»: the debt’s court costs on the case page (issue 37)', { timeout: 30_000 }, () => {
  it('lists the debt’s services and adds one with a usual description', async () => {
    signInAs('GENERAL');
    const { requests } = mockApi((config) => {
      const known = catalogs(config);
      if (known) return known;
      if (config.url === '/cases/7') return { status: 200, data: CASE };
      if (config.url === '/debts/12') return { status: 200, data: { ...debt, debtTypeId: 3 } };
      if (config.url === '/services' && config.method === 'post') return { status: 201, data: SERVICE };
      if (config.url === '/services') return list([SERVICE]);
      return list([]);
    });
    renderApp('/cases/7?tab=costas');
    const row = await screen.findByRole('row', { name: 'Servicio Tasa de justicia' }, { timeout: 5000 });
    expect(row).toHaveTextContent('$ 4.500,00');
    expect(row).toHaveTextContent('11/02/2026');
    expect(requests.find((r) => r.url === '/services')?.params).toMatchObject({ debtId: 12 });

    const user = fastUser();
    await user.click(screen.getByRole('button', { name: 'Agregar costa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Agregar costa' });
    const presets = within(dialog).getByRole('group', { name: 'Descripciones habituales' });
    expect(
      within(presets)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Tasa de justicia', 'Sellados', 'Honorarios adelantados', 'Otros gastos']);
    await user.click(within(presets).getByRole('button', { name: 'Sellados' }));
    expect(within(dialog).getByRole('textbox', { name: /^Descripción/ })).toHaveValue('Sellados');
    await user.type(within(dialog).getByRole('textbox', { name: /^Importe/ }), '1.250,50');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() =>
      expect(requests.some((r) => r.url === '/services' && r.method === 'post')).toBe(true),
    );
    expect(bodyOf(requests.find((r) => r.url === '/services' && r.method === 'post'))).toEqual({
      debtId: 12,
      description: 'Sellados',
      amount: '1250.50',
      date: today,
    });
  });
});

describe('collection types: «Años de prescripción» (issue 37)', { timeout: 30_000 }, () => {
  it('shows the years in the list and edits them with the Civil Code’s rule as help', async () => {
    signInAs('ADMIN');
    const TYPE = { id: 4, name: 'Telefonía', description: null, prescriptionYears: 2, ...stamp };
    const { requests } = mockApi((config) => {
      if (config.url === '/collections-types/4' && config.method === 'patch')
        return { status: 200, data: TYPE };
      if (config.url === '/collections-types/4') return { status: 200, data: TYPE };
      return list(config.url === '/collections-types' ? [TYPE] : []);
    });
    const { router } = renderApp('/collections-types/list');
    const row = await screen.findByRole('row', { name: 'Abrir Telefonía' }, { timeout: 5000 });
    expect(row).toHaveTextContent('2 años');
    const user = fastUser();
    await user.click(row);
    await waitFor(() => expect(router.state.location.pathname).toBe('/collections-types/edit/4'));
    const years = await screen.findByRole('textbox', { name: /^Años de prescripción/ });
    expect(years).toHaveValue('2');
    expect(
      screen.getByText(
        '5 años (CCyC 2560); 2 años para lo que se paga por períodos menores a un año (CCyC 2562)',
      ),
    ).toBeInTheDocument();
    await user.clear(years);
    await user.type(years, '5');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'patch')).toBe(true));
    expect(bodyOf(requests.find((r) => r.method === 'patch'))).toMatchObject({
      name: 'Telefonía',
      prescriptionYears: 5,
    });
  });
});
