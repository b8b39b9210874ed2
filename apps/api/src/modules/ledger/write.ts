/**
 * Writing the ledger directly (what has no record of its own in /payments, /deposits or /services:
 * a quota's mora, an offer's discount, a plan's interest): a row, or the REVERSAL of rows, each with
 * its author and audited. The records' own rows are written through their views (db/ledgerViews.ts).
 */
import { agencyToday } from '@cobranzas/shared';
import { and, eq, notExists, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Auditor, type Executor, writeAudit } from '../../crud';
import { ledger } from '../../db/schema';
import type { MoneyMove } from '../debts/books';

type NewRow = Omit<typeof ledger.$inferInsert, 'id' | 'createdBy' | 'createdAt' | 'updatedAt'>;
export type LedgerRow = typeof ledger.$inferSelect;

/** Inserts a row by the user, with its audit row. */
export async function writeRow(tx: Executor, user: Auditor, values: NewRow): Promise<LedgerRow> {
  const [row] = await tx
    .insert(ledger)
    .values({ ...values, createdBy: user.sub })
    .returning();
  if (!row) throw new Error('insert returned no row');
  await writeAudit(tx, user, {
    action: 'create',
    resource: 'ledger',
    recordId: row.id,
    before: null,
    after: row,
  });
  return row;
}

/** Undoes rows: a REVERSAL of each, today, by the user, saying why. Returns them as moves undone. */
export async function reverseRows(
  tx: Executor,
  user: Auditor,
  rows: readonly LedgerRow[],
  reason: string,
): Promise<MoneyMove[]> {
  for (const row of rows)
    await writeRow(tx, user, {
      debtId: row.debtId,
      kind: 'REVERSAL',
      date: agencyToday(),
      amount: row.amount,
      reversalOf: row.id,
      notes: reason,
    });
  return rows.map((row) => ({
    kind: row.kind as MoneyMove['kind'],
    date: row.date,
    amount: row.amount,
    quotaId: row.quotaId,
  }));
}

const undoing = alias(ledger, 'undoing');

/** The live rows of a debt that `where` picks (not a reversal, not reversed). */
export async function liveRows(tx: Executor, where: SQL | undefined): Promise<LedgerRow[]> {
  return tx
    .select()
    .from(ledger)
    .where(
      and(
        where,
        notExists(tx.select({ one: undoing.id }).from(undoing).where(eq(undoing.reversalOf, ledger.id))),
      ),
    );
}
