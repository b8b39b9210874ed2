import {
  agencyToday,
  amountOwed,
  type CURRENCIES,
  dayMonthYear,
  debtBalanceCall,
  MESSAGES,
  type Move,
  type Owed,
  type PlanQuota,
  type QuotaStatus,
  type RateEntry,
  type TokenPayload,
} from '@cobranzas/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { routeCall } from '../../crud';
import type { Executor } from '../../crud/types';
import { arrayParam, rowsOf } from '../../db/bulk';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../errors';
import { clientCompany } from '../scope';

export type StoredQuota = PlanQuota & {
  status: QuotaStatus;
  paidAmount: string;
  moraAmount: string;
  paidAt: string | null;
  paymentId: number | null;
};

/**
 * What the amount owed needs of one debt, read in one statement (one snapshot, one round trip): the
 * debt's terms, its live ledger rows, its quotas and its rate table.
 */
export interface OwedRow {
  id: number;
  currency: Currency;
  original_amount: string;
  origin_date: string | null;
  default_date: string | null;
  interest_rate: string | null;
  punitive_rate: string;
  balance: string;
  moves: (Move & { documentId: number | null })[];
  /** With what the quotas table keeps of them (books.ts brings it up to date). */
  quotas: StoredQuota[];
  rate_table: RateEntry[] | null;
}

/**
 * Amounts and dates as text (never through a JSON number); instants as PostgreSQL writes them, the
 * same way for rows and quotas so that they compare as text.
 */
async function readRows(db: Executor | Db, where: SQL): Promise<OwedRow[]> {
  return rowsOf<OwedRow>(
    await db.execute(sql`SELECT d.id, d.currency::text AS currency, d.original_amount::text AS original_amount,
      d.origin_date::text AS origin_date, d.default_date::text AS default_date, d.interest_rate::text AS interest_rate,
      d.punitive_rate::text AS punitive_rate, d.balance::text AS balance,
      (SELECT coalesce(json_agg(json_build_object('id', l.id, 'kind', l.kind, 'date', l.date::text,
        'amount', l.amount::text, 'quotaId', l.quota_id, 'recordedAt', l.created_at::text,
        'planInterest', l.plan_interest, 'documentId', l.document_id)), '[]'::json)
        FROM ledger_live l WHERE l.debt_id = d.id) AS moves,
      (SELECT coalesce(json_agg(json_build_object('id', q.id, 'number', q.number, 'dueDate', q.due_date::text,
        'amount', q.amount::text, 'createdAt', q.created_at::text, 'status', q.status,
        'paidAmount', q.paid_amount::text, 'moraAmount', q.mora_amount::text, 'paidAt', q.paid_at::text,
        'paymentId', q.payment_id)), '[]'::json)
        FROM quotas q WHERE q.debt_id = d.id) AS quotas,
      CASE WHEN d.rate_table_id IS NOT NULL THEN (SELECT coalesce(json_agg(json_build_object('from', e."from"::text,
        'annualRate', e.annual_rate::text) ORDER BY e."from"), '[]'::json) FROM rate_table_entries e
        WHERE e.rate_table_id = d.rate_table_id) END AS rate_table
      FROM debts d WHERE ${where}`),
  );
}

/** The amount owed of a row on `date`, with the debt's currency. */
export function owedOf(row: OwedRow, date: string = agencyToday()): DebtOwed {
  const owed = amountOwed({
    originalAmount: row.original_amount,
    defaultDate: row.default_date,
    interestRate: row.interest_rate,
    rateTable: row.rate_table,
    punitiveRate: row.punitive_rate,
    moves: row.moves,
    quotas: row.quotas,
    date,
  });
  return { ...owed, currency: row.currency };
}

export type Currency = (typeof CURRENCIES)[number];
export type DebtOwed = Owed & { currency: Currency };

/** The inputs of one debt this user may see (a CLIENTE only its company's), or null. */
export async function readOwed(
  db: Executor | Db,
  debtId: number,
  user: TokenPayload | null = null,
): Promise<OwedRow | null> {
  const company = user ? clientCompany(user) : null;
  const [row] = await readRows(
    db,
    sql`d.id = ${debtId} ${company === null ? sql`` : sql`AND d.company_id = ${company}`}`,
  );
  return row ?? null;
}

/**
 * What the debt owes on `date` (default: today at the agency), or null when this user may not see
 * it. The one figure every screen, letter and rule reads (DESIGN.md §11.1, docs/money.md).
 */
export async function debtBalance(
  db: Executor | Db,
  debtId: number,
  user: TokenPayload | null,
  date: string = agencyToday(),
): Promise<DebtOwed | null> {
  const row = await readOwed(db, debtId, user);
  return row ? owedOf(row, date) : null;
}

/** The inputs of many debts in one statement (no scope: for the callers that chose the ids). */
export async function readOwedRows(db: Executor | Db, debtIds: readonly number[]): Promise<OwedRow[]> {
  if (debtIds.length === 0) return [];
  return readRows(db, sql`d.id = ANY(${arrayParam(debtIds)}::int[])`);
}

/** The amount owed of many debts in one statement (a page of a list, a report's batch). */
export async function debtBalances(
  db: Executor | Db,
  debtIds: readonly number[],
  date: string = agencyToday(),
): Promise<Map<number, DebtOwed>> {
  const result = new Map<number, DebtOwed>();
  for (const row of await readOwedRows(db, debtIds)) result.set(row.id, owedOf(row, date));
  return result;
}

/** A date before the debt existed (its origin, else its default) names no amount: 400. */
export function assertDateWithinDebt(
  row: Pick<OwedRow, 'origin_date' | 'default_date'>,
  date: string,
  field = 'date',
) {
  const start = row.origin_date ?? row.default_date;
  if (start !== null && date < start) throw badRequest(field, MESSAGES.dateBeforeDebt(dayMonthYear(start)));
}

/**
 * GET /api/debts/{id}/balance?date= (DESIGN.md §10.2, §11.1): what the debt owes on the date — its
 * basis, its interest segments, its plan's quotas. A later date projects the interest; a date before
 * the debt existed is a 400. A CLIENTE asks only about its company's debts (404 otherwise).
 */
export function balanceRoute(app: FastifyInstance, db: Db) {
  routeCall(app, debtBalanceCall, {}, async (request) => {
    const row = await readOwed(db, request.params.id, request.user);
    if (!row) throw notFound();
    const date = request.query.date ?? agencyToday();
    assertDateWithinDebt(row, date);
    const { plan, ...owed } = owedOf(row, date);
    return {
      ...owed,
      plan:
        plan?.map(({ number, dueDate, amount, mora, paid, status }) => ({
          number,
          dueDate,
          amount,
          mora,
          paid,
          status,
        })) ?? null,
    };
  });
}
