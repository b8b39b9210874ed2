import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setNavigator } from '../../src/lib/navigation';
import { session } from '../../src/lib/session';
import { debtor, stubScrollIntoView } from '../debts/fixtures';
import { bodyOf, mockApi } from '../http';
import { renderApp, signInAs } from '../render';

beforeAll(async () => {
  stubScrollIntoView();
  await Promise.all([
    import('../../src/features/companies/pages'),
    import('../../src/features/debtors/pages'),
    import('../../src/app/layout/AppLayout'),
  ]);
}, 60_000);

afterEach(() => {
  notifications.clean();
  setNavigator(null);
  session.start();
});

const at = '2026-01-01T00:00:00Z';
const company = {
  id: 5,
  name: 'Edenor S.A.',
  cuit: '30500010912',
  email: null,
  phone: null,
  address: null,
  contactName: null,
  commissionRate: '12.50',
  promiseGraceDays: 0,
  promiseMaxDays: 90,
  active: true,
  maxDiscountPercent: null,
  maxQuotas: null,
  minDownPaymentPercent: null,
  contactDays: null,
  contactFrom: null,
  contactTo: null,
  maxAttemptsPerDay: null,
  maxAttemptsPerWeek: null,
  createdAt: at,
  updatedAt: at,
};
const emptyList = { status: 200, data: { data: [], total: 0, page: 1, limit: 25 } };
const box = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });

describe('contact rules in the settings forms (issue 18)', { timeout: 30_000 }, () => {
  it('a company: its own hours (Lun…Dom, desde/hasta) and the caps «Intentos por día» / «por semana»', async () => {
    signInAs('ADMIN');
    const { requests } = mockApi((config) => {
      if (config.url === '/companies/5' && config.method === 'get') return { status: 200, data: company };
      if (config.url === '/companies/5')
        return { status: 200, data: { ...company, ...(bodyOf(config) as object) } };
      return emptyList;
    });
    const { user, router } = renderApp('/companies/edit/5');
    await waitFor(() => expect(box('Razón social')).toHaveValue('Edenor S.A.'), { timeout: 3000 });
    // The agency's hours until the company has its own.
    expect(screen.queryByRole('checkbox', { name: 'lunes' })).toBeNull();
    await user.click(screen.getByRole('switch', { name: /Horario de contacto propio/ }));
    expect(screen.getByRole('checkbox', { name: 'lunes' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'sábado' }));
    await user.clear(box('Desde'));
    await user.type(box('Desde'), '09:00');
    await user.type(box('Intentos por día'), '3');
    await user.type(box('Intentos por semana'), '10');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/companies/list'));
    expect(bodyOf(requests.find((r) => r.method === 'patch'))).toMatchObject({
      contactDays: [1, 2, 3, 4, 5, 6],
      contactFrom: '09:00',
      contactTo: '20:00',
      maxAttemptsPerDay: 3,
      maxAttemptsPerWeek: 10,
    });
  });

  it('a debtor: «De quién es» and «No contactar» beside each phone and the e-mail; checked, it stores today', async () => {
    signInAs('ADMIN');
    const { requests } = mockApi((config) => {
      // The fixture's CUIT fails its check digit: without it the form saves.
      if (config.url === '/debtors/3' && config.method === 'get')
        return { status: 200, data: { ...debtor, cuit: null } };
      if (config.url === '/debtors/3')
        return { status: 200, data: { ...debtor, ...(bodyOf(config) as object) } };
      return emptyList;
    });
    const { user } = renderApp('/debtors/edit/3');
    await waitFor(
      () => expect(screen.getByRole('textbox', { name: /^Teléfono$/ })).toHaveValue('11 5555-1234'),
      { timeout: 3000 },
    );
    const owner = screen.getByRole('combobox', { name: 'De quién es (teléfono)' });
    expect(owner).toHaveValue('Del deudor');
    await user.click(owner);
    const options = await screen.findByRole('listbox', {
      hidden: true,
      name: (_, element) => element.id === owner.getAttribute('aria-controls'),
    });
    await user.click(within(options).getByRole('option', { name: 'Laboral', hidden: true }));
    await user.click(screen.getByRole('checkbox', { name: 'No contactar: correo electrónico' }));
    expect(screen.getByText(/^Pedido el \d{2}\/\d{2}\/\d{4}$/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'patch')).toBe(true));
    const { agencyToday } = await import('@cobranzas/shared');
    expect(bodyOf(requests.find((r) => r.method === 'patch'))).toMatchObject({
      phoneOwner: 'LABORAL',
      emailClosedOn: agencyToday(),
      phoneClosedOn: null,
    });
  });
});
