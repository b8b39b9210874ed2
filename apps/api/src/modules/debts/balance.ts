import {
  AGENCY_TIME_ZONE,
  agencyToday,
  type Balance,
  type BalanceInput,
  balanceQuerySchema,
  balanceToDate,
  compareMoney,
  type DatedAmount,
  debtBalanceSchema,
  debtCarriesRates,
  idParamsSchema,
  type RateEntry,
  type TokenPayload,
} from '@cobranzas/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { docsFor, errorResponses } from '../../crud';
import type { Executor } from '../../crud/types';
import { arrayLiteral, rowsOf } from '../../db/bulk';
import type { Db } from '../../db/client';
import { notFound } from '../../errors';
import { clientCompany } from '../scope';

/** What the arithmetic needs of one debt, read in one statement (one snapshot, one round trip). */
interface BalanceRow {
  id: number;
  original_amount: string;
  default_date: string | null;
  interest_rate: string | null;
  punitive_rate: string;
  rate_table_id: number | null;
  currency: string;
  costs: DatedAmount[];
  payments: DatedAmount[];
  /** Accepted settlement offers' discounts (debt_reductions). */
  reductions: DatedAmount[];
  quotas: number;
  unpaid_quotas: number;
  /** The agency day the debt's first quota was created: its interest stops there. */
  plan_from: string | null;
  /** The entries of the debt's rate table, or null without one. */
  rate_table: RateEntry[] | null;
}

/** As read: each kind of cost and of money on its own (balanceToDate puts them in date order). */
type StoredBalanceRow = Omit<BalanceRow, 'costs' | 'payments'> &
  Record<'services' | 'mora' | 'paid' | 'deposited', DatedAmount[]>;

/**
 * Amounts as text (never through a JSON number), dates as YYYY-MM-DD. Unordered and not merged in
 * SQL: re-aggregating one array out of two cost PostgreSQL more than the rest of the statement.
 */
const datedAmounts = (table: string, dateColumn: string, amountColumn: string, where = 'true') =>
  sql.raw(`(SELECT coalesce(json_agg(json_build_object('date', x.${dateColumn}::text, 'amount', x.${amountColumn}::text)),
    '[]'::json) FROM ${table} x WHERE x.debt_id = d.id AND ${where})`);

/** The inputs of balanceToDate of the debts `where` selects (over `debts d`). */
async function readInputs(db: Executor | Db, where: SQL): Promise<BalanceRow[]> {
  const rows = rowsOf<StoredBalanceRow>(
    await db.execute(sql`SELECT d.id, d.original_amount::text AS original_amount, d.default_date::text AS default_date,
      d.interest_rate::text AS interest_rate, d.punitive_rate::text AS punitive_rate, d.rate_table_id, d.currency::text AS currency,
      ${datedAmounts('services', 'date', 'amount')} AS services,
      ${datedAmounts('quotas', 'due_date', 'mora_amount', 'x.mora_amount > 0')} AS mora,
      ${datedAmounts('payments', 'paid_at', 'amount')} AS paid,
      ${datedAmounts('deposits', 'deposited_at', 'amount')} AS deposited,
      ${datedAmounts('debt_reductions', 'date', 'amount')} AS reductions,
      CASE WHEN d.rate_table_id IS NOT NULL THEN (SELECT coalesce(json_agg(json_build_object('from', e."from"::text,
        'annualRate', e.annual_rate::text) ORDER BY e."from"), '[]'::json) FROM rate_table_entries e
        WHERE e.rate_table_id = d.rate_table_id) END AS rate_table,
      q.quotas, q.unpaid_quotas, q.plan_from
      FROM debts d, LATERAL (SELECT count(*)::int AS quotas,
        (count(*) FILTER (WHERE q.status IN ('PENDIENTE', 'EN_MORA')))::int AS unpaid_quotas,
        (min(q.created_at) AT TIME ZONE ${AGENCY_TIME_ZONE})::date::text AS plan_from
        FROM quotas q WHERE q.debt_id = d.id) q
      WHERE ${where}`),
  );
  return rows.map(({ services, mora, paid, deposited, ...row }) => ({
    ...row,
    costs: services.concat(mora),
    payments: paid.concat(deposited),
  }));
}

/** Whether interest can run on the debt at all: without it, its balance to date is its stored balance. */
export const carriesRates = (
  row: Pick<BalanceRow, 'default_date' | 'interest_rate' | 'punitive_rate' | 'rate_table_id'>,
) =>
  debtCarriesRates({
    defaultDate: row.default_date,
    interestRate: row.interest_rate,
    punitiveRate: row.punitive_rate,
    rateTableId: row.rate_table_id,
  });

