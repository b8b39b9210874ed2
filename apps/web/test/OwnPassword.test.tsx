import { MESSAGES } from '@cobranzas/shared';
import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setNavigator } from '../src/lib/navigation';
import { session } from '../src/lib/session';
import { bodyOf, mockApi } from './http';
import { renderApp, signInAs } from './render';

beforeAll(async () => {
  await Promise.all([import('../src/features/users/OwnPasswordPage'), import('../src/app/layout/AppLayout')]);
}, 30_000);

afterEach(() => {
  notifications.clean();
  setNavigator(null);
  session.start();
});

const box = (label: string) => screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input' });

describe('Cambiar mi contraseña (issue 32)', { timeout: 30_000 }, () => {
  it('the name in the top bar opens «Cambiar mi contraseña»', async () => {
    signInAs('GENERAL');
    mockApi(() => ({ status: 200, data: { data: [], total: 0, page: 1, limit: 25 } }));
    const { user, router } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: /opciones de la cuenta/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Cambiar mi contraseña', hidden: true }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/password'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Cambiar mi contraseña' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('the new one typed twice must match; then it is sent without the repetition', async () => {
    signInAs('CLIENTE');
    const { requests } = mockApi((config) =>
      config.url === '/me/password' ? { status: 204 } : { status: 200, data: {} },
    );
    const { user, router } = renderApp('/account/password');
    await screen.findByRole('heading', { level: 1, name: 'Cambiar mi contraseña' }, { timeout: 5000 });
    await user.type(box('Contraseña actual'), 'clave-vieja-1');
    await user.type(box('Contraseña nueva'), 'clave-nueva-2');
    await user.type(box('Repetir la contraseña nueva'), 'clave-nueva-3');
    await user.click(screen.getByRole('button', { name: 'Cambiar la contraseña' }));
    expect(await screen.findByText(MESSAGES.passwordsDiffer)).toBeInTheDocument();
    expect(requests.filter((r) => r.url === '/me/password')).toHaveLength(0);
    await user.clear(box('Repetir la contraseña nueva'));
    await user.type(box('Repetir la contraseña nueva'), 'clave-nueva-2');
    await user.click(screen.getByRole('button', { name: 'Cambiar la contraseña' }));
    expect(await screen.findByText('Desde ahora ingrese con la contraseña nueva.')).toBeInTheDocument();
    expect(bodyOf(requests.find((r) => r.url === '/me/password'))).toEqual({
      currentPassword: 'clave-vieja-1',
      newPassword: 'clave-nueva-2',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('a wrong current password is said under its field', async () => {
    signInAs('GENERAL');
    mockApi(() => ({
      status: 400,
      data: { message: 'Datos inválidos', errors: { currentPassword: [MESSAGES.currentPasswordWrong] } },
    }));
    const { user } = renderApp('/account/password');
    await screen.findByRole('heading', { level: 1, name: 'Cambiar mi contraseña' }, { timeout: 5000 });
    await user.type(box('Contraseña actual'), 'no-es-esta');
    await user.type(box('Contraseña nueva'), 'clave-nueva-2');
    await user.type(box('Repetir la contraseña nueva'), 'clave-nueva-2');
    await user.click(screen.getByRole('button', { name: 'Cambiar la contraseña' }));
    expect(await screen.findByText(MESSAGES.currentPasswordWrong)).toBeInTheDocument();
  });
});
