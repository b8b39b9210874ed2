/** The API calls of the generic resource screens (DESIGN.md §7 conventions). */
import { type ListResponse, MESSAGES } from '@cobranzas/shared';
import { ApiError, api } from '../../lib/api';

export type ListParams = Record<string, string | number | undefined>;

export async function fetchList<T>(resource: string, params: ListParams, signal?: AbortSignal) {
  const { data } = await api.get<ListResponse<T>>(`/${resource}`, { params, signal });
  return data;
}

export async function fetchOne<T>(resource: string, id: string | number, signal?: AbortSignal) {
  const { data } = await api.get<T>(`/${resource}/${id}`, { signal });
  return data;
}

export async function saveOne<T>(resource: string, id: string | number | undefined, body: unknown) {
  const { data } =
    id === undefined
      ? await api.post<T>(`/${resource}`, body)
      : await api.patch<T>(`/${resource}/${id}`, body);
  return data;
}

export async function deleteOne(resource: string, id: string | number) {
  await api.delete(`/${resource}/${id}`);
}

export const statusOf = (error: unknown) => (error instanceof ApiError ? error.status : undefined);

/** What to tell the user about a failed call: the server's message, else the client's, else unknown. */
export function messageOf(error: unknown): string {
  return (error instanceof Error && error.message) || MESSAGES.unknownError;
}

/** The `errors` map of a 400/409 answer ({field: [msg]}), when there is one. */
export function fieldErrorsOf(error: unknown): Record<string, string[]> {
  if (!(error instanceof ApiError) || typeof error.data !== 'object' || error.data === null) return {};
  const errors = (error.data as { errors?: unknown }).errors;
  return typeof errors === 'object' && errors !== null ? (errors as Record<string, string[]>) : {};
}

/** Retries only what may pass a second time: network failures and 5xx, once. */
export function retryTransient(failures: number, error: unknown): boolean {
  const status = statusOf(error);
  return failures < 1 && (status === undefined || status >= 500);
}
