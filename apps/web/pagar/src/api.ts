/**
 * The portal's calls to /api/portal: JSON, the session's token as a Bearer header. The token lives in
 * sessionStorage (this tab only, gone when it closes), never in localStorage. Any 401 after the
 * entrance means the session ended (idle, revoked link, Salir elsewhere): the page goes back to the
 * entry form.
 */
import { PORTAL_MESSAGES } from '@cobranzas/shared/portal';

export const SESSION_KEY = 'cobranzas.portal';

export const session = {
  get(): string | null {
    try {
      return sessionStorage.getItem(SESSION_KEY);
    } catch {
      return null;
    }
  },
  set(token: string) {
    try {
      sessionStorage.setItem(SESSION_KEY, token);
    } catch {
      // Storage off (private mode in some browsers): the session lasts while the page is open.
    }
    memory = token;
  },
  clear() {
    try {
      sessionStorage.removeItem(SESSION_KEY);
    } catch {
      // Nothing kept.
    }
    memory = null;
  },
};
let memory: string | null = null;
const token = () => session.get() ?? memory;

export type FieldErrors = Record<string, string[]>;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldErrors = {},
    /** The session ended (a 401 after the entrance): the page is back at the entry form. */
    readonly ended = false,
  ) {
    super(message);
  }
}

export const OFFLINE = 'No pudimos comunicarnos con el servidor. Revise su conexión e intente de nuevo.';
const FAILED = 'Algo salió mal. Intente de nuevo en unos minutos.';

let endedHandler: () => void = () => {};
/** What to do when the session ends under the page's feet (a 401). */
export const onSessionEnded = (handler: () => void) => {
  endedHandler = handler;
};

async function send(method: string, path: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = {};
  const bearer = token();
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  // A FormData (a file) goes as it is: the browser writes its multipart content-type and boundary.
  const form = body instanceof FormData;
  if (body !== undefined && !form) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`/api/portal${path}`, {
      method,
      headers,
      body: body === undefined ? null : form ? body : JSON.stringify(body),
      cache: 'no-store',
    });
  } catch {
    throw new ApiError(0, OFFLINE);
  }
  if (response.ok) return response;
  const data = (await response.json().catch(() => null)) as { message?: string; errors?: FieldErrors } | null;
  const entering = path === '/session' && method === 'POST';
  if (response.status === 401 && !entering) {
    session.clear();
    endedHandler();
    throw new ApiError(401, PORTAL_MESSAGES.sessionEnded, {}, true);
  }
  throw new ApiError(response.status, data?.message ?? FAILED, data?.errors ?? {});
}

export async function call<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const response = await send(method, path, body);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

export const get = <T>(path: string) => call<T>('GET', path);
export const post = <T>(path: string, body: unknown) => call<T>('POST', path, body);

/** A file sent as multipart/form-data, in the field `file`. */
export function upload<T>(path: string, file: File): Promise<T> {
  const form = new FormData();
  form.append('file', file);
  return call<T>('POST', path, form);
}

/** A file the API answers (a receipt's or an agreement's PDF), downloaded under `name`. */
export async function download(path: string, name: string) {
  const blob = await (await send('GET', path)).blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
