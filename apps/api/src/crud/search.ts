import { and, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * `q` as SQL (DESIGN.md §11.2): every word of the search (shared/search.ts `searchWords`: folded,
 * a-z and 0-9 only, so nothing to escape) starts a word of one table's text, any of the tables. A
 * table with a `search_text` column (search_fold in a generated column, trigram-indexed: debtors,
 * debts) is read there; the others fold their searched columns as they are read (small tables).
 */

/** The generated column that holds a row's searched text already folded (migration 0026). */
const FOLDED_COLUMN = 'search_text';

/** One table's searched text, folded: each word after a space. */
function foldedText(columns: readonly PgColumn[]): SQL {
  const folded = columns.find((column) => column.name === FOLDED_COLUMN);
  if (folded) return sql`${folded}`;
  const parts = sql.join(
    columns.map((column) => sql`${column}::text`),
    sql`, `,
  );
  return sql`search_fold(concat_ws(' ', ${parts}))`;
}

/** The rows where every word starts a word of the text of one of the columns' tables. */
export function matchesWords(columns: readonly PgColumn[], words: readonly string[]): SQL {
  const byTable = new Map<unknown, PgColumn[]>();
  for (const column of columns) byTable.set(column.table, [...(byTable.get(column.table) ?? []), column]);
  const tables = [...byTable.values()].map((group) => {
    const text = foldedText(group);
    return and(...words.map((word) => sql`${text} LIKE ${`% ${word}%`}`)) as SQL;
  });
  return (tables.length === 1 ? tables[0] : or(...tables)) as SQL;
}
