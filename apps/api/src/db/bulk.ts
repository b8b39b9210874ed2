import { getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

type Scalar = string | number | boolean | null;

/**
 * A list as ONE parameter (`$1`), which PostgreSQL can hash in `= ANY($1::int[])`: both drivers (pg
 * and PGlite) send a JS array as a PostgreSQL array themselves. Drizzle would expand an array written
 * straight into `sql\`…\`` into one parameter per element.
 */
export const arrayParam = (values: readonly Scalar[]): SQL => sql`${sql.param(values)}`;

/**
 * The column's SQL type for an array cast, from Drizzle, without its length or precision
 * (varchar(60) → varchar, char(11) → bpchar, numeric(14, 2) → numeric): an explicit cast to
 * varchar(n) or char(n) cuts an over-long value silently, where the INSERT into the column refuses it.
 */
export function elementType(column: PgColumn): string {
  const type = column
    .getSQLType()
    .replace(/\s*\(\s*\d+(\s*,\s*\d+)?\s*\)/g, '')
    .trim();
  return type === 'char' || type === 'character' ? 'bpchar' : type;
}

/** `column = ANY($1::type[])`: the values as ONE parameter, of the column's own type. */
export const anyOf = (column: PgColumn, values: readonly Scalar[]): SQL =>
  sql`${column} = ANY(${arrayParam(values)}::${sql.raw(elementType(column))}[])`;

/**
 * `column IN (SELECT unnest($1::type[]))`: the same test, as a join the planner sizes by the list
 * (about ten rows) even in a cached generic plan, so it walks the column's index. With `= ANY($1)`
 * a generic plan made while a table was small (an import's first batches) kept scanning by the
 * other condition alone as the table grew: every batch read all of the company's debts.
 */
export const amongValues = (column: PgColumn, values: readonly Scalar[]): SQL =>
  sql`${column} IN (SELECT unnest(${arrayParam(values)}::${sql.raw(elementType(column))}[]))`;

export interface BulkColumn {
  column: PgColumn;
  values: readonly Scalar[];
}

/** The columns' names, quoted, as an INSERT lists them. */
export const columnNames = (columns: BulkColumn[]): SQL =>
  sql.raw(columns.map((c) => `"${c.column.name}"`).join(', '));

/** `unnest($1::t1[], $2::t2[], …) AS alias ("c1", "c2", …)`: the columns' values as rows, named alike. */
export function unnestAs(alias: string, columns: BulkColumn[]): SQL {
  const arrays = sql.join(
    columns.map((c) => sql`${arrayParam(c.values)}::${sql.raw(elementType(c.column))}[]`),
    sql`, `,
  );
  return sql`unnest(${arrays}) AS ${sql.raw(`"${alias}"`)} (${columnNames(columns)})`;
}

/**
 * `INSERT INTO table (…) SELECT * FROM unnest($1::t1[], $2::t2[], …)`: one parameter per column
 * whatever the number of rows. Drizzle's insert().values() sends one per value: 500 debts were 7 000
 * parameters, and parsing and binding them cost five times the insert itself (issue 16's bench).
 * Column names and types come from the table's Drizzle definition, never from input.
 */
export function bulkInsert(table: PgTable, columns: BulkColumn[], returning?: PgColumn[]): SQL {
  const back = returning?.length
    ? sql` RETURNING ${sql.raw(returning.map((c) => `"${c.name}"`).join(', '))}`
    : sql``;
  return sql`INSERT INTO ${sql.raw(`"${getTableName(table)}"`)} (${columnNames(columns)}) SELECT * FROM ${unnestAs('given', columns)}${back}`;
}

/** The rows of db.execute (both drivers answer `{ rows }`). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
