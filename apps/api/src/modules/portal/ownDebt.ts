import { isDebtClosed, PORTAL_MESSAGES } from '@cobranzas/shared';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../crud';
import type { Db } from '../../db/client';
import { debts } from '../../db/schema';
import { conflict, HttpError } from '../../errors';
import { lockDebt } from '../debts/lock';
import { type PortalActor, portalAuditor } from './session';
import { notePortalEvent } from './timeline';

/**
 * Runs `act` in one transaction on the debtor's debt `debtId`, locked: 404 when it is not theirs (the
 * same answer as one that does not exist), 409 when it is closed. What the debtor did lands in the
 * debt's timeline as a «Portal del deudor» Gestión, and in the audit log.
 */
export async function onOwnDebt<T>(
  db: Db,
  actor: PortalActor,
  debtId: number,
  act: (tx: Executor, debt: typeof debts.$inferSelect, note: (text: string) => Promise<void>) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const [owned] = await tx
      .select({ id: debts.id })
      .from(debts)
      .where(and(eq(debts.id, debtId), eq(debts.debtorId, actor.debtorId)));
    if (!owned) throw new HttpError(404, PORTAL_MESSAGES.debtNotFound);
    const locked = await lockDebt(tx, debtId, null);
    if (isDebtClosed(locked.row.status)) throw conflict(PORTAL_MESSAGES.debtClosed);
    const auditor = portalAuditor(actor);
    const note = (text: string) => notePortalEvent(tx, auditor, debtId, text);
    return act(tx, locked.row, note);
  });
}
