import type { SettlementLineKind, SettlementLines, TokenPayload } from '@cobranzas/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { debtors, debts, ledger, settlementLines, settlements } from '../../db/schema';
import { notFound } from '../../errors';
import { settlementScope } from './read';

/**
 * GET /api/settlements/{id}/lines: a page of the lines, by date, with the debt and the debtor. The
 * same scope as reading the settlement (404 outside it). Lines never change once drafted, so the
 * total is the settlement's `items`, no count needed; the index on (settlement_id, date, id) reads
 * the page.
 */
export async function linesOf(
  db: Db,
  id: number,
  { page: pageNumber, limit }: { page: number; limit: number },
  user: TokenPayload,
): Promise<SettlementLines> {
  const [found] = await db
    .select({ items: settlements.items })
    .from(settlements)
    .where(and(eq(settlements.id, id), settlementScope(user)));
  if (!found) throw notFound();
  // The page first, from the index alone; only its rows are joined (page 150 of a month's
  // settlement joined every line before it otherwise).
  const page = db
    .select()
    .from(settlementLines)
    .where(eq(settlementLines.settlementId, id))
    .orderBy(asc(settlementLines.date), asc(settlementLines.id))
    .limit(limit)
    .offset((pageNumber - 1) * limit)
    .as('page');
  const data = await db
    .select({
      id: page.id,
      kind: sql<SettlementLineKind>`${page.kind}`,
      // The payment's or deposit's id, as /payments and /deposits know it.
      recordId: sql<number>`${ledger.documentId}`,
      debtId: page.debtId,
      // The line's schema has no null reference: a debt without one shows empty.
      debtReference: sql<string>`coalesce(${debts.reference}, '')`,
      // As personName names a person: "APELLIDO, Nombre".
      debtorName: sql<string>`${debtors.lastName} || ', ' || ${debtors.firstName}`,
      debtorDocument: sql<string | null>`coalesce(nullif(${debtors.dni}::text, ''), ${debtors.cuit}::text)`,
      date: page.date,
      amount: page.amount,
      debtTypeId: page.debtTypeId,
      commissionRate: page.commissionRate,
      paidToClient: page.paidToClient,
    })
    .from(page)
    .innerJoin(ledger, eq(ledger.id, page.ledgerId))
    .innerJoin(debts, eq(debts.id, page.debtId))
    .innerJoin(debtors, eq(debtors.id, debts.debtorId))
    .orderBy(asc(page.date), asc(page.id));
  return { data, total: found.items, page: pageNumber, limit };
}
