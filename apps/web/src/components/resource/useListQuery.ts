import { notifications } from '@mantine/notifications';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { fetchList, type ListParams, messageOf, retryTransient, statusOf } from './http';

/**
 * One page of a resource list. SPEC §7: a failed load leaves the list empty; the user gets a toast,
 * or, when the API refuses (403), the page says so instead.
 */
export function useListQuery<T>(resource: string, params: ListParams, enabled = true) {
  const query = useQuery({
    queryKey: [resource, 'list', params],
    queryFn: ({ signal }) => fetchList<T>(resource, params, signal),
    placeholderData: keepPreviousData,
    retry: retryTransient,
    enabled,
  });
  const failed = query.isError;
  const forbidden = failed && statusOf(query.error) === 403;

  useEffect(() => {
    if (!failed || forbidden) return;
    notifications.show({
      id: `list-error-${resource}`,
      color: 'red',
      title: 'No se pudo cargar la lista',
      message: messageOf(query.error),
    });
  }, [failed, forbidden, query.error, resource]);

  return {
    records: failed ? [] : (query.data?.data ?? []),
    total: failed ? 0 : (query.data?.total ?? 0),
    /** The total is the API's estimate (past its exact-count cap). */
    estimated: !failed && query.data?.totalEstimated === true,
    /** The first load: nothing to show yet. */
    loading: query.isPending && enabled,
    /** A later load (next page, new filter) while the previous page stays on screen. */
    fetching: query.isFetching && !query.isPending,
    failed,
    forbidden,
  };
}
