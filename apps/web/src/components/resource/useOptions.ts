import { type ItemOf, LIST_MAX_LIMIT, type ResourceDefinition, type SortKeyOf } from '@cobranzas/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { type ListParamsOf, resourceQueries } from '../../lib/resourceQueries';
import type { Option } from './types';

/** A resource whose list sorts by name (the catalogs, users, companies). */
type Named<D extends ResourceDefinition> = 'name' extends SortKeyOf<D> ? D : never;
type Row<D extends ResourceDefinition> = ItemOf<D> & { id: number };

/** The records of a small catalog (up to 500, by name) as select options. */
export function useOptions<D extends ResourceDefinition>(
  definition: Named<D>,
  label: (record: Row<D>) => string,
  enabled = true,
  params: ListParamsOf<D> = {},
) {
  const query = useQuery({
    ...resourceQueries<D>(definition).list({
      limit: LIST_MAX_LIMIT,
      sort: 'name',
      ...params,
    } as ListParamsOf<D>),
    staleTime: 60_000,
    enabled,
  });
  const records = query.data?.data as Row<D>[] | undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `label` is a fixed function per caller
  const options = useMemo<Option[]>(
    () => (records ?? []).map((record) => ({ value: String(record.id), label: label(record) })),
    [records],
  );
  return {
    options,
    records: records ?? [],
    loading: query.isPending && enabled,
    failed: query.isError,
  };
}
