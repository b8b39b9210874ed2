import { agencyToday, compareMoney, MESSAGES, type TokenPayload } from '@cobranzas/shared';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../crud';
import { ledger } from '../../db/schema';
import type { MoneyMove } from '../debts/books';
import { liveRows, reverseRows, writeRow } from './write';

/**
 * A quota's mora is one live MORA row of the ledger: setting it undoes the row it had (a REVERSAL)
 * and writes the new amount (none for zero). Returns what it undid, for keepBooks' "before".
 */
export async function setQuotaMora(
  tx: Executor,
  user: TokenPayload,
  quota: { id: number; debtId: number; number: number },
  amount: string,
): Promise<MoneyMove[]> {
  const current = await liveRows(tx, and(eq(ledger.quotaId, quota.id), eq(ledger.kind, 'MORA')));
  const removed = await reverseRows(tx, user, current, MESSAGES.quotaMoraReplaced(quota.number));
  if (compareMoney(amount, '0') > 0)
    await writeRow(tx, user, {
      debtId: quota.debtId,
      kind: 'MORA',
      date: agencyToday(),
      amount,
      quotaId: quota.id,
      notes: MESSAGES.quotaMoraNote(quota.number),
    });
  return removed;
}
