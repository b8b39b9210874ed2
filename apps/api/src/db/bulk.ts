import { getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

type Scalar = string | number | boolean | null;

/** A PostgreSQL array literal of text elements ('{"a",NULL,"b\"c"}'); the cast gives their type. */
export function arrayLiteral(values: readonly Scalar[]): string {
  const items = values.map((v) => (v === null ? 'NULL' : `"${String(v).replace(/(["\\])/g, '\\$1')}"`));
  return `{${items.join(',')}}`;
}

/** `column = ANY($1::type[])`: the values as ONE parameter, which PostgreSQL can hash. */
export const anyOf = (column: PgColumn, values: readonly Scalar[], type = 'text'): SQL =>
  sql`${column} = ANY(${arrayLiteral(values)}::${sql.raw(type)}[])`;

export interface BulkColumn {
  column: PgColumn;
  /** Its SQL type, for the array cast (e.g. 'integer', 'text', 'numeric', 'date', 'jsonb'). */
  type: string;
  values: readonly Scalar[];
}

/**
 * `INSERT INTO table (…) SELECT * FROM unnest($1::t1[], $2::t2[], …)`: one parameter per column
 * whatever the number of rows. Drizzle's insert().values() sends one per value: 500 debts were 7 000
 * parameters, and parsing and binding them cost five times the insert itself (issue 16's bench).
 * Column types and names come from the code, never from input.
 */
export function bulkInsert(table: PgTable, columns: BulkColumn[], returning?: PgColumn[]): SQL {
  const names = sql.raw(columns.map((c) => `"${c.column.name}"`).join(', '));
  const arrays = sql.join(
    columns.map((c) => sql`${arrayLiteral(c.values)}::${sql.raw(c.type)}[]`),
    sql`, `,
  );
  const back = returning?.length
    ? sql` RETURNING ${sql.raw(returning.map((c) => `"${c.name}"`).join(', '))}`
    : sql``;
  return sql`INSERT INTO ${sql.raw(`"${getTableName(table)}"`)} (${names}) SELECT * FROM unnest(${arrays})${back}`;
}

/** The rows of db.execute (both drivers answer `{ rows }`). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
