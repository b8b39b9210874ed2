import { agencyToday, type TokenPayload } from '@cobranzas/shared';
import { eq, sql } from 'drizzle-orm';
import { type Executor, writeAudit } from '../../crud';
import { cases, debts } from '../../db/schema';
import { nextDeadlineSql } from './access';

/**
 * What a debt's own reads and lists take from its case and its prescription (issue 37): the debt's
 * `judicialCase`, the «prescribe en N días» filter, and the case following the debt's court and number
 * when they are edited on the debt.
 */
export const judicialCaseColumn = sql<{
  id: number;
  jurisdictionName: string | null;
  court: string | null;
  number: string | null;
  nextDeadlineOn: string | null;
} | null>`(SELECT json_build_object('id', c.id, 'jurisdictionName', j.name, 'court', c.court, 'number', c.number,
    'nextDeadlineOn', ${nextDeadlineSql(sql`c.id`)})
  FROM cases c LEFT JOIN jurisdictions j ON j.id = c.jurisdiction_id WHERE c.debt_id = ${debts.id})`.mapWith(
  (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value),
);

/** Open debts with something owed whose claim prescribes from today to today + `days`. */
export const prescribesWithin = (days: number) => {
  const today = agencyToday();
  return sql`${debts.prescribesOn} BETWEEN ${today}::date AND ${today}::date + ${days}::int
    AND ${debts.status} IN ('ACTIVA', 'EN_CONVENIO') AND ${debts.balance} > 0`;
};

/** The debt's court or case number edited on the debt: its case says the same. */
export async function caseFollowsDebt(
  db: Executor,
  user: TokenPayload,
  debt: { id: number; court: string | null; caseNumber: string | null },
) {
  const [before] = await db.select().from(cases).where(eq(cases.debtId, debt.id));
  if (!before) return;
  const [after] = await db
    .update(cases)
    .set({ court: debt.court, number: debt.caseNumber, updatedAt: new Date() })
    .where(eq(cases.id, before.id))
    .returning();
  await writeAudit(db, user, {
    action: 'update',
    resource: 'cases',
    recordId: before.id,
    before,
    after: after ?? null,
  });
}
