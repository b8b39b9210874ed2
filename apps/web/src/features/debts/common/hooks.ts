import { useAbility } from '@casl/react';
import { type AppAbility, LIST_MAX_LIMIT } from '@cobranzas/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { fetchList, type ListParams, retryTransient } from '../../../components/resource/http';
import { getDebt } from './api';

/** What the signed-in user may do on these screens (SPEC §6; the API decides anyway). */
export function usePermissions() {
  const ability = useAbility<AppAbility>();
  return {
    add: ability.can('add', 'Debts'),
    edit: ability.can('edit', 'Debts'),
    remove: ability.can('delete', 'Debts'),
    catalogs: ability.can('view', 'SystemManagement'),
    viewDebtors: ability.can('view', 'debtors'),
    addDebtors: ability.can('add', 'debtors'),
    viewTasks: ability.can('view', 'tasks'),
    addTasks: ability.can('add', 'tasks'),
    editTasks: ability.can('edit', 'tasks'),
  };
}
export type Permissions = ReturnType<typeof usePermissions>;

export const debtKey = (id: string | number) => ['debts', 'one', String(id)];

/** One debt with what it embeds; `fresh` always asks the server (forms start from the latest). */
export function useDebt(id: string | number | undefined, fresh = false) {
  return useQuery({
    queryKey: debtKey(id ?? ''),
    queryFn: ({ signal }) => getDebt(id as string, signal),
    enabled: id !== undefined,
    retry: retryTransient,
    ...(fresh ? { staleTime: 0, refetchOnMount: 'always' as const } : {}),
  });
}

/** All records of one resource hanging from a debt (a debt has few of each: one request). */
const NO_PARAMS: ListParams = {};

export function useDebtRecords<T>(
  resource: string,
  debtId: number,
  params: ListParams = NO_PARAMS,
  enabled = true,
) {
  const all = useMemo(() => ({ debtId, limit: LIST_MAX_LIMIT, ...params }), [debtId, params]);
  const query = useQuery({
    queryKey: [resource, 'list', all],
    queryFn: ({ signal }) => fetchList<T>(resource, all, signal),
    retry: retryTransient,
    enabled,
  });
  return { ...query, records: query.data?.data ?? [] };
}

/**
 * After a change on a debt: reload the debt (header amounts, status) and the given resources'
 * lists, without a page reload.
 */
export function useRefresh() {
  const client = useQueryClient();
  return useCallback(
    (...resources: string[]) =>
      Promise.all(['debts', ...resources].map((r) => client.invalidateQueries({ queryKey: [r] }))),
    [client],
  );
}
