import { eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../crud';
import { debts, deposits, payments, quotas, services } from '../../db/schema';

/**
 * Recomputes a debt's stored totals from its child tables with SQL sums (NUMERIC arithmetic, never
 * a float): services, mora (of its quotas), paid (payments + deposits) and
 * balance = original + services + mora − paid. From scratch, not by increments, so any drift heals
 * on the next write. Call it in the transaction of every write to payments, deposits, services,
 * quotas or debts.original_amount — through keepBooks (books.ts), which also applies the rules that
 * follow the balance.
 */
export async function recomputeDebtTotals(db: Executor, debtId: number) {
  // Lock first, as its own statement: under READ COMMITTED the UPDATE below then takes a snapshot
  // after any concurrent writer on this debt has committed, so its rows are counted too.
  await db.select({ id: debts.id }).from(debts).where(eq(debts.id, debtId)).for('no key update');
  const sum = (column: PgColumn, table: PgTable, debtColumn: PgColumn) =>
    sql`(SELECT coalesce(sum(${column}), 0) FROM ${table} WHERE ${debtColumn} = ${debtId})`;
  await db.execute(sql`
    UPDATE ${debts} SET
      services_amount = t.services,
      mora_amount = t.mora,
      paid_amount = t.paid,
      balance = ${debts.originalAmount} + t.services + t.mora - t.paid
    FROM (SELECT
      ${sum(services.amount, services, services.debtId)} AS services,
      ${sum(quotas.moraAmount, quotas, quotas.debtId)} AS mora,
      ${sum(payments.amount, payments, payments.debtId)}
        + ${sum(deposits.amount, deposits, deposits.debtId)} AS paid
    ) AS t
    WHERE ${debts.id} = ${debtId}`);
}
