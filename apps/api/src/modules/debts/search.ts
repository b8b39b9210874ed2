import { or, type SQL, sql } from 'drizzle-orm';
import { matchesText } from '../../crud';
import type { Db } from '../../db/client';
import { companies, debtors, debts } from '../../db/schema';

/** What the debts list's `q` searches, by table: the debt's own text, its debtor's, its company's. */
const SEARCHED = {
  debt: [debts.reference, debts.caseNumber],
  debtor: [debtors.lastName, debtors.firstName, debtors.dni, debtors.cuit],
  company: [companies.name],
};
/** The same columns for the list's plain ILIKE over the joins (short or very common texts). */
export const DEBT_SEARCH_COLUMNS = Object.values(SEARCHED).flat();

/**
 * Up to this many debtors match, their ids go to the debts query; beyond, the text is so common
 * (three letters of many names) that walking the list newest first finds a page sooner.
 */
const MAX_DEBTORS = 20_000;

/**
 * The debts list's `q` (3+ characters): the debts whose reference or case number, whose debtor's
 * name, DNI or CUIT, or whose company's name contains the text, the same matches as ILIKE over the
 * joined list. The debtors and companies that match come first, through the trigram indexes
 * (migration 0005); then one condition on debts alone, which their indexes serve: across the joins,
 * a rare text read every debt (2–7 s at 1M debts). Undefined, for the ILIKE over the joins, when
 * the debtors that match are many.
 */
export async function debtSearch(pattern: string, db: Db): Promise<SQL | undefined> {
  const [debtorIds, companyIds] = await Promise.all([
    db
      .select({ id: debtors.id })
      .from(debtors)
      .where(matchesText(SEARCHED.debtor, pattern))
      .limit(MAX_DEBTORS + 1),
    db.select({ id: companies.id }).from(companies).where(matchesText(SEARCHED.company, pattern)),
  ]);
  if (debtorIds.length > MAX_DEBTORS) return undefined;
  const ids = (rows: { id: number }[]) => `{${rows.map((row) => row.id).join(',')}}`;
  return or(
    matchesText(SEARCHED.debt, pattern),
    sql`${debts.debtorId} = ANY(${ids(debtorIds)}::integer[])`,
    sql`${debts.companyId} = ANY(${ids(companyIds)}::integer[])`,
  );
}
