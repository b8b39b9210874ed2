import { sql } from 'drizzle-orm';
import type { TestApp } from './helpers';

/** Each dashboard summary as the triggers keep it, and as a GROUP BY over the base tables computes it. */
export const SUMMARIES = {
  kpi_placed: {
    kept: sql`SELECT company_id, day::text, debt_type_id, currency::text, debts, original_amount::text AS amount
      FROM kpi_placed WHERE debts <> 0 OR original_amount <> 0 ORDER BY 1, 2, 3, 4`,
    computed: sql`SELECT company_id, kpi_day(created_at)::text AS day, debt_type_id, currency::text,
      count(*)::int AS debts, sum(original_amount)::numeric(20,2)::text AS amount FROM debts GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
  },
  kpi_portfolio: {
    kept: sql`SELECT company_id, collection_type_id, currency::text, debts, original_amount::text AS o,
      paid_amount::text AS p, balance::text AS b FROM kpi_portfolio WHERE debts <> 0 ORDER BY 1, 2, 3`,
    computed: sql`SELECT company_id, coalesce(collection_type_id, 0) AS collection_type_id, currency::text,
      count(*)::int AS debts, sum(original_amount)::numeric(20,2)::text AS o, sum(paid_amount)::numeric(20,2)::text AS p,
      sum(balance)::numeric(20,2)::text AS b FROM debts GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
  },
  kpi_collected: {
    kept: sql`SELECT company_id, day::text, currency::text, movements, amount::text AS amount
      FROM kpi_collected WHERE movements <> 0 ORDER BY 1, 2, 3`,
    computed: sql`SELECT d.company_id, m.date::text AS day, d.currency::text, count(*)::int AS movements,
      sum(m.amount)::numeric(20,2)::text AS amount FROM ledger_live m
      JOIN debts d ON d.id = m.debt_id WHERE m.kind IN ('PAYMENT', 'DEPOSIT') GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
  },
  kpi_unpaid_quotas: {
    kept: sql`SELECT company_id, due_date::text, currency::text, quotas, amount::text AS amount
      FROM kpi_unpaid_quotas WHERE quotas <> 0 ORDER BY 1, 2, 3`,
    computed: sql`SELECT d.company_id, q.due_date::text, d.currency::text, count(*)::int AS quotas,
      sum(q.amount + q.mora_amount - q.paid_amount)::numeric(20,2)::text AS amount FROM quotas q
      JOIN debts d ON d.id = q.debt_id WHERE q.status <> 'PAGADA' GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
  },
};

/** The debts whose stored totals differ from the sums of their live ledger rows: balance = original + services + mora − paid − reductions. */
export const DRIFTED_DEBTS = sql`
  SELECT d.id, d.services_amount::text AS services, d.mora_amount::text AS mora, d.paid_amount::text AS paid,
    d.balance::text AS balance, s.services::text AS "servicesSummed", s.mora::text AS "moraSummed",
    s.paid::text AS "paidSummed", (d.original_amount + s.services + s.mora - s.paid - s.reduced)::text AS "balanceSummed"
  FROM debts d CROSS JOIN LATERAL (SELECT
    coalesce(sum(l.amount) FILTER (WHERE l.kind = 'SERVICE'), 0) AS services,
    coalesce(sum(l.amount) FILTER (WHERE l.kind = 'MORA'), 0) AS mora,
    coalesce(sum(l.amount) FILTER (WHERE l.kind IN ('PAYMENT', 'DEPOSIT')), 0) AS paid,
    coalesce(sum(l.amount) FILTER (WHERE l.kind = 'REDUCTION'), 0) AS reduced
    FROM ledger_live l WHERE l.debt_id = d.id) s
  WHERE (d.services_amount, d.mora_amount, d.paid_amount, d.balance)
    IS DISTINCT FROM (s.services, s.mora, s.paid, d.original_amount + s.services + s.mora - s.paid - s.reduced)
  ORDER BY d.id`;

export async function rowsOf(t: TestApp, query: ReturnType<typeof sql>): Promise<unknown[]> {
  const result = await t.database.db.execute(query);
  return (result as unknown as { rows: unknown[] }).rows;
}

/** Every summary as kept and as computed, side by side (equal when the triggers are right). */
export async function summariesKeptAndComputed(t: TestApp) {
  const kept: Record<string, unknown[]> = {};
  const computed: Record<string, unknown[]> = {};
  for (const [name, query] of Object.entries(SUMMARIES)) {
    kept[name] = await rowsOf(t, query.kept);
    computed[name] = await rowsOf(t, query.computed);
  }
  return { kept, computed };
}
