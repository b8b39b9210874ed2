/** «Saldo actualizado» of a list's visible page: one GET /debts/balances for the page's debts. */
import { type DebtBalanceTotal, debtBalancesCall, debtsResource } from '@cobranzas/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { retryTransient } from '../../../components/resource/http';
import { callApi } from '../../../lib/call';
import { resourceKeys } from '../../../lib/resourceQueries';

/** What a row's cell shows: the balance to date, still loading, or nothing (left out, or the call failed). */
export type UpdatedBalance = DebtBalanceTotal | 'loading' | null;
export type UpdatedBalanceOf = (id: number) => UpdatedBalance;

export const pageBalances = (ids: readonly number[], signal?: AbortSignal) =>
  callApi(debtBalancesCall, { query: { ids: ids.join(',') } }, signal);

/**
 * The balances to date (today at the agency) of the debts `ids`, asked once per page: keyed under
 * the debts, so a write that refreshes them refreshes these too. A page of at most 100 debts (the
 * largest page size), which is what the API answers in one call.
 */
export function usePageBalances(ids: readonly number[]): UpdatedBalanceOf {
  const query = useQuery({
    queryKey: resourceKeys(debtsResource).other('balances', ids),
    queryFn: ({ signal }) => pageBalances(ids, signal),
    enabled: ids.length > 0,
    retry: retryTransient,
  });
  const { data, isPending } = query;
  return useMemo(() => {
    const byId = new Map((data?.data ?? []).map((row) => [row.id, row]));
    // A new page is a new key: its cells wait while its rows show at once. After a failure, a dash.
    return (id: number) => byId.get(id) ?? (isPending ? 'loading' : null);
  }, [data, isPending]);
}
