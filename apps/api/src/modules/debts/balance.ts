import {
  agencyToday,
  type BalanceInput,
  balanceQuerySchema,
  balanceToDate,
  type DatedAmount,
  debtBalanceSchema,
  idParamsSchema,
  type RateEntry,
  type TokenPayload,
} from '@cobranzas/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { docsFor, errorResponses } from '../../crud';
import type { Executor } from '../../crud/types';
import { rowsOf } from '../../db/bulk';
import type { Db } from '../../db/client';
import { notFound } from '../../errors';
import { clientCompany } from '../scope';

/** What the arithmetic needs of one debt, read in one statement (one snapshot, one round trip). */
interface BalanceRow {
  original_amount: string;
  default_date: string | null;
  interest_rate: string | null;
  punitive_rate: string;
  currency: string;
  costs: DatedAmount[];
  payments: DatedAmount[];
  quotas: number;
  unpaid_quotas: number;
  /** The entries of the debt's rate table, or null without one. */
  rate_table: RateEntry[] | null;
}

/** Amounts as text (never through a JSON number), dates as YYYY-MM-DD. */
const datedAmounts = (table: string, dateColumn: string, amountColumn: string, where = 'true') =>
  sql.raw(`(SELECT coalesce(json_agg(json_build_object('date', x.${dateColumn}::text, 'amount', x.${amountColumn}::text)
    ORDER BY x.${dateColumn}, x.id), '[]'::json) FROM ${table} x WHERE x.debt_id = d.id AND ${where})`);

/** The inputs of balanceToDate for a debt this user may see, or null. */
export async function balanceInputs(db: Executor | Db, debtId: number, user: TokenPayload) {
  const company = clientCompany(user);
  const rows = rowsOf<BalanceRow>(
    await db.execute(sql`SELECT d.original_amount::text AS original_amount, d.default_date::text AS default_date,
      d.interest_rate::text AS interest_rate, d.punitive_rate::text AS punitive_rate, d.currency::text AS currency,
      (SELECT coalesce(json_agg(c ORDER BY c->>'date'), '[]'::json) FROM (
        SELECT json_array_elements(${datedAmounts('services', 'date', 'amount')}) AS c
        UNION ALL
        SELECT json_array_elements(${datedAmounts('quotas', 'due_date', 'mora_amount', 'x.mora_amount > 0')})
      ) costs) AS costs,
      (SELECT coalesce(json_agg(p ORDER BY p->>'date'), '[]'::json) FROM (
        SELECT json_array_elements(${datedAmounts('payments', 'paid_at', 'amount')}) AS p
        UNION ALL
        SELECT json_array_elements(${datedAmounts('deposits', 'deposited_at', 'amount')})
      ) money) AS payments,
      CASE WHEN d.rate_table_id IS NOT NULL THEN (SELECT coalesce(json_agg(json_build_object('from', e."from"::text,
        'annualRate', e.annual_rate::text) ORDER BY e."from"), '[]'::json) FROM rate_table_entries e
        WHERE e.rate_table_id = d.rate_table_id) END AS rate_table,
      (SELECT count(*)::int FROM quotas q WHERE q.debt_id = d.id) AS quotas,
      (SELECT count(*)::int FROM quotas q WHERE q.debt_id = d.id AND q.status IN ('PENDIENTE', 'EN_MORA')) AS unpaid_quotas
      FROM debts d WHERE d.id = ${debtId} ${company === null ? sql`` : sql`AND d.company_id = ${company}`}`),
  );
  return rows[0] ?? null;
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
      const row = await balanceInputs(db, request.params.id, request.user);
      if (!row) throw notFound();
      const input: BalanceInput = {
        originalAmount: row.original_amount,
        defaultDate: row.default_date,
        date: request.query.date ?? agencyToday(),
        interestRate: row.interest_rate,
        rateTable: row.rate_table,
        punitiveRate: row.punitive_rate,
        costs: row.costs,
        payments: row.payments,
      };
      return {
        ...balanceToDate(input),
        currency: row.currency,
        plan: row.quotas > 0 ? { quotas: row.quotas, unpaid: row.unpaid_quotas } : null,
      };
    },
  );
}
