import { MESSAGES } from '@cobranzas/shared';
import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setNavigator } from '../src/lib/navigation';
import { session } from '../src/lib/session';
import { bodyOf, mockApi } from './http';
import { renderApp, signInAs } from './render';

beforeAll(async () => {
  await Promise.all([import('../src/features/users/pages'), import('../src/app/layout/AppLayout')]);
}, 30_000);

afterEach(() => {
  notifications.clean();
  setNavigator(null);
  session.start();
});

const stamp = { createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' };
const list = (data: unknown[]) => ({ status: 200, data: { data, total: data.length, page: 1, limit: 500 } });
const TYPES = [
  { id: 1, name: 'ADMIN', role: 'ADMIN', description: null, ...stamp },
  { id: 2, name: 'Cobrador', role: 'GENERAL', description: null, ...stamp },
  { id: 3, name: 'CLIENTE', role: 'CLIENTE', description: null, ...stamp },
];
const COMPANIES = [
  {
    id: 9,
    name: 'Frávega S.A.',
    cuit: '30500010912',
    commissionRate: '0',
    promiseGraceDays: 0,
    promiseMaxDays: 90,
    active: true,
    ...stamp,
  },
];
const USER = {
  id: 4,
  name: 'Gabriela Gómez',
  alias: 'ggomez',
  email: null,
  userTypeId: 2,
  userTypeName: 'Cobrador',
  role: 'GENERAL',
  companyId: null,
  companyName: null,
  active: true,
  ...stamp,
};

function api() {
  return mockApi((config) => {
    if (config.url === '/users-types') return list(TYPES);
    if (config.url === '/companies') return list(COMPANIES);
    if (config.url === '/users/4') return { status: 200, data: USER };
    return { status: 201, data: USER };
  });
}

const textbox = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });
/** Mantine selects are inputs too, but not always textboxes. */
const select = (name: string) => screen.getByLabelText(new RegExp(`^${name}`), { selector: 'input' });

describe('the user form', () => {
  it('asks for the company only for a CLIENTE type, and requires it there', async () => {
    signInAs('ADMIN');
    const { requests } = api();
    const { user } = renderApp('/users/add');
    await screen.findByRole('heading', { level: 1, name: 'Nuevo usuario' }, { timeout: 3000 });
    expect(screen.queryByLabelText(/^Compañía/, { selector: 'input' })).not.toBeInTheDocument();
    await user.type(textbox('Nombre y apellido'), 'Carlos Pérez');
    await user.type(textbox('Usuario'), 'cperez');
    await user.type(screen.getByLabelText(/^Contraseña/), 'Cliente-2023');
    await user.click(select('Tipo de usuario'));
    await user.click(await screen.findByRole('option', { name: 'CLIENTE', hidden: true }));
    expect(select('Compañía')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(MESSAGES.companyRequiredForClient)).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'post')).toBe(false);

    await user.click(select('Compañía'));
    await user.click(await screen.findByRole('option', { name: 'Frávega S.A.', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'post')).toBe(true));
    expect(bodyOf(requests.find((r) => r.method === 'post'))).toEqual({
      name: 'Carlos Pérez',
      alias: 'cperez',
      email: null,
      password: 'Cliente-2023',
      userTypeId: 3,
      companyId: 9,
      active: true,
    });
  });

  it('on edit, the password is only sent when "Cambiar contraseña" was used', async () => {
    signInAs('ADMIN');
    const { requests } = api();
    const { user, router } = renderApp('/users/edit/4');
    await waitFor(() => expect(textbox('Nombre y apellido')).toHaveValue('Gabriela Gómez'), {
      timeout: 3000,
    });
    expect(screen.queryByLabelText(/contraseña/i, { selector: 'input' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(MESSAGES.passwordTooShort)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'No cambiar la contraseña' }));
    await user.clear(textbox('Nombre y apellido'));
    await user.type(textbox('Nombre y apellido'), 'Gabriela Gómez Ruiz');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/users/list'));
    const body = bodyOf(requests.find((r) => r.method === 'patch')) as Record<string, unknown>;
    expect(body).toMatchObject({ name: 'Gabriela Gómez Ruiz', userTypeId: 2, companyId: null });
    expect(body).not.toHaveProperty('password');
  });
});
