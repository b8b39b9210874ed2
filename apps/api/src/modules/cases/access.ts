import { AGENCY_TIME_ZONE, agencyToday, CASE_MESSAGES, type TokenPayload } from '@cobranzas/shared';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../crud';
import { cases, debts } from '../../db/schema';
import { badRequest, HttpError } from '../../errors';
import { clientCompany } from '../scope';

/** Scope of a table whose rows belong to a case through `caseIdColumn`: a CLIENTE's company's cases. */
export const viaCase =
  (caseIdColumn: PgColumn) =>
  (user: TokenPayload): SQL | undefined => {
    const company = clientCompany(user);
    if (company === null) return undefined;
    return sql`${caseIdColumn} IN (SELECT ${cases.id} FROM ${cases} JOIN ${debts} ON ${debts.id} = ${cases.debtId}
      WHERE ${debts.companyId} = ${company})`;
  };

export type CaseRow = typeof cases.$inferSelect;

/**
 * The case a step or notice is written under, locked for the write (its status and steps move
 * together), if the user may see it; else a 400 on caseId.
 */
export async function lockCase(db: Executor, caseId: number, user: TokenPayload): Promise<CaseRow> {
  const [row] = await db
    .select({ c: cases })
    .from(cases)
    .innerJoin(debts, eq(debts.id, cases.debtId))
    .where(sql`${cases.id} = ${caseId} AND ${viaCase(cases.id)(user) ?? sql`true`}`)
    .for('no key update', { of: cases });
  if (!row) throw new HttpError(400, CASE_MESSAGES.notFound, { caseId: [CASE_MESSAGES.notFound] });
  return row.c;
}

/** Several cases locked for a write, each once, in ascending id order (crud's parent lock). */
export async function lockCases(db: Executor, caseIds: number[], user: TokenPayload) {
  for (const id of [...new Set(caseIds)].sort((a, b) => a - b)) await lockCase(db, id, user);
}

/** A court's day is never ahead of today: a filing, a step or a notice dated later is a typing mistake. */
export function notAfterToday(field: string, date: string | null | undefined) {
  if (date && date > agencyToday()) throw badRequest(field, CASE_MESSAGES.futureDate);
}

/**
 * The earliest deadline of a case still to meet: a step's whose task is pending (overdue ones
 * included: they are the most urgent), or, where the task is gone, one from today on.
 */
export const nextDeadlineSql = (caseId: SQL | PgColumn) => sql<string | null>`(SELECT min(s.deadline_on)::text
  FROM case_steps s LEFT JOIN tasks t ON t.id = s.task_id
  WHERE s.case_id = ${caseId} AND s.deadline_on IS NOT NULL
    AND (t.status = 'PENDIENTE' OR (s.task_id IS NULL AND s.deadline_on >= (now() AT TIME ZONE ${AGENCY_TIME_ZONE})::date)))`;