const toInput = (row: BalanceRow, date: string): BalanceInput => ({
  originalAmount: row.original_amount,
  defaultDate: row.default_date,
  date,
  interestRate: row.interest_rate,
  rateTable: row.rate_table,
  punitiveRate: row.punitive_rate,
  costs: row.costs,
  payments: row.payments,
  reductions: row.reductions,
  interestUntil: row.plan_from,
});

export interface DebtBalance extends Balance {
  currency: string;
  plan: { quotas: number; unpaid: number } | null;
  /** Whether the debt carries rates (else `total` is its stored balance). */
  rated: boolean;
}

/**
 * The latest date any of the debt's records carries, or `date` if later: a debt without rates owes
 * its stored balance (DESIGN §10.2), which counts every record whatever its date.
 */
const lastRecordDate = (row: BalanceRow, date: string) =>
  [...row.payments, ...row.costs, ...row.reductions].reduce(
    (latest, r) => (r.date > latest ? r.date : latest),
    date,
  );

const toBalance = (row: BalanceRow, date: string): DebtBalance => {
  const rated = carriesRates(row);
  const balance = balanceToDate(toInput(row, rated ? date : lastRecordDate(row, date)));
  return {
    ...balance,
    date,
    currency: row.currency,
    plan: row.quotas > 0 ? { quotas: row.quotas, unpaid: row.unpaid_quotas } : null,
    rated,
  };
};

/**
 * What the debt owes on `date` (default: today at the agency), or null when this user may not see
 * it (a CLIENTE only its company's). The one number every rule compares with (docs/money.md).
 */
export async function debtBalance(
  db: Executor | Db,
  debtId: number,
  user: TokenPayload | null,
  date: string = agencyToday(),
): Promise<DebtBalance | null> {
  const company = user ? clientCompany(user) : null;
  const [row] = await readInputs(
    db,
    sql`d.id = ${debtId} ${company === null ? sql`` : sql`AND d.company_id = ${company}`}`,
  );
  return row ? toBalance(row, date) : null;
}

/** The balance to date of many debts in one statement (a page of a list, a report's batch). */
export async function debtBalances(
  db: Executor | Db,
  debtIds: readonly number[],
  date: string = agencyToday(),
): Promise<Map<number, DebtBalance>> {
  const result = new Map<number, DebtBalance>();
  if (debtIds.length === 0) return result;
  for (const row of await readInputs(db, sql`d.id = ANY(${arrayLiteral(debtIds)}::int[])`))
    result.set(row.id, toBalance(row, date));
  return result;
}

/** What a money rule compares with: the balance to date of a debt with rates, from inside a write. */
export interface OwedToDate {
  balance: DebtBalance;
  /** The total on the same date without one payment (the one a refused write recorded). */
  without(payment: DatedAmount): string;
}

/**
 * The balance to date of a rated debt (null without rates: its stored balance rules), on today or
 * on its last payment's date when that is later, so a payment dated ahead counts.
 */
export async function owedToDate(
  db: Executor | Db,
  debtId: number,
  { stopInterestOn }: { stopInterestOn?: string } = {},
): Promise<OwedToDate | null> {
  const [found] = await readInputs(db, sql`d.id = ${debtId}`);
  if (!found || !carriesRates(found)) return null;
  // A plan about to be agreed stops the interest on its day, whatever payments come later.
  const row =
    stopInterestOn && (found.plan_from === null || stopInterestOn < found.plan_from)
      ? { ...found, plan_from: stopInterestOn }
      : found;
  const today = agencyToday();
  const last = row.payments.reduce((latest, p) => (p.date > latest ? p.date : latest), today);
  const input = toInput(row, last);
  return {
    balance: toBalance(row, last),
    without(payment) {
      const at = input.payments.findIndex(
        (p) => p.date === payment.date && compareMoney(p.amount, payment.amount) === 0,
      );
      const payments = at < 0 ? input.payments : input.payments.filter((_, i) => i !== at);
      return balanceToDate({ ...input, payments }).total;
    },
  };
}

/**
 * GET /api/debts/{id}/balance?date= (DESIGN.md §10.2): what the debt owes on the date, with its
 * interest segments. A CLIENTE asks only about its company's debts (404 otherwise, as GET /debts/{id}).
 */
export function balanceRoute(app: FastifyInstance, db: Db) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/debts/:id/balance',
    {
      schema: {
        ...docsFor('deudas'),
        summary: 'Saldo de una deuda a una fecha: capital, intereses, punitorios, gastos y pagos',
        params: idParamsSchema,
        querystring: balanceQuerySchema,
        response: { 200: debtBalanceSchema, ...errorResponses },
      },
    },
    async (request) => {
      const balance = await debtBalance(db, request.params.id, request.user, request.query.date);
      if (!balance) throw notFound();
      const { rated: _rated, ...answer } = balance;
      return answer;
    },
  );
}
