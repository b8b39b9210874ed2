import { agencyToday, type DebtBalanceTotal, debtBalancesCall, debtCarriesRates } from '@cobranzas/shared';
import { and } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { routeCall } from '../../crud';
import { anyOf } from '../../db/bulk';
import type { Db } from '../../db/client';
import { debts } from '../../db/schema';
import { debtScope } from '../scope';
import { debtBalances } from './balance';

/** Debts per balance-to-date statement: each one reads the debts' costs, payments and rates. */
export const BALANCE_BATCH_SIZE = 500;

/** What «Saldo actualizado» needs of a debt's own row: its stored balance and whether rates run on it. */
export const updatedBalanceColumns = {
  balance: debts.balance,
  defaultDate: debts.defaultDate,
  interestRate: debts.interestRate,
  punitiveRate: debts.punitiveRate,
  rateTableId: debts.rateTableId,
};
export interface UpdatedBalanceRow {
  id: number;
  balance: string;
  defaultDate: string | null;
  interestRate: string | null;
  punitiveRate: string;
  rateTableId: number | null;
}

/**
 * «Saldo actualizado» of each row on `date`: the amount owed (DESIGN.md §11.1). Today a debt without
 * rates owes its stored balance (the books', which a plan also keeps), so only the debts with rates
 * are read again; on another day every debt is, BALANCE_BATCH_SIZE per statement.
 */
export async function updatedBalances(
  db: Db,
  rows: readonly UpdatedBalanceRow[],
  date: string,
): Promise<Map<number, string>> {
  const totals = new Map(rows.map((row) => [row.id, row.balance]));
  const today = date === agencyToday();
  const read = rows.filter((row) => !today || debtCarriesRates(row)).map((row) => row.id);
  for (let i = 0; i < read.length; i += BALANCE_BATCH_SIZE)
    for (const [id, owed] of await debtBalances(db, read.slice(i, i + BALANCE_BATCH_SIZE), date))
      totals.set(id, owed.total);
  return totals;
}

/**
 * GET /api/debts/balances?ids=1,2,3&date= : the «Saldo actualizado» of a list's visible page (up to
 * 100 debts) in at most two statements. A debt with rates owes its balance to date
 * (DESIGN.md §10.2); one without, its stored balance. A debt the user may not see (a CLIENTE: another
 * company's) or that does not exist is simply left out: the answer never says which ids exist.
 */
export function balancesRoute(app: FastifyInstance, db: Db) {
  routeCall(app, debtBalancesCall, {}, async (request) => {
    const { ids, date = agencyToday() } = request.query;
    const visible = await db
      .select({ id: debts.id, currency: debts.currency, ...updatedBalanceColumns })
      .from(debts)
      .where(and(anyOf(debts.id, ids), debtScope(request.user)));
    const currencies = new Map(visible.map((row) => [row.id, row.currency]));
    const totals = await updatedBalances(db, visible, date);
    const data: DebtBalanceTotal[] = [];
    for (const id of ids) {
      const currency = currencies.get(id);
      const total = totals.get(id);
      if (currency !== undefined && total !== undefined) data.push({ id, date, total, currency });
    }
    return { data };
  });
}
