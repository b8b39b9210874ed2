import { and, eq, inArray, ne } from 'drizzle-orm';
import { type Auditor, type Executor, noteChildLock, writeAudit } from '../../crud';
import { offers } from '../../db/schema';

/** The statuses of an offer that may still become the debt's plan. */
export const OPEN_OFFER_STATUSES = ['PENDIENTE', 'APROBADA'] as const;

/**
 * ANULADA, with `reason` and an audit row each: the debt's open offers (PENDIENTE, APROBADA) but
 * `except`. Called once the debt has a plan (a plan created by hand, or another offer accepted): an
 * offer can no longer become its plan, and the dashboard's pending offers must not list it. The
 * caller holds the debt's lock (the offers are its child rows: locked after it).
 */
export async function annulOpenOffers(
  tx: Executor,
  user: Auditor,
  debtId: number,
  reason: string,
  except?: number,
): Promise<number> {
  const open = and(
    eq(offers.debtId, debtId),
    inArray(offers.status, [...OPEN_OFFER_STATUSES]),
    except === undefined ? undefined : ne(offers.id, except),
  );
  noteChildLock(tx, `offers of debt ${debtId}`);
  const before = await tx.select().from(offers).where(open).for('no key update');
  for (const row of before) {
    const now = new Date();
    const [after] = await tx
      .update(offers)
      .set({
        status: 'ANULADA',
        cancelledBy: user.sub,
        cancelledAt: now,
        cancelReason: reason,
        updatedAt: now,
      })
      .where(eq(offers.id, row.id))
      .returning();
    await writeAudit(tx, user, {
      action: 'update',
      resource: 'offers',
      recordId: row.id,
      before: row,
      after: after ?? null,
    });
  }
  return before.length;
}
