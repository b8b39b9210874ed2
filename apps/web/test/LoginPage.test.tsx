import { MESSAGES } from '@cobranzas/shared';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LoginPage } from '../src/features/auth/LoginPage';
import { loginErrorMessage } from '../src/features/auth/loginError';
import { setNavigator } from '../src/lib/navigation';
import { session } from '../src/lib/session';
import { bodyOf, mockApi } from './http';
import { makeToken } from './tokens';

function renderLogin() {
  const router = createMemoryRouter(
    [
      { path: '/login', Component: LoginPage },
      { path: '/', element: <h1>Inicio</h1> },
      { path: '/users/list', element: <h1>Usuarios</h1> },
    ],
    { initialEntries: ['/login'] },
  );
  setNavigator((to) => void router.navigate(to));
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup() };
}

const usuario = () => screen.getByLabelText('usuario');
const contrasena = () => screen.getByLabelText('Contraseña');
const ingresar = () => screen.getByRole('button', { name: 'Ingresar' });

beforeEach(() => session.start());
afterEach(() => setNavigator(null));

describe('login page (SPEC §1, §2)', () => {
  it('shows the logo, welcome, contact e-mail and phone, copyright 2023 and the terms link', () => {
    renderLogin();
    expect(screen.getByRole('img', { name: 'Cobranzas' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Bienvenido a Cobranzas' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'contacto@cobranzas.com.ar' })).toHaveAttribute(
      'href',
      'mailto:contacto@cobranzas.com.ar',
    );
    expect(screen.getByRole('link', { name: '+54 11 4000-0000' })).toHaveAttribute(
      'href',
      'tel:+541140000000',
    );
    expect(screen.getByText(/© 2023 Cobranzas/)).toBeInTheDocument();
    const terms = screen.getByRole('link', { name: 'Términos y condiciones' });
    expect(terms).toHaveAttribute('href', '/terminos.html');
    expect(terms).toHaveAttribute('target', '_blank');
  });

  it('has the fields usuario and Contraseña (a password input) and the button Ingresar', () => {
    renderLogin();
    expect(usuario()).toHaveAttribute('type', 'text');
    expect(contrasena()).toHaveAttribute('type', 'password');
    expect(ingresar()).toHaveAttribute('type', 'submit');
  });
});

describe('login validation (SPEC §5)', () => {
  it('the button is disabled while the username is empty, whatever the password', async () => {
    const { user } = renderLogin();
    expect(ingresar()).toBeDisabled();
    await user.type(contrasena(), 'secreto');
    expect(ingresar()).toBeDisabled();
    await user.type(usuario(), '   ');
    expect(ingresar()).toBeDisabled();
    await user.type(usuario(), 'ana');
    expect(ingresar()).toBeEnabled();
    await user.clear(usuario());
    expect(ingresar()).toBeDisabled();
  });

  it('the password check repeats the username test: a username alone enables the button', async () => {
    const { user } = renderLogin();
    await user.type(usuario(), 'ana');
    expect(contrasena()).toHaveValue('');
    expect(ingresar()).toBeEnabled();
  });

  it('sends alias and password trimmed', async () => {
    const { requests } = mockApi(() => ({ status: 401, data: { message: 'Invalid credentials' } }));
    const { user } = renderLogin();
    await user.type(usuario(), '  ana.perez  ');
    await user.type(contrasena(), ' clave secreta  ');
    await user.click(ingresar());
    await screen.findByRole('alert');
    expect(requests[0]?.url).toBe('/login');
    expect(bodyOf(requests[0])).toEqual({ alias: 'ana.perez', password: 'clave secreta' });
  });
});

describe('login submit (SPEC §2, §4)', () => {
  it('shows a spinner while the request runs', async () => {
    let answer: (value: { status: number; data: unknown }) => void = () => {};
    mockApi(() => new Promise((resolve) => (answer = resolve)));
    const { user } = renderLogin();
    expect(screen.queryByTestId('login-spinner')).not.toBeInTheDocument();
    await user.type(usuario(), 'ana');
    await user.click(ingresar());
    expect(await screen.findByTestId('login-spinner')).toBeInTheDocument();
    expect(ingresar()).toHaveAttribute('aria-busy', 'true');
    answer({ status: 401, data: { message: 'Invalid credentials' } });
    await screen.findByRole('alert');
    expect(screen.queryByTestId('login-spinner')).not.toBeInTheDocument();
    expect(ingresar()).toHaveAttribute('aria-busy', 'false');
  });

  it('on success stores token and user, signs in and goes to /', async () => {
    const token = makeToken({ name: 'Ana Pérez', type: 'GENERAL' });
    mockApi(() => ({ status: 200, data: { access_token: token, token_type: 'bearer', expires_in: 900 } }));
    const { user, router } = renderLogin();
    await user.type(usuario(), 'ana');
    await user.type(contrasena(), 'clave');
    await user.click(ingresar());
    expect(await screen.findByRole('heading', { name: 'Inicio' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.getItem('token')).toBe(token);
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toMatchObject({ name: 'Ana Pérez' });
    expect(session.getState()).toMatchObject({ isLogin: true, userData: { name: 'Ana Pérez' } });
  });

  it('on success goes to the saved last location when there is one', async () => {
    localStorage.setItem('lastLocation', '/users/list');
    mockApi(() => ({ status: 200, data: { access_token: makeToken() } }));
    const { user, router } = renderLogin();
    await user.type(usuario(), 'ana');
    await user.click(ingresar());
    expect(await screen.findByRole('heading', { name: 'Usuarios' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/users/list');
  });

  it('when already signed in, /login redirects to /', async () => {
    localStorage.setItem('token', makeToken());
    session.start();
    const { router } = renderLogin();
    expect(await screen.findByRole('heading', { name: 'Inicio' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('login errors (SPEC §5, §8)', () => {
  async function submitWith(reply: Parameters<typeof mockApi>[0]) {
    mockApi(reply);
    const { user } = renderLogin();
    await user.type(usuario(), 'ana');
    await user.type(contrasena(), 'mala');
    await user.click(ingresar());
    return { user, alert: await screen.findByRole('alert') };
  }

  it("'Invalid credentials' → 'Contraseña o usuario incorrecto, intenta de nuevo.'", async () => {
    const { alert } = await submitWith(() => ({ status: 401, data: { message: 'Invalid credentials' } }));
    expect(alert).toHaveTextContent('Contraseña o usuario incorrecto, intenta de nuevo.');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('lastLocation')).toBeNull();
  });

  it('any other server message is shown as is', async () => {
    const message = 'Demasiados intentos fallidos. Espere unos minutos e intente de nuevo.';
    const { alert } = await submitWith(() => ({ status: 429, data: { message } }));
    expect(alert).toHaveTextContent(message);
  });

  it("no server message → the client's error message (in Spanish)", async () => {
    const { alert } = await submitWith(() => ({ networkError: 'Network Error' }));
    expect(alert).toHaveTextContent(
      'No se pudo conectar con el servidor. Revise la conexión e intente de nuevo.',
    );
  });

  it("no message at all → 'Error desconocido'", async () => {
    const { alert } = await submitWith(() => ({ networkError: '' }));
    expect(alert).toHaveTextContent('Error desconocido');
  });

  it('both inputs show an invalid state while an error message exists; a new submit clears it', async () => {
    expect.assertions(6);
    let calls = 0;
    let answer: (value: { status: number; data: unknown }) => void = () => {};
    const { user } = await submitWith(() => {
      calls += 1;
      if (calls === 1) return { status: 401, data: { message: 'Invalid credentials' } };
      return new Promise((resolve) => (answer = resolve));
    });
    expect(usuario()).toHaveAttribute('aria-invalid', 'true');
    expect(contrasena()).toHaveAttribute('aria-invalid', 'true');

    await user.click(ingresar());
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(usuario()).toHaveAttribute('aria-invalid', 'false');
    expect(contrasena()).toHaveAttribute('aria-invalid', 'false');
    answer({ status: 401, data: { message: 'Invalid credentials' } });
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.loginWrong);
  });

  it('loginErrorMessage maps every case of SPEC §8', () => {
    expect(loginErrorMessage({ serverMessage: 'Invalid credentials', message: 'Invalid credentials' })).toBe(
      MESSAGES.loginWrong,
    );
    expect(loginErrorMessage({ serverMessage: 'Usuario inactivo', message: 'Usuario inactivo' })).toBe(
      'Usuario inactivo',
    );
    expect(loginErrorMessage(new Error('timeout exceeded'))).toBe('timeout exceeded');
    expect(loginErrorMessage(new Error(''))).toBe('Error desconocido');
    expect(loginErrorMessage(undefined)).toBe('Error desconocido');
  });
});
