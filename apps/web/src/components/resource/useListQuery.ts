import type { ResourceDefinition } from '@cobranzas/shared';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { type ListParamsOf, resourceQueries } from '../../lib/resourceQueries';
import { type ListParams, messageOf, statusOf } from './http';
import { toApiParams, useListParams } from './listParams';

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

export type ListQuery = ReturnType<typeof useListQuery>;

/**
 * A list screen's state and data: the view (page, sort, search, the `filterNames`) read from the URL,
 * the API parameters it makes (plus `fixed` ones the user does not choose), and that page's records.
 */
export function useUrlList<D extends ResourceDefinition>(
  definition: D,
  sortable: readonly string[],
  filterNames: readonly string[],
  fixed?: ListParams,
) {
  const { state, update } = useListParams(sortable, filterNames);
  const params = useMemo(() => ({ ...toApiParams(state), ...fixed }), [state, fixed]);
  const list = useListQuery(definition, params as ListParamsOf<D>);
  return { state, update, params, list };
}
