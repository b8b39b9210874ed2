/** GET /queue (DESIGN.md §10.3): the collector's debts that need work today, best first. */
import { debtsResource, type QueueResponse } from '@cobranzas/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { retryTransient } from '../../components/resource/http';
import { api } from '../../lib/api';
import { resourceKeys } from '../../lib/resourceQueries';

export type QueueParams = { page: number; limit: number; userId?: string | undefined };

export const fetchQueue = async (params: QueueParams, signal?: AbortSignal) =>
  (await api.get<QueueResponse>('/queue', { params, signal })).data;

/**
 * The queue's key lives under the debts' own: any change on a debt (a contact, a payment, a promise,
 * an assignment) reloads it, so a debt contacted today drops out. Asked again whenever the page is
 * shown (back from a debt) or the window regains focus.
 */
export const queueKey = (params: QueueParams) => resourceKeys(debtsResource).other('queue', params);

export function useQueue(params: QueueParams) {
  return useQuery({
    queryKey: queueKey(params),
    queryFn: ({ signal }) => fetchQueue(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchOnMount: 'always',
    refetchOnWindowFocus: true,
    retry: retryTransient,
  });
}
