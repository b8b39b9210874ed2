/**
 * The web side of a call declared once in packages/shared (defineCall): its path filled in, its query
 * and body sent as declared, its answer typed as declared. Nothing here re-types a request or answer.
 */
import {
  type CallDefinition,
  type CallInput,
  type CallResult,
  callPath,
  type FileAnswer,
  isFileAnswer,
} from '@cobranzas/shared';
import { api } from './api';
import { downloadFile } from './download';

/** Calls `call` with `input`; fails with an ApiError carrying the server's Spanish message. */
export async function callApi<C extends CallDefinition>(
  call: C,
  input: CallInput<C>,
  signal?: AbortSignal,
): Promise<CallResult<C, Blob>> {
  const response = await api.request({
    method: call.method,
    url: callPath(call, input.params),
    params: input.query,
    data: input.body,
    signal,
    ...(isFileAnswer(call.answer) ? { responseType: 'blob' as const } : {}),
  });
  return (call.status === 204 ? undefined : response.data) as CallResult<C, Blob>;
}

/** A call that answers a file: saved under the server's name, else `fallback`; returns the name. */
export function downloadCall<C extends CallDefinition & { answer: FileAnswer }>(
  call: C,
  input: CallInput<C>,
  fallback: string,
): Promise<string> {
  return downloadFile(callPath(call, input.params), fallback, input.query as object | undefined);
}
