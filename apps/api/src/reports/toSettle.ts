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
 * closed settlement (settlement_id IS NULL; a draft does not mark them): how many, how much, and
 * the earliest date. A payment's currency is its debt's. `companyId` null: every company.
 */
export async function toSettle(db: Db, companyId: number | null): Promise<ToSettle> {
  // The company filter goes on debts so that one company's report starts from its debts' index.
  const ofCompany = companyId === null ? sql`true` : sql`debts.company_id = ${companyId}`;
  const rows = rowsOf<Row>(
    await db.execute(sql`SELECT debts.company_id, companies.name AS company_name, debts.currency,
        count(*)::int AS items, sum(m.amount)::text AS amount, min(m.day)::text AS since
      FROM (SELECT debt_id, amount, paid_at AS day FROM payments WHERE settlement_id IS NULL
            UNION ALL
            SELECT debt_id, amount, deposited_at FROM deposits WHERE settlement_id IS NULL) m
        JOIN debts ON debts.id = m.debt_id
        JOIN companies ON companies.id = debts.company_id
      WHERE ${ofCompany}
      GROUP BY debts.company_id, companies.name, debts.currency
      ORDER BY companies.name, debts.company_id, debts.currency`),
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
