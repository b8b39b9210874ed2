/**
 * The one HTTP client (SPEC §7, §8): base path {host}/api, Bearer token from local storage,
 * no timeout, the XSRF cookie/header defaults, and the expiry rule on responses.
 */
import { MESSAGES } from '@cobranzas/shared';
import axios, {
  AxiosError,
  AxiosHeaders,
  type AxiosResponse,
  getAdapter,
  type InternalAxiosRequestConfig,
  isAxiosError,
} from 'axios';
import { config, STORAGE_KEYS } from './config';
import { type EarlyAnswer, takeEarlyAnswer } from './firstCalls';
import { session } from './session';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** The login call: its 401 is "wrong credentials", not an expired session. */
    skipSessionExpiry?: boolean;
  }
}

/**
 * How every failed call rejects: `data` is the server's answer when there is one, `message` the
 * server's message or else the client's own (network error, timeout…).
 */
export class ApiError extends Error {
  override name = 'ApiError';
  /** HTTP status, when the server answered. */
  readonly status: number | undefined;
  /** The server's data, when the server answered. */
  readonly data: unknown;
  /** data.message when the server sent one. */
  readonly serverMessage: string | undefined;

  constructor(options: { status?: number; data?: unknown; clientMessage?: string; cause?: unknown }) {
    const serverMessage = messageOf(options.data);
    super(serverMessage ?? options.clientMessage ?? '', { cause: options.cause });
    this.status = options.status;
    this.data = options.data;
    this.serverMessage = serverMessage;
  }
}

/** What the client says when the server did not (no English reaches the screen: issue 32). */
export const CLIENT_MESSAGES = {
  unreachable: 'No se pudo conectar con el servidor. Revise la conexión e intente de nuevo.',
  timeout: 'El servidor tardó demasiado en responder. Intente de nuevo.',
  canceled: 'Se canceló la operación.',
  failed: 'No se pudo completar la operación. Intente de nuevo.',
  status: (status: number) => `El servidor respondió con un error (código ${status}). Intente de nuevo.`,
} as const;

/** The client's own message in Spanish: axios's are English («Network Error»). Empty stays empty. */
function clientMessageOf(error: AxiosError): string {
  if (!error.message) return '';
  if (error.response) return CLIENT_MESSAGES.status(error.response.status);
  if (error.code === AxiosError.ERR_NETWORK) return CLIENT_MESSAGES.unreachable;
  if (error.code === AxiosError.ECONNABORTED || error.code === AxiosError.ETIMEDOUT)
    return CLIENT_MESSAGES.timeout;
  if (error.code === AxiosError.ERR_CANCELED) return CLIENT_MESSAGES.canceled;
  return CLIENT_MESSAGES.failed;
}

function messageOf(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null || !('message' in data)) return undefined;
  return typeof data.message === 'string' && data.message ? data.message : undefined;
}

export const api = axios.create({
  baseURL: config.apiBaseUrl,
  timeout: 0,
  xsrfCookieName: 'XSRF-TOKEN',
  xsrfHeaderName: 'X-XSRF-TOKEN',
  headers: { Accept: 'application/json' },
});

api.interceptors.request.use((request) => {
  const token = localStorage.getItem(STORAGE_KEYS.token);
  if (token) request.headers.set('Authorization', `Bearer ${token}`);
  // The first screen's GETs that main.tsx already started (lib/firstCalls): their answer, once.
  const early =
    request.method === 'get' && !request.responseType ? takeEarlyAnswer(api.getUri(request)) : undefined;
  if (early) {
    const adapter = getAdapter(request.adapter, request);
    request.adapter = async (sent) =>
      (await early.then((answer) => fromEarly(answer, sent))) ?? adapter(sent);
  }
  return request;
});

/** A 2xx early answer as the adapter would give it; anything else is asked again, the usual way. */
function fromEarly(answer: EarlyAnswer | null, sent: InternalAxiosRequestConfig): AxiosResponse | null {
  if (!answer || answer.status < 200 || answer.status >= 300) return null;
  const { status, statusText, headers, body } = answer;
  return { data: body, status, statusText, headers: new AxiosHeaders(headers), config: sent, request: {} };
}

function isExpiry(status: number | undefined, data: unknown, skip: boolean | undefined): boolean {
  return !skip && (status === 401 || messageOf(data) === MESSAGES.tokenExpired);
}

api.interceptors.response.use(
  (response: AxiosResponse) => {
    // Some backends answer an expired token with a 2xx body; SPEC §4 treats the message alone as expiry.
    if (isExpiry(undefined, response.data, response.config.skipSessionExpiry)) {
      session.expire();
      return Promise.reject(new ApiError({ status: response.status, data: response.data }));
    }
    return response;
  },
  (error: unknown) => {
    if (!isAxiosError(error)) return Promise.reject(error);
    const { response } = error;
    if (isExpiry(response?.status, response?.data, error.config?.skipSessionExpiry)) session.expire();
    return Promise.reject(
      new ApiError({
        status: response?.status,
        data: response?.data,
        clientMessage: clientMessageOf(error),
        cause: error,
      }),
    );
  },
);
