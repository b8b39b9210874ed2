import { eq } from 'drizzle-orm';
import { type Auditor, type Executor, writeAudit } from '../../crud';
import { offers } from '../../db/schema';

type OfferRow = typeof offers.$inferSelect;

/** Writes the locked offer's new fields and its audit row (before: as locked). */
export async function updateOffer(
  tx: Executor,
  user: Auditor,
  before: OfferRow,
  values: Partial<typeof offers.$inferInsert>,
): Promise<OfferRow> {
  const [after] = await tx
    .update(offers)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(offers.id, before.id))
    .returning();
  if (!after) throw new Error('offer vanished while locked');
  await writeAudit(tx, user, { action: 'update', resource: 'offers', recordId: before.id, before, after });
  return after;
}
