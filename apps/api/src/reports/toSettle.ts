import type { ToSettle } from '@cobranzas/shared';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/bulk';
import type { Db } from '../db/client';
import { cents, money } from './decimal';

interface Row {
  company_id: number;
  company_name: string;
  currency: 'ARS' | 'USD';
  items: number;
  amount: string;
  since: string;
}

/**
 * The dashboard's «a rendir» (issue 19): per company and currency, the payments and deposits in no
 * closed settlement (a draft does not mark them): how many, how much, and the earliest date. Read
 * from the summaries: kpi_collected (every movement, kept by triggers) less kpi_settled (written when
 * a settlement closes), per day. Summing the payments themselves took 0,5–2,8 s at 1M debts.
 * `companyId` null: every company.
 */
export async function toSettle(db: Db, companyId: number | null): Promise<ToSettle> {
  const ofCompany = companyId === null ? sql`true` : sql`c.company_id = ${companyId}`;
  const rows = rowsOf<Row>(
    await db.execute(sql`SELECT c.company_id, companies.name AS company_name, c.currency,
        sum(c.movements - coalesce(s.movements, 0))::int AS items,
        sum(c.amount - coalesce(s.amount, 0))::text AS amount,
        min(c.day) FILTER (WHERE c.movements > coalesce(s.movements, 0))::text AS since
      FROM kpi_collected c
        LEFT JOIN kpi_settled s ON s.company_id = c.company_id AND s.day = c.day AND s.currency = c.currency
        JOIN companies ON companies.id = c.company_id
      WHERE ${ofCompany}
      GROUP BY c.company_id, companies.name, c.currency
      HAVING sum(c.movements - coalesce(s.movements, 0)) > 0
      ORDER BY companies.name, c.company_id, c.currency`),
  );
  return {
    data: rows.map((row) => ({
      companyId: row.company_id,
      companyName: row.company_name,
      currency: row.currency,
      items: row.items,
      amount: money(cents(row.amount)),
      since: row.since,
    })),
  };
}
