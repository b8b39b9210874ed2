/**
 * The session of SPEC §3–§4, framework-free: auth state (isLogin, userData), the local storage
 * entries (token, user, lastLocation), login, the 2-minute refresh, expiry and logout.
 * React reads it through `useSession` (useSyncExternalStore); lib/ability follows its userData.
 */
import { MESSAGES, type TokenPayload } from '@cobranzas/shared';
import { jwtDecode } from 'jwt-decode';
import { REFRESH_INTERVAL_MS, STORAGE_KEYS } from './config';
import { currentLocation, navigateTo } from './navigation';

/** The user entry: the decoded token. */
export type UserData = TokenPayload;

export type SessionState = {
  /** null until the session has started, then true or false. */
  readonly isLogin: boolean | null;
  readonly userData: UserData | null;
};

type TokenResponse = { access_token?: string };
type PostOptions = { skipSessionExpiry?: boolean };
/** What the session needs from the HTTP client (the axios instance of lib/api). */
export type SessionHttp = {
  post<T>(url: string, body?: unknown, options?: PostOptions): Promise<{ data: T }>;
};

export type SessionDeps = {
  storage: Storage;
  /** Loaded on first use so that axios is not part of the /login page's first load. */
  http: () => Promise<SessionHttp>;
  now: () => number;
};

/** The token's payload, or null when it cannot be decoded or has already expired. */
export function decodeToken(token: string, now = Date.now()): UserData | null {
  try {
    const payload = jwtDecode<UserData>(token);
    if (typeof payload !== 'object' || payload === null) return null;
    if (typeof payload.exp === 'number' && payload.exp * 1000 <= now) return null;
    return payload;
  } catch {
    return null;
  }
}

export function createSession(deps: SessionDeps) {
  const { storage } = deps;
  let state: SessionState = { isLogin: null, userData: null };
  const listeners = new Set<() => void>();
  let refreshTimer: ReturnType<typeof setInterval> | undefined;
  let onRefreshError: ((message: string) => void) | undefined;

  function setState(next: SessionState) {
    state = next;
    for (const listener of listeners) listener();
  }

  function startRefresh() {
    stopRefresh();
    refreshTimer = setInterval(() => {
      void refresh().then((message) => {
        // A 401 has already expired the session (and left the layout): nothing more to tell.
        if (message && state.isLogin) onRefreshError?.(message);
      });
    }, REFRESH_INTERVAL_MS);
  }

  function stopRefresh() {
    if (refreshTimer !== undefined) clearInterval(refreshTimer);
    refreshTimer = undefined;
  }

  /** Stores a new token and its decoded content, and marks the user logged in. */
  function storeToken(token: string): void {
    const userData = decodeToken(token, deps.now());
    // The server just issued it, so this only fails on a malformed answer: reported as unknown.
    if (!userData) throw new Error('');
    storage.setItem(STORAGE_KEYS.token, token);
    storage.setItem(STORAGE_KEYS.user, JSON.stringify(userData));
    setState({ isLogin: true, userData });
  }

  /** Token cleared, location saved (never /login itself), signed out. */
  function clearExpired(): void {
    stopRefresh();
    storage.removeItem(STORAGE_KEYS.token);
    const location = currentLocation();
    if (!/^\/login(?:[/?#]|$)/.test(location)) storage.setItem(STORAGE_KEYS.lastLocation, location);
    setState({ isLogin: false, userData: null });
  }

  /** SPEC §4 session start: token → logged in (decoded) and refreshing; none → logged out. */
  function start(): void {
    stopRefresh();
    const token = storage.getItem(STORAGE_KEYS.token);
    if (!token) {
      setState({ isLogin: false, userData: null });
      return;
    }
    const userData = decodeToken(token, deps.now());
    // An undecodable or already expired token is an expired session; the layout then goes to /login.
    if (!userData) {
      clearExpired();
      return;
    }
    setState({ isLogin: true, userData });
    startRefresh();
  }

  /** SPEC §4 login. Rejects with the request's error (see loginErrorMessage). */
  async function login(alias: string, password: string): Promise<void> {
    const http = await deps.http();
    const { data } = await http.post<TokenResponse>(
      '/login',
      { alias: alias.trim(), password: password.trim() },
      // The login call's own 401 means wrong credentials, not an expired session.
      { skipSessionExpiry: true },
    );
    if (!data?.access_token) throw new Error('');
    storeToken(data.access_token);
    startRefresh();
  }

  /** SPEC §7 POST /refresh: only with a token. Resolves to the error message on failure, else null. */
  async function refresh(): Promise<string | null> {
    if (!storage.getItem(STORAGE_KEYS.token)) return null;
    try {
      const http = await deps.http();
      const { data } = await http.post<TokenResponse>('/refresh');
      if (data?.access_token) storeToken(data.access_token);
      return null;
    } catch (error) {
      return (error instanceof Error && error.message) || MESSAGES.unknownError;
    }
  }

  /** SPEC §4 expiry (401 or 'Token is Expired'): cleared, location saved, to /login. */
  function expire(): void {
    clearExpired();
    navigateTo('/login');
  }

  /** SPEC §4 logout ('Salir'). */
  function logout(): void {
    stopRefresh();
    storage.removeItem(STORAGE_KEYS.token);
    storage.removeItem(STORAGE_KEYS.user);
    storage.removeItem(STORAGE_KEYS.lastLocation);
    setState({ isLogin: false, userData: null });
    navigateTo('/login');
  }

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    /** Where to go after login: the saved last location, else /. */
    lastLocation: () => storage.getItem(STORAGE_KEYS.lastLocation),
    setRefreshErrorHandler(handler: ((message: string) => void) | undefined) {
      onRefreshError = handler;
    },
    start,
    login,
    refresh,
    expire,
    logout,
  };
}

export type Session = ReturnType<typeof createSession>;

export const session: Session = createSession({
  storage: window.localStorage,
  http: () => import('./api').then((m) => m.api),
  now: () => Date.now(),
});
