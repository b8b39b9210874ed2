/**
 * The view of a list (page, page size, sort, search, filters) lives in the URL's search params, so
 * back/forward, reloads and shared links restore it. Defaults are left out of the URL.
 */
import { LIST_DEFAULT_LIMIT } from '@cobranzas/shared';
import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { ListParams } from './http';

export const PAGE_SIZES = [10, 25, 50, 100];

export type SortOrder = 'asc' | 'desc';
export type ListState = {
  page: number;
  limit: number;
  sort: string | undefined;
  order: SortOrder;
  q: string;
  filters: Record<string, string>;
};
export type ListPatch = Partial<Omit<ListState, 'filters'>> & { filters?: Record<string, string | null> };

/** Reads the state, ignoring what is not valid for this list (unknown sort keys, bad numbers). */
export function readListState(
  params: URLSearchParams,
  sortable: readonly string[],
  filterNames: readonly string[],
): ListState {
  const page = Number(params.get('page'));
  const limit = Number(params.get('limit'));
  const sort = params.get('sort') ?? undefined;
  const filters: Record<string, string> = {};
  for (const name of filterNames) {
    const value = params.get(name);
    if (value) filters[name] = value;
  }
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    limit: PAGE_SIZES.includes(limit) ? limit : LIST_DEFAULT_LIMIT,
    sort: sort && sortable.includes(sort) ? sort : undefined,
    order: params.get('order') === 'desc' ? 'desc' : 'asc',
    q: params.get('q')?.trim() ?? '',
    filters,
  };
}

/** The next search params: `patch` applied over `current`; a new search, filter or size starts at page 1. */
export function writeListState(current: URLSearchParams, patch: ListPatch): URLSearchParams {
  const next = new URLSearchParams(current);
  const set = (key: string, value: string | number | null | undefined, fallback?: string | number) => {
    if (value === null || value === undefined || value === '' || value === fallback) next.delete(key);
    else next.set(key, String(value));
  };
  const resetsPage = patch.q !== undefined || patch.filters !== undefined || patch.limit !== undefined;
  if (patch.q !== undefined) set('q', patch.q.trim());
  if (patch.limit !== undefined) set('limit', patch.limit, LIST_DEFAULT_LIMIT);
  if (patch.sort !== undefined) set('sort', patch.sort);
  if (patch.order !== undefined) set('order', patch.order, 'asc');
  for (const [name, value] of Object.entries(patch.filters ?? {})) set(name, value);
  if (patch.page !== undefined) set('page', patch.page, 1);
  else if (resetsPage) next.delete('page');
  return next;
}

/** The query string of GET /api/{resource} for this state. */
export function toApiParams(state: ListState): ListParams {
  return {
    page: state.page,
    limit: state.limit,
    sort: state.sort,
    order: state.sort ? state.order : undefined,
    q: state.q || undefined,
    ...state.filters,
  };
}

export function useListParams(sortable: readonly string[], filterNames: readonly string[]) {
  const [params, setParams] = useSearchParams();
  const sortKey = sortable.join(',');
  const filterKey = filterNames.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the joined keys stand for the arrays
  const state = useMemo(() => readListState(params, sortable, filterNames), [params, sortKey, filterKey]);
  // React Router hands a functional update the params of the render it came from, so a debounced
  // search written just after a filter change would drop the filter. Writes build on the newest URL:
  // the last one not yet rendered, else the last rendered.
  const rendered = useRef(params);
  const unrendered = useRef<URLSearchParams | null>(null);
  if (rendered.current !== params) {
    rendered.current = params;
    unrendered.current = null;
  }
  const update = useCallback(
    // Typing in the search box replaces the entry; paging, sorting and filtering add one (back undoes them).
    (patch: ListPatch, options: { replace?: boolean } = {}) => {
      const next = writeListState(new URLSearchParams(unrendered.current ?? rendered.current), patch);
      unrendered.current = next;
      setParams(next, { replace: options.replace ?? false });
    },
    [setParams],
  );
  return { state, update };
}
