import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../crud/types';
import { rateTableEntries } from '../../db/schema';
import type { DebtTerms } from './books';
import type { DebtRow } from './lock';

/** A debt row's terms as the amount owed reads them (books.ts DebtTerms), its rate table's entries read. */
export async function termsOf(db: Executor, debt: DebtRow): Promise<DebtTerms> {
  const table =
    debt.rateTableId === null
      ? null
      : await db
          .select({ from: rateTableEntries.from, annualRate: rateTableEntries.annualRate })
          .from(rateTableEntries)
          .where(eq(rateTableEntries.rateTableId, debt.rateTableId))
          .orderBy(asc(rateTableEntries.from));
  return {
    original_amount: debt.originalAmount,
    default_date: debt.defaultDate,
    interest_rate: debt.interestRate,
    punitive_rate: debt.punitiveRate,
    rate_table: table,
  };
}
