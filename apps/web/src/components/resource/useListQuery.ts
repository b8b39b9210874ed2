import type { ResourceDefinition } from '@cobranzas/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { type ListParamsOf, resourceQueries } from '../../lib/resourceQueries';
import { type ListParams, messageOf, statusOf } from './http';
import { toApiParams, useListParams } from './listParams';

/**
 * One page of a resource list. A failed load is not an empty list (issue 32): the page shows the
 * Spanish `error` with «Reintentar» (`retry`), or, when the API refuses (403), the permission notice.
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
    /** Why the load failed, in Spanish (null while it has not). */
    error: failed ? messageOf(query.error) : null,
    retry: () => void query.refetch(),
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
