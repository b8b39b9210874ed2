import { LIST_MAX_LIMIT } from '@cobranzas/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { fetchList, type ListParams, retryTransient } from './http';
import type { Option } from './types';

/** The records of a small catalog (up to 500, by name) as select options. */
export function useOptions<T extends { id: number }>(
  resource: string,
  label: (record: T) => string,
  enabled = true,
  params: ListParams = {},
) {
  const query = useQuery({
    queryKey: [resource, 'options', params],
    queryFn: ({ signal }) =>
      fetchList<T>(resource, { limit: LIST_MAX_LIMIT, sort: 'name', ...params }, signal),
    staleTime: 60_000,
    retry: retryTransient,
    enabled: enabled && resource !== '',
  });
  const records = query.data?.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `label` is a fixed function per caller
  const options = useMemo<Option[]>(
    () => (records ?? []).map((record) => ({ value: String(record.id), label: label(record) })),
    [records],
  );
  return { options, records: records ?? [], loading: query.isPending && enabled, failed: query.isError };
}
