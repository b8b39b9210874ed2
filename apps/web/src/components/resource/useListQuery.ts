import type { ResourceDefinition } from '@cobranzas/shared';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type ListParamsOf, resourceQueries } from '../../lib/resourceQueries';
import { messageOf, statusOf } from './http';

/**
 * One page of a resource list. SPEC §7: a failed load leaves the list empty; the user gets a toast,
 * or, when the API refuses (403), the page says so instead.
 */
export function useListQuery<D extends ResourceDefinition>(
  definition: D,
  params: ListParamsOf<D>,
  enabled = true,
) {
  const query = useQuery({
    ...resourceQueries(definition).list(params),
    placeholderData: keepPreviousData,
    enabled,
  });
  const failed = query.isError;
  const forbidden = failed && statusOf(query.error) === 403;
  const resource = definition.path;

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
