import {
  addMoney,
  compareMoney,
  type DebtStatus,
  debtStatusWord,
  formatMoney,
  isDebtClosed,
  MESSAGES,
  subtractMoney,
  type TokenPayload,
} from '@cobranzas/shared';
import { and, count, eq, ne, sql } from 'drizzle-orm';
import { type Change, type Executor, type HookContext, writeAudit } from '../../crud';
import { debts, quotas } from '../../db/schema';
import { conflict, type HttpError } from '../../errors';
import { assertHeldBy, type DebtRow, heldDebt, type LockedDebt } from '../scope';
import { type OwedToDate, owedToDate } from './balance';
import { recordSystemEvent, systemEventTypeId } from './timeline';

/**
 * The books of a debt (issue 14): its balance never goes below zero, a closed debt takes no new
 * money records, and its status follows its balance. The arithmetic (services, mora, paid, balance)
 * is kept by SQL triggers in the write's own statement (migration 0009, docs/decisions.md); here are
 * only the rules. Every write that moves a debt's money locks the debt first (LockedDebt) and calls
 * keepBooks in its transaction.
 */

export type { DebtRow } from '../scope';

/** The Gestión type of every status change, created on first use like "Cambio de etapa". */
export const STATUS_EVENT_TYPE = 'Cambio de estado';

const money = (debt: Pick<DebtRow, 'currency'>, value: string) => formatMoney(value, debt.currency);

/** 409 when the debt is CANCELADA, INCOBRABLE or ARCHIVADA: it takes nothing new until reopened. */
export function assertDebtOpen(debt: Pick<DebtRow, 'status'>) {
  if (isDebtClosed(debt.status)) throw conflict(MESSAGES.debtClosed(debtStatusWord(debt.status)));
}

/** How many of the debt's quotas are not paid. */
export async function unpaidQuotaCount(tx: Executor, debtId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(quotas)
    .where(and(eq(quotas.debtId, debtId), ne(quotas.status, 'PAGADA')));
  return row?.n ?? 0;
}

/**
 * Sets the debt's status and records it: the debt's audit row and a "Cambio de estado: A → B."
 * Gestión (with `note` after it) in the timeline, in the caller's transaction.
 */
export async function writeStatusChange(
  tx: Executor,
  user: TokenPayload,
  before: DebtRow,
  to: DebtStatus,
  note?: string | null,
): Promise<DebtRow> {
  const [after] = await tx
    .update(debts)
    .set({ status: to, updatedAt: new Date() })
    .where(eq(debts.id, before.id))
    .returning();
  if (!after) throw new Error('debt vanished while locked');
  await writeAudit(tx, user, { action: 'update', resource: 'debts', recordId: before.id, before, after });
  const typeId = await systemEventTypeId(
    tx,
    user,
    STATUS_EVENT_TYPE,
    'Registrado por el sistema al cambiar el estado de una deuda.',
  );
  const comment = note ? ` ${note}` : '';
  await recordSystemEvent(
    tx,
    user,
    before.id,
    typeId,
    `${STATUS_EVENT_TYPE}: ${before.status} → ${to}.${comment}`,
  );
  return after;
}

export interface BooksOptions {
  /**
   * The 409 when the write would leave the debt owing less than nothing (default: the generic one).
   * `owed` is the balance to date of a debt with rates (null without: its stored balance rules).
   */
  overdrawn?: (debt: DebtRow, owed: OwedToDate | null) => HttpError;
}

/**
 * After a write to the debt's money (payments, deposits, services, quotas, the original amount),
 * with the totals the triggers already moved: refuses a write that would leave the debt owing less
 * than nothing (409; the caller's transaction rolls back), and moves the status with what it owes —
 * - it reaches zero (it was not zero): CANCELADA, whatever the status was;
 * - a CANCELADA debt owes again (it did not): EN_CONVENIO with unpaid quotas, else ACTIVA.
 * What it owes is its stored balance, or, once it carries rates, its balance to date (issue 17,
 * docs/money.md): a payment of the interest too is accepted, and only the total to date cancels it.
 * Each automatic change leaves its audit row and a "Cambio de estado" Gestión. "Before" is the debt
 * as locked (or as the previous keepBooks of this transaction left it).
 */
export async function keepBooks(
  tx: Executor,
  user: TokenPayload,
  locked: LockedDebt,
  options: BooksOptions = {},
): Promise<DebtRow | undefined> {
  assertHeldBy(locked, tx);
  const prior = locked.row;
  const [debt] = await tx.select().from(debts).where(eq(debts.id, locked.id));
  if (!debt) return undefined;
  // What it owes: its balance to date once it carries rates, else its stored balance; before the
  // write, as locked (a write may change one without the other: a payment's date, the rates).
  const owed = await owedToDate(tx, locked.id);
  const nowTotal = owed ? owed.balance.total : debt.balance;
  const beforeTotal = locked.owedBefore ?? prior.balance;
  const now = compareMoney(nowTotal, '0');
  // Refused only when this write lowered it: an old negative balance does not block its corrections.
  if (now < 0 && compareMoney(nowTotal, beforeTotal) < 0)
    throw options.overdrawn?.(debt, owed) ?? conflict(MESSAGES.balanceWouldBeNegative(money(debt, nowTotal)));
  // A plan is what is owed while it stands (issue 30): a write that lowers the debt below its unpaid
  // quotas would leave quotas nobody can pay and, at zero, a CANCELADA debt with quotas PENDIENTE.
  if (compareMoney(nowTotal, beforeTotal) < 0) {
    const unpaid = await unpaidQuotasTotal(tx, locked.id);
    if (compareMoney(unpaid, nowTotal) > 0)
      throw conflict(MESSAGES.planAboveOwed(money(debt, unpaid), money(debt, nowTotal)));
  }
  const was = compareMoney(beforeTotal, '0');
  const settles = now === 0 && was !== 0;
  const reopens = now > 0 && was <= 0;
  let after = debt;
  if (settles && debt.status !== 'CANCELADA')
    after = await writeStatusChange(tx, user, debt, 'CANCELADA', MESSAGES.balanceSettled);
  else if (reopens && debt.status === 'CANCELADA') {
    const to = (await unpaidQuotaCount(tx, locked.id)) > 0 ? 'EN_CONVENIO' : 'ACTIVA';
    after = await writeStatusChange(tx, user, debt, to, MESSAGES.balanceReopened(money(debt, nowTotal)));
  }
  locked.row = after;
  locked.owedBefore = owed ? owed.balance.total : null;
  return after;
}

