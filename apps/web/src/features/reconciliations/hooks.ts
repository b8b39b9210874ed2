import {
  type Reconciliation,
  type ReconciliationLine,
  reconciliationLinesCall,
  reconciliationsResource,
} from '@cobranzas/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/call';
import { resourceQueries } from '../../lib/resourceQueries';

export const POLL_MS = 1000;
export const isWorking = (r: Pick<Reconciliation, 'status'>) =>
  r.status === 'QUEUED' || r.status === 'RUNNING';

const files = resourceQueries(reconciliationsResource);

/** One file, asked again every second while it is read and matched. */
export function useReconciliation(id: number) {
  return useQuery({
    ...files.detail(id),
    refetchInterval: (q) => {
      const data = q.state.data as Reconciliation | undefined;
      return data && isWorking(data) ? POLL_MS : false;
    },
    staleTime: 0,
  });
}

export interface LinesFilter {
  status?: ReconciliationLine['status'] | undefined;
  confidence?: ReconciliationLine['confidence'] | undefined;
  page: number;
}

export const PAGE_SIZE = 50;
export const linesKey = (id: number) => ['reconciliations', id, 'lines'] as const;

/** A page of a file's lines with their candidates. */
export function useLines(id: number, filter: LinesFilter, enabled: boolean) {
  return useQuery({
    queryKey: [...linesKey(id), filter],
    queryFn: ({ signal }) =>
      callApi(
        reconciliationLinesCall,
        {
          params: { id },
          query: {
            ...(filter.status ? { status: filter.status } : {}),
            ...(filter.confidence ? { confidence: filter.confidence } : {}),
            page: filter.page,
            pageSize: PAGE_SIZE,
          },
        },
        signal,
      ),
    enabled,
    placeholderData: keepPreviousData,
  });
}
