import { agencyDayStart, nextDay } from '@cobranzas/shared';
import { eq, gte, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * A list filter that reads only `column` (or a subquery keyed by it). Knowing the column lets a list
 * pick its page from the resource's own table, without the read's joins, when no filter needs them.
 * A filter without one is assumed to need the joins.
 */
export const filterOn = <V>(column: PgColumn, condition: (value: V) => SQL | undefined) =>
  Object.assign(condition, { column });

/**
 * List filters: query parameter value → SQL condition (DESIGN.md §7 typed filters).
 *
 * `genericPlan` (crud/service.ts, the prepared page): one plan serves the list's first pages for
 * every value, so they may be a prepared statement with the value as a parameter. True where an
 * index leads with the column and keeps the list's order (`(company_id, id DESC)`) or the column picks
 * a handful of rows (a debtor's debts). Not for a column whose values are skewed (a status, a
 * currency): the generic plan, made for the average value, would walk the whole list for a rare one.
 */
export const equals = (column: PgColumn, { genericPlan = false }: { genericPlan?: boolean } = {}) =>
  Object.assign(
    filterOn(column, (value: unknown) => eq(column, value)),
    genericPlan ? { genericPlan: true as const } : {},
  );

/** A date column from a day on (inclusive). */
export const dateFrom = (column: PgColumn) => filterOn(column, (value: string) => gte(column, value));
/** A date column up to a day (inclusive). */
export const dateTo = (column: PgColumn) => filterOn(column, (value: string) => lte(column, value));

/** An instant column from the start of a day at the agency. */
export const instantFromDay = (column: PgColumn) =>
  filterOn(column, (value: string) => gte(column, sql`${agencyDayStart(value)}::timestamptz`));
/** An instant column up to the end of a day at the agency (before the next day starts). */
export const instantToDay = (column: PgColumn) =>
  filterOn(column, (value: string) => lt(column, sql`${agencyDayStart(nextDay(value))}::timestamptz`));

/** A YYYY-MM-DD or an ISO instant from a query string, as the instant it starts. */
export const toInstant = (value: string): SQL =>
  sql`${/^\d{4}-\d{2}-\d{2}$/.test(value) ? agencyDayStart(value) : value}::timestamptz`;
