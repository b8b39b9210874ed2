import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ability } from '../src/lib/ability';
import { setNavigator } from '../src/lib/navigation';
import { session as appSession, createSession, decodeToken, type SessionHttp } from '../src/lib/session';
import { makeToken } from './tokens';

function setup() {
  const post = vi.fn<SessionHttp['post']>();
  const session = createSession({
    storage: localStorage,
    http: async () => ({ post }) as SessionHttp,
    now: () => Date.now(),
  });
  return { session, post };
}

const navigate = vi.fn();

beforeEach(() => {
  navigate.mockReset();
  setNavigator(navigate);
  window.history.replaceState(null, '', '/');
});

afterEach(() => {
  vi.useRealTimers();
  setNavigator(null);
});

describe('session start (SPEC §4)', () => {
  it('starts with isLogin and userData null', () => {
    const { session } = setup();
    expect(session.getState()).toEqual({ isLogin: null, userData: null });
  });

  it('without a token: logged out', () => {
    const { session } = setup();
    session.start();
    expect(session.getState()).toEqual({ isLogin: false, userData: null });
  });

  it('with a token: logged in, userData decoded from the token', () => {
    const token = makeToken({ type: 'GENERAL', name: 'Gabriela Ruiz' });
    localStorage.setItem('token', token);
    const { session } = setup();
    session.start();
    expect(session.getState().isLogin).toBe(true);
    expect(session.getState().userData).toMatchObject({ name: 'Gabriela Ruiz', type: 'GENERAL', sub: 1 });
  });

  it('with a token: POST /refresh every 2 minutes, the new token replacing token and user', async () => {
    vi.useFakeTimers();
    localStorage.setItem('token', makeToken({ name: 'Primero' }));
    const { session, post } = setup();
    const renewed = makeToken({ name: 'Renovado' });
    post.mockResolvedValue({ data: { access_token: renewed } });
    session.start();

    await vi.advanceTimersByTimeAsync(119_999);
    expect(post).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith('/refresh');
    expect(localStorage.getItem('token')).toBe(renewed);
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toMatchObject({ name: 'Renovado' });
    expect(session.getState().userData).toMatchObject({ name: 'Renovado' });

    await vi.advanceTimersByTimeAsync(120_000);
    expect(post).toHaveBeenCalledTimes(2);
  });

  it.each([
    ['cannot be decoded', 'esto-no-es-un-jwt'],
    ['has already expired', makeToken({ expiresInSeconds: -60 })],
  ])('a token that %s is an expired session: token cleared, location saved, logged out', (_, token) => {
    window.history.replaceState(null, '', '/debts/view/7?tab=pagos#cuotas');
    localStorage.setItem('token', token);
    const { session } = setup();
    session.start();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('lastLocation')).toBe('/debts/view/7?tab=pagos#cuotas');
    expect(session.getState()).toEqual({ isLogin: false, userData: null });
  });

  it('decodeToken: payload of a valid token, null when undecodable or expired', () => {
    expect(decodeToken(makeToken({ name: 'X' }))).toMatchObject({ name: 'X' });
    expect(decodeToken('a.b.c')).toBeNull();
    expect(decodeToken(makeToken({ expiresInSeconds: -1 }))).toBeNull();
  });
});

describe('login (SPEC §4)', () => {
  it('trims alias and password, marks it as the login call, stores token, user, isLogin and userData', async () => {
    const { session, post } = setup();
    const token = makeToken({ type: 'CLIENTE', name: 'Carla Cliente' });
    post.mockResolvedValue({ data: { access_token: token, token_type: 'bearer', expires_in: 900 } });
    session.start();

    await session.login('  carla \t', '  s3cret  ');

    expect(post).toHaveBeenCalledWith(
      '/login',
      { alias: 'carla', password: 's3cret' },
      { skipSessionExpiry: true },
    );
    expect(localStorage.getItem('token')).toBe(token);
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toMatchObject({
      name: 'Carla Cliente',
      type: 'CLIENTE',
    });
    expect(session.getState().isLogin).toBe(true);
    expect(session.getState().userData).toMatchObject({ name: 'Carla Cliente', type: 'CLIENTE' });
  });

  it('an answer without access_token changes nothing and rejects', async () => {
    const { session, post } = setup();
    post.mockResolvedValue({ data: {} });
    session.start();
    await expect(session.login('a', 'b')).rejects.toThrow();
    expect(localStorage.getItem('token')).toBeNull();
    expect(session.getState().isLogin).toBe(false);
  });

  it('a failed request rejects with its error and changes nothing', async () => {
    const { session, post } = setup();
    const failure = Object.assign(new Error('Invalid credentials'), { serverMessage: 'Invalid credentials' });
    post.mockRejectedValue(failure);
    session.start();
    await expect(session.login('a', 'b')).rejects.toBe(failure);
    expect(localStorage.getItem('token')).toBeNull();
    expect(session.getState().isLogin).toBe(false);
  });
});

