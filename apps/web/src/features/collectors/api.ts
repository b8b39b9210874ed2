/** GET /collectors/load (issue 18; ADMIN): each collector's open debts and balance. */
import { type CollectorsLoad, debtsResource } from '@cobranzas/shared';
import { useQuery } from '@tanstack/react-query';
import { retryTransient } from '../../components/resource/http';
import { api } from '../../lib/api';
import { resourceKeys } from '../../lib/resourceQueries';

export const fetchCollectorsLoad = async (signal?: AbortSignal) =>
  (await api.get<CollectorsLoad>('/collectors/load', { signal })).data;

/** Under the debts' key: an assignment, or any change on a debt, reloads it. */
export function useCollectorsLoad() {
  return useQuery({
    queryKey: resourceKeys(debtsResource).other('collectors-load'),
    queryFn: ({ signal }) => fetchCollectorsLoad(signal),
    staleTime: 0,
    retry: retryTransient,
  });
}
