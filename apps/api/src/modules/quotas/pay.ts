import {
  addMoney,
  agencyToday,
  compareMoney,
  daysBetween,
  MESSAGES,
  quotaMoraCall,
  quotaPayCall,
  quotaPaymentUndoCall,
  simpleInterest,
  subtractMoney,
  type TokenPayload,
} from '@cobranzas/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Executor, routeCall, writeAudit } from '../../crud';
import type { Db } from '../../db/client';
import { payments } from '../../db/ledgerViews';
import { quotas } from '../../db/schema';
import { conflict } from '../../errors';
import { assertDebtOpen, assertMoneyDate, keepBooks, moveOf, paymentOverdrawn } from '../debts/books';
import { heldDebt } from '../debts/lock';
import { actAs } from '../ledger/actor';
import { setQuotaMora } from '../ledger/mora';
import type { QuotaRow, QuotasService } from './service';

const alreadyPaid = () => conflict(MESSAGES.quotaAlreadyPaid);

/** These bodies are optional: no body at all (Fastify's null) validates as {} and takes the defaults. */
const optionalBody = async (request: FastifyRequest) => {
  request.body ??= {};
};

/** The quota as stored, read again after keepBooks brought it up to date (for its audit row). */
async function quotaNow(tx: Executor, id: number): Promise<QuotaRow | null> {
  const [row] = await tx.select().from(quotas).where(eq(quotas.id, id));
  return row ?? null;
}

/** Writes the quota's change to the audit log: its status, mora and share of the money moved. */
async function auditQuota(tx: Executor, user: TokenPayload, before: QuotaRow) {
  await writeAudit(tx, user, {
    action: 'update',
    resource: 'quotas',
    recordId: before.id,
    before,
    after: await quotaNow(tx, before.id),
  });
}

export function quotaActionRoutes(app: FastifyInstance, db: Db, service: QuotasService) {
  /**
   * One transaction: lock the debt, then the quota row (concurrent pays queue and then see PAGADA), record
   * the Payment of amount + mora, mark the quota PAGADA, recompute the debt. The partial unique
   * index on payments.quota_id is the last guard: a second payment can never commit.
   */
  routeCall(app, quotaPayCall, { preValidation: optionalBody }, async (request) => {
    const { id } = request.params;
    const { user } = request;
    const { body } = request;
    await db
      .transaction(async (tx) => {
        // The debt first, then the quota (crud/locks.ts).
        const quota = await service.lockChild(tx, id, user);
        if (quota.status === 'PAGADA') throw alreadyPaid();
        const debt = heldDebt(tx, quota.debtId);
        assertDebtOpen(debt.row);
        const paidAt = body.paidAt ?? agencyToday();
        assertMoneyDate(debt.row, paidAt, 'paidAt');
        await actAs(tx, user);
        // What it still owes (amount + mora − what earlier payments paid of it), made for it.
        const amount = subtractMoney(addMoney(quota.amount, quota.moraAmount), quota.paidAmount);
        const [payment] = await tx
          .insert(payments)
          .values({
            debtId: quota.debtId,
            quotaId: id,
            amount,
            paidAt,
            method: body.method,
            receiptNumber: body.receiptNumber ?? null,
            createdBy: user.sub,
          })
          .returning();
        if (!payment) throw new Error('insert returned no row');
        await writeAudit(tx, user, {
          action: 'create',
          resource: 'payments',
          recordId: payment.id,
          before: null,
          after: payment,
        });
        // Never above what is owed; the quota becomes PAGADA by the ledger's allocation.
        await keepBooks(tx, user, debt, {
          change: { added: [moveOf.payment(payment)] },
          overdrawn: paymentOverdrawn,
        });
        await auditQuota(tx, user, quota);
      })
      .catch((error: unknown) => {
        throw service.writeError(error);
      });
    return service.read(id, user);
  });

  /** EN_MORA with the given mora, or simple interest at the debt's punitive rate for the days late. */
  routeCall(app, quotaMoraCall, { preValidation: optionalBody }, async (request) => {
    const { id } = request.params;
    const { user } = request;
    await db.transaction(async (tx) => {
      const quota = await service.lockChild(tx, id, user);
      if (quota.status === 'PAGADA') throw alreadyPaid();
      const locked = heldDebt(tx, quota.debtId);
      const debt = locked.row;
      assertDebtOpen(debt);
      let moraAmount = request.body.moraAmount;
      if (moraAmount === undefined) {
        const days = daysBetween(quota.dueDate, agencyToday());
        if (days <= 0) throw conflict(MESSAGES.quotaNotDue);
        moraAmount = simpleInterest(quota.amount, debt.punitiveRate, days);
      }
      // The quota's mora is one live MORA row: the one it had is undone, the new one written.
      const removed = await setQuotaMora(tx, user, quota, moraAmount);
      await keepBooks(tx, user, locked, {
        change: {
          added:
            compareMoney(moraAmount, '0') > 0
              ? [{ kind: 'MORA', date: agencyToday(), amount: moraAmount }]
              : [],
          removed,
        },
      });
      await auditQuota(tx, user, quota);
    });
    return service.read(id, user);
  });

  /**
   * The only way to undo a quota's payment (its payment alone cannot be edited or deleted): one
   * transaction locks the debt and the quota, reopens the quota (EN_MORA if it had mora), deletes
   * the payment, writes both audit rows and keeps the books (a CANCELADA debt reopens). Guarded as a
   * delete of debts, like deleting any payment.
   */
  routeCall(app, quotaPaymentUndoCall, {}, async (request, reply) => {
    const { id } = request.params;
    const { user } = request;
    await db.transaction(async (tx) => {
      const quota = await service.lockChild(tx, id, user);
      if (quota.status !== 'PAGADA' || quota.paymentId === null) throw conflict(MESSAGES.quotaNotPaid);
      // Its payment is undone (a REVERSAL of its row, signed): the quota owes again.
      await actAs(tx, user, MESSAGES.quotaPaymentUndone(quota.number));
      const [payment] = await tx.delete(payments).where(eq(payments.id, quota.paymentId)).returning();
      if (!payment) throw conflict(MESSAGES.quotaNotPaid);
      await writeAudit(tx, user, {
        action: 'delete',
        resource: 'payments',
        recordId: payment.id,
        before: payment,
        after: null,
      });
      await keepBooks(tx, user, heldDebt(tx, quota.debtId), {
        change: { removed: [moveOf.payment(payment)] },
      });
      await auditQuota(tx, user, quota);
    });
    return reply.code(204).send(null);
  });
}