describe('permissions follow userData (SPEC §4)', () => {
  it('the app ability is recomputed when the app session signs in, changes user and signs out', async () => {
    const { mockApi } = await import('./http');
    mockApi((config) =>
      config.url === '/login'
        ? { status: 200, data: { access_token: makeToken({ type: 'GENERAL' }) } }
        : { status: 200, data: { access_token: makeToken({ type: 'CLIENTE' }) } },
    );
    appSession.start();
    expect(ability.can('view', 'Debts')).toBe(false);
    expect(ability.can('manage', 'Login')).toBe(true);

    await appSession.login('g', 'p');
    expect(ability.can('add', 'Debts')).toBe(true);
    expect(ability.can('view', 'SystemManagement')).toBe(true);

    await appSession.refresh();
    expect(ability.can('view', 'Debts')).toBe(true);
    expect(ability.can('add', 'Debts')).toBe(false);

    appSession.logout();
    expect(ability.can('view', 'Debts')).toBe(false);
  });
});

describe('refresh (SPEC §7)', () => {
  it('does nothing without a token', async () => {
    const { session, post } = setup();
    expect(await session.refresh()).toBeNull();
    expect(post).not.toHaveBeenCalled();
  });

  it('returns the error message to the caller on failure, keeping the token', async () => {
    const token = makeToken();
    localStorage.setItem('token', token);
    const { session, post } = setup();
    post.mockRejectedValue(new Error('Network Error'));
    session.start();
    expect(await session.refresh()).toBe('Network Error');
    expect(localStorage.getItem('token')).toBe(token);
  });

  it('reports a refresh failure from the interval to the registered handler', async () => {
    vi.useFakeTimers();
    localStorage.setItem('token', makeToken());
    const { session, post } = setup();
    post.mockRejectedValue(new Error('timeout of 1ms exceeded'));
    const onError = vi.fn();
    session.setRefreshErrorHandler(onError);
    session.start();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(onError).toHaveBeenCalledWith('timeout of 1ms exceeded');
  });
});

describe('expiry and logout (SPEC §4)', () => {
  it('expire: token cleared, current location saved, logged out, sent to /login', () => {
    localStorage.setItem('token', makeToken());
    localStorage.setItem('user', '{"name":"Ana"}');
    const { session } = setup();
    session.start();
    window.history.replaceState(null, '', '/users/list?page=2#tabla');
    session.expire();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('lastLocation')).toBe('/users/list?page=2#tabla');
    expect(session.getState()).toEqual({ isLogin: false, userData: null });
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('expire on /login itself does not overwrite the saved location', () => {
    localStorage.setItem('lastLocation', '/companies/list');
    window.history.replaceState(null, '', '/login');
    const { session } = setup();
    session.expire();
    expect(localStorage.getItem('lastLocation')).toBe('/companies/list');
  });

  it('logout: removes token, user and lastLocation, stops the refresh, goes to /login', async () => {
    vi.useFakeTimers();
    localStorage.setItem('token', makeToken());
    localStorage.setItem('user', '{"name":"Ana"}');
    localStorage.setItem('lastLocation', '/users/list');
    const { session, post } = setup();
    session.start();

    session.logout();

    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('lastLocation')).toBeNull();
    expect(session.getState()).toEqual({ isLogin: false, userData: null });
    expect(navigate).toHaveBeenCalledWith('/login');
    await vi.advanceTimersByTimeAsync(5 * 120_000);
    expect(post).not.toHaveBeenCalled();
  });

  it('notifies subscribers on every change', () => {
    const { session } = setup();
    const listener = vi.fn();
    const unsubscribe = session.subscribe(listener);
    session.start();
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    session.logout();
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
