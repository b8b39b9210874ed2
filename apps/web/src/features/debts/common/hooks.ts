import { useAbility } from '@casl/react';
import {
  type AppAbility,
  debtsResource,
  type ItemOf,
  LIST_MAX_LIMIT,
  promisesResource,
  type ResourceDefinition,
} from '@cobranzas/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { type ListParamsOf, type Refresh, resourceQueries } from '../../../lib/resourceQueries';

/** What the signed-in user may do on these screens (SPEC §6; the API decides anyway). */
export function usePermissions() {
  const ability = useAbility<AppAbility>();
  return {
    add: ability.can('add', 'Debts'),
    /** The agency's own work (observations, who works a debt): never a CLIENTE's (DESIGN.md §11.2). */
    staff: ability.can('add', 'Debts'),
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

const debts = resourceQueries(debtsResource);

/** One debt with what it embeds; `fresh` always asks the server (forms start from the latest). */
export function useDebt(id: string | number | undefined, fresh = false) {
  return useQuery({
    ...debts.detail(id ?? ''),
    enabled: id !== undefined,
    ...(fresh ? { staleTime: 0, refetchOnMount: 'always' as const } : {}),
  });
}

/** All records of one resource hanging from a debt (a debt has few of each: one request). */
export function useDebtRecords<D extends ResourceDefinition>(
  definition: D,
  debtId: number,
  params?: ListParamsOf<D>,
  enabled = true,
) {
  const all = useMemo(
    () => ({ debtId, limit: LIST_MAX_LIMIT, ...params }) as ListParamsOf<D>,
    [debtId, params],
  );
  const query = useQuery({ ...resourceQueries(definition).list(all), enabled });
  return { ...query, records: (query.data?.data ?? []) as (ItemOf<D> & { id: number })[] };
}

/**
 * What a change on a debt's records reloads besides them: the debt itself (header amounts, status),
 * the lists that show it, and its promises (money in their window changes their status), without a
 * page reload.
 */
export const DEBT_REFRESH: Refresh = { also: [debtsResource, promisesResource] };
