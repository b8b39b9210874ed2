import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { type IndexedSearch, matchesText } from '../../crud';
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
 * Up to this many debtors (or debts, by their own text) match, their ids go to the debts query;
 * beyond, the text is so common (three letters of many names) that walking the list newest first
 * finds a page sooner.
 */
const MAX_MATCHES = 20_000;

/**
 * When a page is read newest first near its start (`walk`) and more debtors than this match, the
 * page tests each debt it walks (its debtor's text by primary key) instead of collecting every
 * match: a common surname matched 11 000 debtors at 1M debts, and reading them by trigrams, sending
 * their ids and planning the list with them cost ≈ 45 ms per request; the walk reads ≈ 750 debts.
 */
const WALK_FROM = 2_000;

/**
 * Marks the statements that carry the matched ids as planned per call (db/namedStatements.ts): only a
 * plan made for the ids at hand looks them up in a hash; a generic plan compares each row with every id.
 */
const PLANNED_PER_CALL = sql.raw('/*planned-per-call*/');

const idsOf = (rows: { id: number }[]) => `{${rows.map((row) => row.id).join(',')}}`;

/**
 * The debts list's `q` (3+ characters): the debts whose reference or case number, whose debtor's
 * name, DNI or CUIT, or whose company's name contains the text, the same matches as ILIKE over the
 * joined list. The debts, debtors and companies that match come first, through the trigram indexes
 * (migration 0005); then one condition on debts alone, ids only, which their indexes and a hashed
 * lookup serve: across the joins, a rare text read every debt (2–7 s at 1M debts), and the text on
 * the debt's own columns, tested on each row, made counting a common name's 10 000 matches cost
 * 160 ms (6 ms by ids). Undefined, for the ILIKE over the joins, when the matches are many.
 *
 * With `walk` and more than WALK_FROM debtors, the page's condition tests each debt's debtor as the
 * list walks its index (OFFSET 0 keeps the EXISTS a per-row test: as a join, PostgreSQL would read
 * every match first), and the count's condition is the set of matching debtors.
 */
export async function debtSearch(pattern: string, db: Db, walk = false): Promise<IndexedSearch | undefined> {
  const debtorMatch = matchesText(SEARCHED.debtor, pattern);
  const [debtIds, debtorIds, companyIds] = await Promise.all([
    db
      .select({ id: debts.id })
      .from(debts)
      .where(matchesText(SEARCHED.debt, pattern))
      .limit(MAX_MATCHES + 1),
    db
      .select({ id: debtors.id })
      .from(debtors)
      .where(debtorMatch)
      .limit((walk ? WALK_FROM : MAX_MATCHES) + 1),
    db.select({ id: companies.id }).from(companies).where(matchesText(SEARCHED.company, pattern)),
  ]);
  if (debtIds.length > MAX_MATCHES) return undefined;
  const common = debtorIds.length > (walk ? WALK_FROM : MAX_MATCHES);
  if (common && !walk) return undefined;
  // Only the columns something matched: with one arm the planner counts a common name's debts
  // through debts_debtor_id_idx (6 ms); an OR of three, one of them empty, scanned the table (60 ms).
  const byIds = (
    [
      [debts.id, debtIds],
      [debts.companyId, companyIds],
      ...(common ? [] : [[debts.debtorId, debtorIds] as const]),
    ] as const
  ).flatMap(([column, rows]) =>
    rows.length === 0 ? [] : [sql`${PLANNED_PER_CALL}${column} = ANY(${idsOf(rows)}::integer[])`],
  );
  if (!common) return { where: byIds.length === 0 ? sql`false` : (or(...byIds) as SQL) };
  const matching = db.select({ id: debtors.id }).from(debtors).where(debtorMatch);
  return {
    where: or(
      ...byIds,
      sql`EXISTS (${db
        .select({ one: sql`1` })
        .from(debtors)
        .where(and(eq(debtors.id, debts.debtorId), debtorMatch))} OFFSET 0)`,
    ) as SQL,
    all: or(...byIds, inArray(debts.debtorId, matching)) as SQL,
  };
}
