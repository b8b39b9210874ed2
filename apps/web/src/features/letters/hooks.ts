import { type LetterBatch, letterBatchesResource } from '@cobranzas/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { resourceKeys, resourceQueries } from '../../lib/resourceQueries';
import { fetchWaiting } from './api';

/** How often a batch being printed is asked how it went. */
export const POLL_MS = 2000;
export const BATCHES_PAGE = 10;

export const isWorking = (batch: Pick<LetterBatch, 'status'>) =>
  batch.status === 'QUEUED' || batch.status === 'RUNNING';

/** Under the batches' key: a new batch or a finished one reloads it with them. */
export const waitingKey = resourceKeys(letterBatchesResource).other('waiting');

/** The letters waiting for a batch, by template. */
export function useWaiting() {
  return useQuery({
    queryKey: waitingKey,
    queryFn: ({ signal }) => fetchWaiting(signal),
    staleTime: 0,
  });
}

const batches = resourceQueries(letterBatchesResource);

/** A page of the batches, newest first, asked again while any of them is being printed. */
export function useBatches(page: number) {
  return useQuery({
    ...batches.list({ sort: 'createdAt', order: 'desc', page, limit: BATCHES_PAGE }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: (q) =>
      (q.state.data?.data as LetterBatch[] | undefined)?.some(isWorking) ? POLL_MS : false,
  });
}
