import { MESSAGES } from '@cobranzas/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '../src/lib/api';
import { setNavigator } from '../src/lib/navigation';
import { session } from '../src/lib/session';
import { bodyOf, mockApi } from './http';
import { makeToken } from './tokens';

const navigate = vi.fn();

beforeEach(() => {
  navigate.mockReset();
  setNavigator(navigate);
  window.history.replaceState(null, '', '/debts/view/12?tab=cuotas#c3');
});

afterEach(() => setNavigator(null));

function signIn() {
  const token = makeToken();
  localStorage.setItem('token', token);
  session.start();
  return token;
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('the request did not fail');
}

describe('the axios instance (SPEC §7, §9)', () => {
  it('uses {host}/api, no timeout and the XSRF-TOKEN / X-XSRF-TOKEN defaults', () => {
    expect(api.defaults.baseURL).toBe('/api');
    expect(api.defaults.timeout).toBe(0);
    expect(api.defaults.xsrfCookieName).toBe('XSRF-TOKEN');
    expect(api.defaults.xsrfHeaderName).toBe('X-XSRF-TOKEN');
  });

  it('adds "Authorization: Bearer <token>" when a token is stored', async () => {
    const token = signIn();
    const { requests } = mockApi(() => ({ status: 200, data: [] }));
    await api.get('/companies');
    expect(requests[0]?.headers.get('Authorization')).toBe(`Bearer ${token}`);
  });

  it('sends no Authorization header without a token', async () => {
    const { requests } = mockApi(() => ({ status: 200, data: [] }));
    await api.get('/health');
    expect(requests[0]?.headers.has('Authorization')).toBe(false);
  });

  it('sends JSON bodies', async () => {
    const { requests } = mockApi(() => ({ status: 201, data: { id: 1 } }));
    await api.post('/companies', { name: 'ACME' });
    expect(bodyOf(requests[0])).toEqual({ name: 'ACME' });
  });
});

describe('expiry (SPEC §4, §8)', () => {
  it('a 401: token cleared, location saved, sent to /login, rejection passed on', async () => {
    signIn();
    mockApi(() => ({ status: 401, data: { message: MESSAGES.unauthorized } }));
    const error = await failure(api.get('/users'));

    expect(error.status).toBe(401);
    expect(error.data).toEqual({ message: 'Unauthorized' });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('lastLocation')).toBe('/debts/view/12?tab=cuotas#c3');
    expect(session.getState().isLogin).toBe(false);
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it("a 'Token is Expired' message: the same, whatever the status", async () => {
    signIn();
    mockApi(() => ({ status: 400, data: { message: 'Token is Expired' } }));
    const error = await failure(api.get('/debts'));
    expect(error.message).toBe('Token is Expired');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('lastLocation')).toBe('/debts/view/12?tab=cuotas#c3');
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it("a 'Token is Expired' message in a 2xx answer is an expiry too, and rejects", async () => {
    signIn();
    mockApi(() => ({ status: 200, data: { message: 'Token is Expired' } }));
    await failure(api.get('/debts'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it("the login call's own 401 is not an expiry", async () => {
    window.history.replaceState(null, '', '/login');
    mockApi(() => ({ status: 401, data: { message: MESSAGES.invalidCredentials } }));
    const error = await failure(session.login('ana', 'mala'));
    expect(error.serverMessage).toBe('Invalid credentials');
    expect(localStorage.getItem('lastLocation')).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  it("the login call's 401 leaves a stored token alone", async () => {
    const token = signIn();
    mockApi(() => ({ status: 401, data: { message: MESSAGES.invalidCredentials } }));
    await failure(api.post('/login', { alias: 'a', password: 'b' }, { skipSessionExpiry: true }));
    expect(localStorage.getItem('token')).toBe(token);
    expect(localStorage.getItem('lastLocation')).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a refresh answered 401 expires the session and returns the message', async () => {
    signIn();
    mockApi(() => ({ status: 401, data: { message: MESSAGES.tokenExpired } }));
    expect(await session.refresh()).toBe('Token is Expired');
    expect(localStorage.getItem('token')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
  });
});

describe('other failures (SPEC §8)', () => {
  it("reject with the server's data and message, and do not touch the session", async () => {
    const token = signIn();
    const data = { message: 'Ya existe una compañía con ese CUIT.', errors: { cuit: ['duplicado'] } };
    mockApi(() => ({ status: 409, data }));
    const error = await failure(api.post('/companies', {}));
    expect(error.status).toBe(409);
    expect(error.data).toEqual(data);
    expect(error.message).toBe('Ya existe una compañía con ese CUIT.');
    expect(localStorage.getItem('token')).toBe(token);
    expect(navigate).not.toHaveBeenCalled();
  });

  it("without an answer, reject with the client's message, in Spanish (never axios's «Network Error»)", async () => {
    mockApi(() => ({ networkError: 'Network Error' }));
    const error = await failure(api.get('/companies'));
    expect(error.status).toBeUndefined();
    expect(error.data).toBeUndefined();
    expect(error.message).toBe('No se pudo conectar con el servidor. Revise la conexión e intente de nuevo.');
  });

  it('an answer without a message says the status in Spanish (never «Request failed with status code»)', async () => {
    mockApi(() => ({ status: 502, data: '<html>Bad gateway</html>' }));
    const error = await failure(api.get('/companies'));
    expect(error.status).toBe(502);
    expect(error.message).toBe('El servidor respondió con un error (código 502). Intente de nuevo.');
  });
});
