import { agencyToday, debtBalanceCall, debtsResource } from '@cobranzas/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/call';
import { resourceKeys } from '../../../lib/resourceQueries';

/**
 * What the debt owes on `date` (GET /debts/{id}/balance). Under the debt's detail key, so every
 * write that refreshes the debt refreshes it too; the file's panel and the plan form share it.
 */
export function useBalanceToDate(debtId: number, date: string = agencyToday()) {
  return useQuery({
    queryKey: [...resourceKeys(debtsResource).detail(debtId), 'balance', date],
    queryFn: ({ signal }) => callApi(debtBalanceCall, { params: { id: debtId }, query: { date } }, signal),
  });
}
