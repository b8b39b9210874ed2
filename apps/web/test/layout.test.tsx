import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNavigator } from '../src/lib/navigation';
import { session } from '../src/lib/session';
import { setViewportWidth } from './browser';
import { quietApi } from './dashboard';
import { mockApi } from './http';
import { renderApp, signInAs } from './render';
import { makeToken } from './tokens';

beforeEach(() => {
  setViewportWidth(1366);
  mockApi(quietApi);
});

afterEach(() => {
  vi.useRealTimers();
  setNavigator(null);
  session.start();
});

async function ready(title = 'Inicio') {
  // Generous: the first visit loads the dashboard's chunk (charts), slow in jsdom on a busy machine.
  await screen.findByRole('heading', { level: 1, name: title }, { timeout: 10_000 });
}

const toggle = () => screen.getByRole('button', { name: 'Mostrar u ocultar menú' });
const nav = () => screen.getByRole('navigation', { name: 'Menú principal', hidden: true });

describe('top bar (SPEC §2, §5, §9)', () => {
  it("shows the signed-in user's name", async () => {
    signInAs('GENERAL', 'Gabriela Ruiz');
    renderApp('/');
    await ready();
    expect(within(screen.getByRole('banner')).getByText('Gabriela Ruiz')).toBeInTheDocument();
  });

  it('the search box keeps digits only and Enter goes to /debts/search?search={value}', async () => {
    signInAs('CLIENTE');
    const { user, router } = renderApp('/');
    await ready();
    const search = screen.getByRole('textbox', { name: 'Buscar deudor por DNI/CUIT' });
    expect(search).toHaveAttribute('placeholder', 'Buscar deudor por DNI/CUIT');
    expect(search).toHaveAttribute('inputmode', 'numeric');
    await user.type(search, 'ab20-1234.5678 6x');
    expect(search).toHaveValue('20123456786');
    await user.keyboard('{Enter}');
    await ready('Buscador de deudas');
    expect(router.state.location.pathname).toBe('/debts/search');
    expect(router.state.location.search).toBe('?search=20123456786');
  });

  it("the bell shows the fixed badge '3+' and opens 'Sin alertas'", async () => {
    signInAs('ADMIN');
    const { user } = renderApp('/');
    await ready();
    const bell = screen.getByRole('button', { name: 'Notificaciones' });
    expect(bell.parentElement).toHaveTextContent('3+');
    expect(screen.queryByText('Sin alertas')).not.toBeInTheDocument();
    await user.click(bell);
    // (jsdom has no layout, so Mantine keeps the positioned panel display:none: check it is open instead.)
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    expect((await screen.findByText('Sin alertas')).closest('[role=dialog]')).toHaveAttribute(
      'id',
      bell.getAttribute('aria-controls'),
    );
    await user.keyboard('{Escape}');
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    expect(bell.parentElement).toHaveTextContent('3+');
  });

  it("the messages icon shows the fixed badge '7' and opens 'Sin mensajes'", async () => {
    signInAs('ADMIN');
    const { user } = renderApp('/');
    await ready();
    const messages = screen.getByRole('button', { name: 'Mensajes' });
    expect(messages.parentElement).toHaveTextContent('7');
    await user.click(messages);
    expect(messages).toHaveAttribute('aria-expanded', 'true');
    expect((await screen.findByText('Sin mensajes')).closest('[role=dialog]')).toHaveAttribute(
      'id',
      messages.getAttribute('aria-controls'),
    );
  });

  it("'Salir' removes token, user and lastLocation and goes to /login", async () => {
    signInAs('ADMIN');
    localStorage.setItem('user', '{"name":"Ana Pérez"}');
    localStorage.setItem('lastLocation', '/users/list');
    const { user, router } = renderApp('/');
    await ready();
    await user.click(screen.getByRole('button', { name: 'Salir' }));
    expect(await screen.findByRole('heading', { name: 'Bienvenido a Cobranzas' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('lastLocation')).toBeNull();
  });
});

describe('sidebar toggle (SPEC §2, §9)', () => {
  it('on wide screens the sidebar starts open and the toggle closes and reopens it', async () => {
    signInAs('ADMIN');
    const { user } = renderApp('/');
    await ready();
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    expect(nav()).not.toHaveAttribute('inert');
    await user.click(toggle());
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(nav()).toHaveAttribute('inert');
    await user.click(toggle());
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
  });

  it.each([768, 390])(
    'at %i px it starts collapsed, opens on demand and closes after navigating',
    async (width) => {
      setViewportWidth(width);
      signInAs('ADMIN');
      const { user, router } = renderApp('/');
      await ready();
      expect(toggle()).toHaveAttribute('aria-expanded', 'false');
      expect(nav()).toHaveAttribute('inert');
      await user.click(toggle());
      expect(toggle()).toHaveAttribute('aria-expanded', 'true');
      await user.click(within(nav()).getByRole('button', { name: 'Usuarios' }));
      await user.click(await within(nav()).findByRole('link', { name: 'Listar' }));
      await ready('Usuarios');
      expect(router.state.location.pathname).toBe('/users/list');
      expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    },
  );

  it('at 769 px it is a wide screen', async () => {
    setViewportWidth(769);
    signInAs('ADMIN');
    renderApp('/');
    await ready();
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
  });
});

describe('sidebar groups', () => {
  it('open the group of the current section, also on pages the menu does not link to', async () => {
    signInAs('ADMIN');
    renderApp('/users/no-existe');
    await screen.findByRole('img', { name: 'Página no encontrada' });
    const group = (name: string) => within(nav()).getByRole('button', { name, hidden: true });
    await waitFor(() => expect(group('Usuarios')).toHaveAttribute('aria-expanded', 'true'));
    expect(group('Compañias')).toHaveAttribute('aria-expanded', 'false');
    expect(group('Cobranzas')).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('toasts (SPEC §9)', () => {
  it('signing in with the form greets the user in a toast, once', async () => {
    signInAs(null);
    mockApi((config) =>
      config.url === '/login'
        ? { status: 200, data: { access_token: makeToken({ name: 'Gabriela Ruiz', type: 'GENERAL' }) } }
        : quietApi(config),
    );
    const { user, router } = renderApp('/login');
    await user.type(await screen.findByLabelText('usuario'), 'gabi');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    await ready();
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Bienvenido/a, Gabriela Ruiz');
    await waitFor(() => expect(router.state.location.state).toBeNull());
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('close after 5 seconds', async () => {
    signInAs('ADMIN');
    renderApp('/');
    await ready();
    vi.useFakeTimers();
    act(() => {
      notifications.show({ message: 'Guardado' });
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(screen.getByText('Guardado')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(4700);
    });
    expect(screen.getByText('Guardado')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1500);
    });
    vi.useRealTimers();
    await waitFor(() => expect(screen.queryByText('Guardado')).not.toBeInTheDocument());
  });
});