/** A payment or deposit as the 409 of keepBooks names it. */
interface MoneyIn {
  amount: string;
  date: string;
}

/** What the debt owed before `record`: its balance to date without it, or the stored balance plus it. */
const owedBefore = (debt: DebtRow, owed: OwedToDate | null, record: MoneyIn) =>
  owed ? owed.without(record) : addMoney(debt.balance, record.amount);

/** keepBooks' 409 for a payment: it names what the debt owed before it. */
export const paymentOverdrawn =
  (payment: { amount: string; paidAt: string }) => (debt: DebtRow, owed: OwedToDate | null) =>
    conflict(
      MESSAGES.paymentExceedsBalance(
        money(debt, owedBefore(debt, owed, { amount: payment.amount, date: payment.paidAt })),
      ),
    );

/** keepBooks' 409 for a deposit. */
export const depositOverdrawn =
  (deposit: { amount: string; depositedAt: string }) => (debt: DebtRow, owed: OwedToDate | null) =>
    conflict(
      MESSAGES.depositExceedsBalance(
        money(debt, owedBefore(debt, owed, { amount: deposit.amount, date: deposit.depositedAt })),
      ),
    );

/**
 * keepBooks' 409 for an original amount below what is already paid: the least it may be, or, once the
 * debt carries rates (whose interest moves with the capital), that it falls short.
 */
export const originalOverdrawn = (debt: DebtRow, owed: OwedToDate | null) =>
  conflict(
    owed
      ? MESSAGES.originalBelowOwed
      : MESSAGES.originalBelowPaid(money(debt, subtractMoney(debt.originalAmount, debt.balance))),
  );

/**
 * The debt's unpaid quotas (amount + mora) may not add up to more than it owes (its balance to date
 * once it carries rates): 409 otherwise.
 * Call it after a quota is created or its amount raised (and keepBooks).
 */
export async function assertQuotasWithinBalance(tx: Executor, locked: LockedDebt) {
  assertHeldBy(locked, tx);
  const debtId = locked.id;
  const [debt] = await tx
    .select({ balance: debts.balance, currency: debts.currency })
    .from(debts)
    .where(eq(debts.id, debtId));
  if (!debt) return;
  const unpaid = await unpaidQuotasTotal(tx, debtId);
  const owed = await owedToDate(tx, debtId);
  const limit = owed ? owed.balance.total : debt.balance;
  if (compareMoney(unpaid, limit) > 0)
    throw conflict(MESSAGES.quotasExceedBalance(money(debt, unpaid), money(debt, limit)));
}

/** What the debt's unpaid quotas add up to: their amounts and their mora. */
async function unpaidQuotasTotal(tx: Executor, debtId: number): Promise<string> {
  const [row] = await tx
    .select({
      unpaid: sql<string>`coalesce(sum(${quotas.amount} + ${quotas.moraAmount}), 0)::numeric(15, 2)::text`,
    })
    .from(quotas)
    .where(and(eq(quotas.debtId, debtId), ne(quotas.status, 'PAGADA')));
  return row?.unpaid ?? '0.00';
}

/**
 * The afterWrite hook of a money record (payment, deposit, service, quota): keepBooks on its debt
 * (both debts, in id order, when it moved), which the generic CRUD locked first (CrudOptions.parent).
 * `overdrawn` names the 409 of a record whose amount the balance cannot take.
 */
export const keepBooksOf =
  <R extends MoneyRecord>(overdrawn?: (record: R) => (debt: DebtRow, owed: OwedToDate | null) => HttpError) =>
  async ({ before, after }: Change<R>, ctx: HookContext) => {
    // Raising a record's amount is new money too: a closed debt takes none (lowering corrects).
    if (before && after && compareMoney(after.amount, before.amount) > 0)
      assertDebtOpen(heldDebt(ctx.db, after.debtId).row);
    const ids = [...new Set([before?.debtId, after?.debtId])].flatMap((id) => (id === undefined ? [] : [id]));
    for (const id of ids.sort((a, b) => a - b))
      await keepBooks(ctx.db, ctx.user, heldDebt(ctx.db, id), {
        ...(overdrawn && after ? { overdrawn: overdrawn(after) } : {}),
      });
  };

/** What keepBooksOf reads of a payment, deposit, service or quota. */
type MoneyRecord = { debtId: number; amount: string };
/** …and of a payment or a deposit, whose 409 names what the debt owed before it. */
export type PaidRecord = MoneyRecord & { paidAt: string };
export type DepositedRecord = MoneyRecord & { depositedAt: string };
