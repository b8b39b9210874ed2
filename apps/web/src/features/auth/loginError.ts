import { MESSAGES } from '@cobranzas/shared';

/**
 * SPEC §8, login errors: 'Invalid credentials' → the Spanish text; any other server message as
 * is; no server message → the client's own error message, otherwise 'Error desconocido'.
 * Reads lib/api's ApiError by shape so that this page does not load axios up front.
 */
export function loginErrorMessage(error: unknown): string {
  const { serverMessage, message } = (typeof error === 'object' && error !== null ? error : {}) as {
    serverMessage?: unknown;
    message?: unknown;
  };
  if (serverMessage === MESSAGES.invalidCredentials) return MESSAGES.loginWrong;
  if (typeof serverMessage === 'string' && serverMessage) return serverMessage;
  if (typeof message === 'string' && message) return message;
  return MESSAGES.unknownError;
}
