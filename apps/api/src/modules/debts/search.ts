import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { type IndexedSearch, matchesWords } from '../../crud';
import type { Db } from '../../db/client';
import { companies, debtors, debts } from '../../db/schema';

/**
 * What the debts list's `q` searches, by table: the debt's own text (reference, case number), its
 * debtor's (names, DNI, CUIT, e-mail, phone) and its company's name; every word in one of them.
 */
const SEARCHED = {
  debt: [debts.searchText],
  debtor: [debtors.searchText],
  company: [companies.name],
};
/** The same columns for the list's search over the joins (short or very common texts). */
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
 * match. The walk reads ≈ 25 × D ÷ N debts for a page of 25 when N of D debtors match, each ≈ 6.7 µs
 * (an index entry and its debtor by key: 14 710 in 99 ms at 5M debts); collecting reads the N ids by
 * trigrams, ≈ 4 µs each (11 000 in 45 ms at 1M), and the count by ids is cheap. They cost the same at
 * N ≈ √(42 D): 3 700 debtors of 333 000 (1M debts), 8 400 of 1 670 000 (5M). A fixed 2 000 made a
 * name pair at 5M (2 778 debtors) walk 14 710 debts and count through its text (956 ms p99).
 */
export function walkFrom(debtors: number): number {
  return Math.max(WALK_FROM_MIN, Math.round(Math.sqrt(WALK_COST_RATIO * Math.max(debtors, 0))));
}
const WALK_FROM_MIN = 2_000;
const WALK_COST_RATIO = 42;

/**
 * How many debtors there are, as PostgreSQL last counted them (pg_class.reltuples: −1 or 0 before
 * the first ANALYZE), per database and read at most once a minute: only which plan a search takes
 * depends on it.
 */
const debtorsKnown = new WeakMap<Db, { n: number; until: number }>();
const DEBTORS_TTL_MS = 60_000;
async function debtorCount(db: Db): Promise<number> {
  const known = debtorsKnown.get(db);
  if (known && known.until > Date.now()) return known.n;
  const result = await db.execute(
    sql`SELECT reltuples::bigint::text AS n FROM pg_class WHERE oid = 'debtors'::regclass`,
  );
  const n = Number((result as unknown as { rows: { n: string }[] }).rows[0]?.n ?? 0);
  debtorsKnown.set(db, { n, until: Date.now() + DEBTORS_TTL_MS });
  return n;
}

/**
 * Marks the statements that carry the matched ids as planned per call (db/namedStatements.ts): only a
 * plan made for the ids at hand looks them up in a hash; a generic plan compares each row with every id.
 */
const PLANNED_PER_CALL = sql.raw('/*planned-per-call*/');

/**
 * Marks the walk as planned once (db/namedStatements.ts) although it has LIKEs: its plan is the
 * list's index in order with each row tested, whatever the text (planning it cost ≈ 3 ms a call).
 */
const PLAN_ONCE = sql.raw('/*plan-once*/');

/**
 * Texts found common (more debtors than walkFrom) in the last half minute: their next page walks
 * without counting the debtors again. Only the plan depends on it, never the answer (the walk finds
 * the same debts however many debtors match); a rare text's ids are always read afresh.
 */
const common = new Map<string, number>();
const COMMON_TTL_MS = 30_000;
const MAX_COMMON = 500;

/**
 * The ids of `select id … limit max + 1` as an array literal (`{1,2}`, `{}`), or null past `max`:
 * one value per table, so the three lookups are one statement and no row per id crosses the wire.
 */
function idsUpTo(ids: SQL, max?: number) {
  const list = sql`coalesce(array_agg(m.id), '{}')::text`;
  return max === undefined
    ? sql`(SELECT ${list} FROM (${ids}) m)`
    : sql`(SELECT CASE WHEN count(*) > ${max} THEN NULL ELSE ${list} END FROM (${ids} LIMIT ${max + 1}) m)`;
}

/**
 * The debts list's `q` (a word of 3+ characters): the debts whose own text (reference, case number),
 * whose debtor's or whose company's name has every word (crud/search.ts), the same matches as the
 * search over the joined list. The debts, debtors and companies that match come first, through the
 * trigram indexes (migration 0026); then one condition on debts alone, ids only, which their indexes and a hashed
 * lookup serve: across the joins, a rare text read every debt (2–7 s at 1M debts), and the text on
 * the debt's own columns, tested on each row, made counting a common name's 10 000 matches cost
 * 160 ms (6 ms by ids). Undefined, for the search over the joins, when the matches are many.
 *
 * With `walk` and more debtors than walkFrom, the page's condition tests each debt's debtor as the
 * list walks its index (OFFSET 0 keeps the EXISTS a per-row test: as a join, PostgreSQL would read
 * every match first), and the count's condition (`all`) is the set of matching debtors.
 */
export async function debtSearch(
  words: readonly string[],
  db: Db,
  walk = false,
): Promise<IndexedSearch | undefined> {
  const text = words.join(' ');
  const debtorMatch = matchesWords(SEARCHED.debtor, words);
  const debtorMax = walk ? Math.min(walkFrom(await debtorCount(db)), MAX_MATCHES) : MAX_MATCHES;
  const knownCommon = walk && (common.get(text) ?? 0) > Date.now();
  const lookups = await db.execute(sql`SELECT
    ${idsUpTo(sql`SELECT ${debts.id} FROM ${debts} WHERE ${matchesWords(SEARCHED.debt, words)}`, MAX_MATCHES)} AS "debts",
    ${knownCommon ? sql`NULL` : idsUpTo(sql`SELECT ${debtors.id} FROM ${debtors} WHERE ${debtorMatch}`, debtorMax)} AS "debtors",
    ${idsUpTo(sql`SELECT ${companies.id} FROM ${companies} WHERE ${matchesWords(SEARCHED.company, words)}`)} AS "companies"`);
  const found = (lookups as unknown as { rows: Record<'debts' | 'debtors' | 'companies', string | null>[] })
    .rows[0];
  if (!found || found.debts === null) return undefined;
  const isCommon = found.debtors === null;
  if (isCommon && !walk) return undefined;
  if (isCommon && !knownCommon) {
    if (common.size >= MAX_COMMON) common.clear();
    common.set(text, Date.now() + COMMON_TTL_MS);
  }
  // Only the columns something matched: with one arm the planner counts a common name's debts
  // through debts_debtor_id_idx (6 ms); an OR of three, one of them empty, scanned the table (60 ms).
  const byIds = (
    [
      [debts.id, found.debts],
      [debts.companyId, found.companies],
      [debts.debtorId, found.debtors],
    ] as const
  ).flatMap(([column, ids]) =>
    ids === null || ids === '{}' ? [] : [sql`${PLANNED_PER_CALL}${column} = ANY(${ids}::integer[])`],
  );
  if (!isCommon) return { where: byIds.length === 0 ? sql`false` : (or(...byIds) as SQL) };
  const matching = db.select({ id: debtors.id }).from(debtors).where(debtorMatch);
  return {
    where: or(
      ...byIds,
      sql`${PLAN_ONCE}EXISTS (${db
        .select({ one: sql`1` })
        .from(debtors)
        .where(and(eq(debtors.id, debts.debtorId), debtorMatch))} OFFSET 0)`,
    ) as SQL,
    all: or(...byIds, inArray(debts.debtorId, matching)) as SQL,
  };
}
