/**
 * The one place the web builds a resource's query keys, reads and writes (issue 15): every list,
 * record, select's options and save or delete goes through here, keyed by the shared definition.
 * Keys nest (`all` ⊃ `lists` ⊃ `list(params)`; `all` ⊃ `detail(id)`), so a change invalidates a
 * resource's every query by its `all` key.
 */
import type { FilterKeyOf, ItemOf, ResourceDefinition, SortKeyOf } from '@cobranzas/shared';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  deleteOne,
  fetchList,
  fetchOne,
  type ListParams,
  retryTransient,
  saveOne,
} from '../components/resource/http';

/** A list's query string as the definition allows it: `sort` one of `sortable`, filters its own. */
export type ListParamsOf<D extends ResourceDefinition> = {
  page?: number | undefined;
  limit?: number | undefined;
  sort?: SortKeyOf<D> | undefined;
  order?: 'asc' | 'desc' | undefined;
  q?: string | undefined;
} & { [K in FilterKeyOf<D>]?: string | number | undefined };

/** The list conventions every resource has; any other parameter is a filter. */
const CONVENTIONS = new Set(['page', 'limit', 'sort', 'order', 'q']);

/** The sort value and the filter names a list query sends (what the definition must know). */
export function sentBy(params: ListParams): { sort: string | undefined; filters: string[] } {
  const sort = typeof params.sort === 'string' ? params.sort : undefined;
  return { sort, filters: Object.keys(params).filter((name) => !CONVENTIONS.has(name)) };
}

export function resourceKeys<D extends ResourceDefinition>(definition: D) {
  const all = [definition.path] as const;
  const lists = [...all, 'list'] as const;
  return {
    /** Every query of the resource. */
    all,
    /** Every list of it, whatever the parameters. */
    lists,
    list: (params: object) => [...lists, params] as const,
    detail: (id: string | number) => [...all, 'detail', String(id)] as const,
    /** Another read of the resource (a summary, a search by DNI), under the same root. */
    other: (name: string, ...args: unknown[]) => [...all, name, ...args] as const,
  };
}

/** The `queryOptions` of a resource's list pages and records. */
export function resourceQueries<D extends ResourceDefinition>(definition: D) {
  const keys = resourceKeys(definition);
  return {
    keys,
    list: (params: ListParamsOf<D>) =>
      queryOptions({
        queryKey: keys.list(params),
        queryFn: ({ signal }) => fetchList<ItemOf<D>>(definition.path, params as ListParams, signal),
        retry: retryTransient,
      }),
    detail: (id: string | number) =>
      queryOptions({
        queryKey: keys.detail(id),
        queryFn: ({ signal }) => fetchOne<ItemOf<D>>(definition.path, id, signal),
        retry: retryTransient,
      }),
  };
}

/** Marks every query of these resources stale; the ones on screen reload (the promise waits for them). */
export function invalidateResources(client: QueryClient, definitions: readonly ResourceDefinition[]) {
  return Promise.all(
    definitions.map(async (d) => {
      const queryKey = resourceKeys(d).all;
      // A first load still in flight (no data yet) would be reused by the refetch, not restarted, and
      // may have been read before the change committed: cancel it, so the reload reads after it.
      await client.cancelQueries({ queryKey });
      await client.invalidateQueries({ queryKey });
    }),
  );
}

/** What a change reloads besides its own resource, whether the caller waits for it, and its toasts. */
export type Refresh<R = unknown, V = unknown> = {
  /** Other resources the change touches (a payment settles a quota; the debt's header amounts). */
  also?: readonly ResourceDefinition[];
  /** Resolve only after the reload (default), or let it run in the background. */
  wait?: boolean;
} & Callbacks<R, V>;

/**
 * The mutation's own callbacks: they run even when the component that started it is gone (a row
 * remounted by the reload), unlike the callbacks of one `mutate` call.
 */
type Callbacks<R, V> = {
  /** Before the reload (the toast comes first). */
  onSuccess?: (result: R, variables: V) => unknown;
  onError?: (error: Error, variables: V) => unknown;
  /** After the reload, success or not (a dialog closes). */
  onSettled?: () => unknown;
};

/**
 * A write as a `useMutation`: after it succeeds (or, with `always`, fails too: someone else may
 * have changed the record meanwhile) the `invalidates` resources reload.
 */
export function useResourceMutation<V, R>({
  mutationFn,
  invalidates,
  wait = true,
  always = false,
  onSuccess,
  onError,
  onSettled,
}: {
  mutationFn: (variables: V) => Promise<R>;
  invalidates: readonly ResourceDefinition[];
  wait?: boolean;
  always?: boolean;
} & Callbacks<R, V>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (result, variables) => {
      onSuccess?.(result, variables);
    },
    onError: (error, variables) => {
      onError?.(error, variables);
    },
    onSettled: async (_result, error) => {
      if (!error || always) {
        const reload = invalidateResources(client, invalidates);
        if (wait) await reload;
      }
      onSettled?.();
    },
  });
}

type SaveVariables = { id?: string | number | undefined; body: unknown };

/** Creates (no id) or updates (PATCH) a record of the resource. */
export function useSaveRecord<D extends ResourceDefinition>(
  definition: D,
  { also = [], wait = true, ...callbacks }: Refresh<ItemOf<D>, SaveVariables> = {},
) {
  return useResourceMutation({
    mutationFn: ({ id, body }: SaveVariables) => saveOne<ItemOf<D>>(definition.path, id, body),
    invalidates: [definition, ...also],
    wait,
    ...callbacks,
  });
}

/** Deletes a record of the resource (the variables are the record: callbacks can name it). */
export function useDeleteRecord<D extends ResourceDefinition, T extends { id: number } = { id: number }>(
  definition: D,
  { also = [], wait = true, ...callbacks }: Refresh<void, T> = {},
) {
  return useResourceMutation({
    mutationFn: (record: T) => deleteOne(definition.path, record.id),
    invalidates: [definition, ...also],
    wait,
    ...callbacks,
  });
}
