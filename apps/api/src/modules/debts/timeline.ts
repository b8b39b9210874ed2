import { eq, sql } from 'drizzle-orm';
import { type Auditor, type Executor, writeAudit } from '../../crud';
import { events, eventTypes } from '../../db/schema';

/**
 * The id of a Gestión type the system writes ("Cambio de etapa", "Cambio de estado"), created on
 * first use with its audit row (names are unique regardless of case; a catalog freshly installed
 * stays empty until one is needed).
 */
export async function systemEventTypeId(
  tx: Executor,
  user: Auditor,
  name: string,
  description: string,
): Promise<number> {
  const created = await tx.insert(eventTypes).values({ name, description }).onConflictDoNothing().returning();
  if (created[0]) {
    await writeAudit(tx, user, {
      action: 'create',
      resource: 'events-types',
      recordId: created[0].id,
      before: null,
      after: created[0],
    });
    return created[0].id;
  }
  const [existing] = await tx
    .select({ id: eventTypes.id })
    .from(eventTypes)
    .where(eq(sql`lower(${eventTypes.name})`, name.toLowerCase()));
  if (!existing) throw new Error(`event type "${name}" missing after insert`);
  return existing.id;
}

/** A Gestión written by the system in the debt's timeline, with its audit row. */
export async function recordSystemEvent(
  tx: Executor,
  user: Auditor,
  debtId: number,
  eventTypeId: number,
  description: string,
) {
  const [event] = await tx
    .insert(events)
    .values({ debtId, eventTypeId, description, userId: user.sub })
    .returning();
  await writeAudit(tx, user, {
    action: 'create',
    resource: 'events',
    recordId: event?.id ?? null,
    before: null,
    after: event ?? null,
  });
}
