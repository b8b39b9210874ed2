import { contactHoursProblem } from '@cobranzas/shared';
import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { companies } from '../../db/schema';
import { badRequest } from '../../errors';

/** A time column as the API answers it: "HH:MM" ("24:00" stays "24:00"). */
export const hhmm = (column: PgColumn | SQL) => sql<string | null>`left(${column}::text, 5)`;

/** The company's columns as the API reads them: its contact hours as "HH:MM" (issue 18). */
export const companyColumns = {
  ...getTableColumns(companies),
  contactFrom: hhmm(companies.contactFrom),
  contactTo: hhmm(companies.contactTo),
};

type Hours = { contactDays?: number[] | null; contactFrom?: string | null; contactTo?: string | null };

/**
 * The company's own contact hours are all three fields or none, and end after they start (the
 * migration's CHECK says so too; this says it in Spanish, on the field). A PATCH is checked as the
 * company will be: what it sends over what is stored.
 */
export function assertContactHours<V extends Hours>(input: V, current?: Hours): V {
  const next = { ...current, ...input };
  const problem = contactHoursProblem({
    contactDays: next.contactDays ?? null,
    contactFrom: next.contactFrom ? next.contactFrom.slice(0, 5) : null,
    contactTo: next.contactTo ? next.contactTo.slice(0, 5) : null,
  });
  if (problem) throw badRequest(problem.field, problem.message);
  return input;
}
