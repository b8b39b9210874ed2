import {
  addDays,
  agencyDayTime,
  agencyToday,
  dayMonthYear,
  formatMoney,
  PORTAL_CALLBACK_MAX_DAYS,
  PORTAL_MESSAGES,
  portalCallbackCall,
  portalDisputeCall,
  portalOptOutCall,
  portalPromiseCall,
} from '@cobranzas/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Executor, routeCall, writeAudit } from '../../crud';
import { rowsOf } from '../../db/bulk';
import type { Db } from '../../db/client';
import { debtors, portalRequests, promises } from '../../db/schema';
import { badRequest, conflict } from '../../errors';
import { lockDebt } from '../debts/lock';
import { assertWithinReason } from '../promises';
import type { PortalKeys } from './codes';
import { debtorChannels, readDebtor } from './debts';
import { onOwnDebt } from './ownDebt';
import { type PortalActor, portalAuditor, portalRoute } from './session';
import { notePortalEvent } from './timeline';

/** The debtor's column that closes each channel («No contactar»). */
const CLOSED_ON = { PHONE: 'phoneClosedOn', ALT_PHONE: 'altPhoneClosedOn', EMAIL: 'emailClosedOn' } as const;

/** A request for staff (a callback, a dispute) from this session, with its audit row. */
async function addRequest(
  tx: Executor,
  actor: PortalActor,
  values: Omit<typeof portalRequests.$inferInsert, 'sessionId'>,
) {
  const [row] = await tx
    .insert(portalRequests)
    .values({ ...values, sessionId: actor.sessionId })
    .returning();
  if (!row) throw new Error('insert returned no row');
  await writeAudit(tx, portalAuditor(actor), {
    action: 'create',
    resource: 'portal-requests',
    recordId: row.id,
    before: null,
    after: row,
  });
  return row;
}

/** POST /api/portal/debts/{id}/promise, /callback, /dispute and POST /api/portal/opt-out. */
export function portalActionRoutes(app: FastifyInstance, db: Db, keys: PortalKeys) {
  const options = portalRoute(db, keys);

  // A promise like staff take (the same limits: not above what is owed, not past the company's
  // horizon), by nobody on staff: its author is the portal.
  routeCall(app, portalPromiseCall, options, async (request) => {
    const { amount, dueDate } = request.body;
    if (dueDate < agencyToday())
      throw badRequest('dueDate', 'La fecha prometida no puede ser anterior a hoy.');
    return onOwnDebt(db, request.portal, request.params.id, async (tx, debt, note) => {
      await assertWithinReason(tx, await lockDebt(tx, debt.id, null), { amount, dueDate });
      const [promise] = await tx
        .insert(promises)
        .values({
          debtId: debt.id,
          amount,
          dueDate,
          takenOn: agencyToday(),
          notes: 'Desde el portal del deudor.',
          userId: null,
        })
        .returning();
      if (!promise) throw new Error('insert returned no row');
      await writeAudit(tx, portalAuditor(request.portal), {
        action: 'create',
        resource: 'promises',
        recordId: promise.id,
        before: null,
        after: promise,
      });
      await note(PORTAL_MESSAGES.promiseEvent(formatMoney(amount, debt.currency), dayMonthYear(dueDate)));
      return { id: promise.id, amount: promise.amount, dueDate: promise.dueDate };
    });
  });

  routeCall(app, portalCallbackCall, options, async (request) => {
    const callAt = new Date(request.body.callAt);
    if (callAt.getTime() <= Date.now()) throw badRequest('callAt', PORTAL_MESSAGES.callbackPast);
    if (agencyToday(callAt) > addDays(agencyToday(), PORTAL_CALLBACK_MAX_DAYS))
      throw badRequest('callAt', PORTAL_MESSAGES.callbackTooFar(PORTAL_CALLBACK_MAX_DAYS));
    return onOwnDebt(db, request.portal, request.params.id, async (tx, debt, note) => {
      const row = await addRequest(tx, request.portal, {
        debtId: debt.id,
        kind: 'CALLBACK',
        callAt,
        phone: request.body.phone,
        text: request.body.note,
      });
      await note(PORTAL_MESSAGES.callbackEvent(agencyDayTime(callAt), request.body.phone));
      return { id: row.id, callAt: callAt.toISOString() };
    });
  });

  routeCall(app, portalDisputeCall, options, async (request) =>
    onOwnDebt(db, request.portal, request.params.id, async (tx, debt, note) => {
      const [open] = await tx
        .select({ id: portalRequests.id })
        .from(portalRequests)
        .where(
          and(
            eq(portalRequests.debtId, debt.id),
            eq(portalRequests.kind, 'DISPUTE'),
            eq(portalRequests.status, 'ABIERTO'),
          ),
        );
      if (open) throw conflict(PORTAL_MESSAGES.alreadyDisputed);
      const row = await addRequest(tx, request.portal, {
        debtId: debt.id,
        kind: 'DISPUTE',
        text: request.body.reason,
      });
      await note(PORTAL_MESSAGES.disputeEvent(request.body.reason));
      return { id: row.id };
    }),
  );

  // «No contactar» by a channel, as staff record it (debtors.*_closed_on): the contact rules refuse it.
  routeCall(app, portalOptOutCall, options, async (request) => {
    const { channel } = request.body;
    const { debtorId } = request.portal;
    const column = CLOSED_ON[channel];
    const shown = debtorChannels(await readDebtor(db, debtorId)).find((c) => c.channel === channel);
    if (!shown) throw conflict(PORTAL_MESSAGES.channelMissing);
    if (shown.closed) throw conflict(PORTAL_MESSAGES.channelAlreadyClosed);
    await db.transaction(async (tx) => {
      const [before] = await tx.select().from(debtors).where(eq(debtors.id, debtorId)).for('update');
      const [after] = await tx
        .update(debtors)
        .set({ [column]: agencyToday(), updatedAt: new Date() })
        .where(eq(debtors.id, debtorId))
        .returning();
      const auditor = portalAuditor(request.portal);
      await writeAudit(tx, auditor, {
        action: 'update',
        resource: 'debtors',
        recordId: debtorId,
        before: before ?? null,
        after: after ?? null,
      });
      const own = rowsOf<{ id: number }>(
        await tx.execute(sql`SELECT id FROM debts WHERE debtor_id = ${debtorId} ORDER BY id`),
      );
      const label = shown.label.charAt(0).toLowerCase() + shown.label.slice(1);
      for (const debt of own) await notePortalEvent(tx, auditor, debt.id, PORTAL_MESSAGES.optOutEvent(label));
    });
    return { channels: debtorChannels(await readDebtor(db, debtorId)) };
  });
}
