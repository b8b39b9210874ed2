/** The strategies' own calls (DESIGN.md §11.5) beyond the generic lists, reads and saves. */
import {
  type RunOutcome,
  strategyDryRunCall,
  strategyRunCancelCall,
  strategyRunDebtsCall,
  strategyRunNowCall,
} from '@cobranzas/shared';
import { callApi } from '../../lib/call';

/** Rows per page of a dry run's sample and of a run's debts. */
export const DEBTS_PAGE = 20;

/** POST /strategies/{id}/dry-run: how many debts it takes and what each would get (writes nothing). */
export const dryRun = (id: number, page: number, signal?: AbortSignal) =>
  callApi(strategyDryRunCall, { params: { id }, query: { page, pageSize: DEBTS_PAGE } }, signal);

/** POST /strategies/{id}/run: a run over every debt that matches, as a job (409 when inactive). */
export const runNow = (id: number) => callApi(strategyRunNowCall, { params: { id } });

/** POST /strategy-runs/{id}/cancel: what was applied stays applied (409 when it already ended). */
export const cancelRun = (id: number) => callApi(strategyRunCancelCall, { params: { id } });

/** GET /strategy-runs/{id}/debts: a page of the run's debts and what each got. */
export const runDebts = (id: number, outcome: RunOutcome | null, page: number, signal?: AbortSignal) =>
  callApi(
    strategyRunDebtsCall,
    { params: { id }, query: { ...(outcome ? { outcome } : {}), page, pageSize: DEBTS_PAGE } },
    signal,
  );
