/** POST /debts/assign (DESIGN.md §10.3; ADMIN): the chosen debts, or all the list's filter finds, to a collector. */
import type { DebtAssign } from '@cobranzas/shared';
import type { ListParams } from '../../../components/resource/http';
import { api } from '../../../lib/api';

export const assignDebts = async (body: DebtAssign) =>
  (await api.post<{ assigned: number }>('/debts/assign', body)).data;

/** A list query without its view (page, size, order): what selects the debts, as strings. */
export function filterOf(params: ListParams): Record<string, string> {
  const { page: _page, limit: _limit, sort: _sort, order: _order, ...rest } = params;
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(rest))
    if (value !== undefined && value !== '') out[name] = String(value);
  return out;
}
