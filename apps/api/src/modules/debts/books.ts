import {
  agencyToday,
  compareMoney,
  type DebtStatus,
  dayMonthYear,
  debtCarriesRates,
  debtStatusWord,
  formatMoney,
  fromCents,
  isDebtClosed,
  MESSAGES,
  type MoveKind,
  type QuotaState,
  toCents,
} from '@cobranzas/shared';
import { and, count, eq, getTableColumns, ne, sql } from 'drizzle-orm';
import { type Auditor, type Change, type Executor, type HookContext, writeAudit } from '../../crud';
import { debts, quotas } from '../../db/schema';
import { badRequest, conflict, type HttpError } from '../../errors';
import { type DebtOwed, type OwedRow, owedOf, readOwed, readOwedRows } from './balance';
import { assertHeldBy, type DebtRow, heldDebt, type LockedDebt } from './lock';
import { recordSystemEvent, systemEventTypeId } from './timeline';

/**
 * The books of a debt (issues 14 and 31): what it owes never goes below zero, a closed debt takes no
 * new money, its status follows what it owes, and its quotas say what was paid of them. The money is
 * in the ledger (its triggers keep the debt's stored totals in the write's own statement); here are
 * the rules, run once per write on one read of the debt's ledger (modules/debts/balance.ts). Every
 * write that moves a debt's money locks the debt first (LockedDebt) and calls keepBooks in its
 * transaction.
 */

export type { DebtRow } from './lock';

/** The Gestión type of every status change, created on first use like "Cambio de etapa". */
export const STATUS_EVENT_TYPE = 'Cambio de estado';

const money = (debt: Pick<DebtRow, 'currency'>, value: string) => formatMoney(value, debt.currency);

/** 409 when the debt is CANCELADA, INCOBRABLE or ARCHIVADA: it takes nothing new until reopened. */
export function assertDebtOpen(debt: Pick<DebtRow, 'status'>) {
  if (isDebtClosed(debt.status)) throw conflict(MESSAGES.debtClosed(debtStatusWord(debt.status)));
}

/**
 * The day money moved must be a day the debt existed, and not a day to come (issue 31: a payment
 * dated 2199 lowered the balance now and no settlement could ever take it): 400 on the field.
 */
export function assertMoneyDate(debt: Pick<DebtRow, 'originDate'>, date: string, field: string) {
  if (date > agencyToday()) throw badRequest(field, MESSAGES.moneyDateAfterToday);
  if (debt.originDate !== null && date < debt.originDate)
    throw badRequest(field, MESSAGES.moneyDateBeforeDebt(dayMonthYear(debt.originDate)));
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
  user: Auditor,
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

/** What of a debt's own row the amount owed reads: its original amount and its rates. */
export type DebtTerms = Pick<
  OwedRow,
  'original_amount' | 'default_date' | 'interest_rate' | 'punitive_rate' | 'rate_table'
>;

/** A movement as a write knows it, to take it out of (or put it back into) what the debt owed before. */
export interface MoneyMove {
  kind: MoveKind;
  date: string;
  amount: string;
  quotaId?: number | null;
}

export interface BooksOptions {
  /** What this write did to the debt's money: what it added and what it undid. */
  change?: { added?: readonly MoneyMove[]; removed?: readonly MoneyMove[] };
  /** The debt's terms before this write, when it changed them (its original amount, its rates). */
  termsBefore?: DebtTerms;
  /**
   * The 409 when the write would leave the debt owing less than nothing (default: the generic one),
   * given what the debt owed without the write's new money.
   */
  overdrawn?: (debt: DebtRow, owedBefore: string) => HttpError;
}

const sameMove = (a: MoneyMove, b: MoneyMove) =>
  a.kind === b.kind && a.date === b.date && compareMoney(a.amount, b.amount) === 0;

/** The debt's row as it was before the write: its added rows out, its undone rows back, its original. */
function rowBefore(row: OwedRow, options: BooksOptions): OwedRow {
  let moves = row.moves;
  for (const added of options.change?.added ?? []) {
    const at = moves.findIndex((m) => sameMove(m, added));
    if (at >= 0) moves = moves.filter((_, i) => i !== at);
  }
  const back = (options.change?.removed ?? []).map((m, i) => ({
    id: -1 - i,
    kind: m.kind,
    date: m.date,
    amount: m.amount,
    quotaId: m.quotaId ?? null,
    recordedAt: '',
    documentId: null,
  }));
  return {
    ...row,
    moves: [...moves, ...back],
    ...options.termsBefore,
  };
}

// Written out: in a select's fields Drizzle names columns without their table, and an unqualified
// "id" inside the subquery would be the subquery's own.
/** Whether the debt has quotas (a plan, paid or not: its quotas keep their share of the money). */
const hasQuotas = sql<boolean>`exists (select 1 from quotas q where q.debt_id = debts.id)`;

/** Whether the debt has ledger rows dated after `today` (legacy money: the stored figure counts them). */
const hasRowsAfter = (today: string) =>
  sql<boolean>`exists (select 1 from ledger l where l.debt_id = debts.id and l.date > ${today}::date)`;

/**
 * After a write to the debt's money (a payment, deposit, service, mora, reduction, quota, plan or the
 * original amount), with the ledger's rows and the stored totals already moved:
 * - refuses a write that lowers what the debt owes below zero (409 naming what it owed before), or
 *   below what its plan's quotas still owe (409: the plan is what it owes while it stands);
 * - CANCELADA when it reaches zero (it was not zero); a CANCELADA debt that owes again: EN_CONVENIO
 *   with quotas to pay, else ACTIVA — each change with its audit row and a «Cambio de estado» Gestión;
 * - keeps each quota's status, mora and share of the money as the ledger says (shared/owed.ts).
 * What it owes is the amount owed today (its `total`, DESIGN.md §11.1), computed at most once; what
 * it owed before is worked out from the same read without this write's rows. Returns it, or
 * undefined when the stored figure answered every rule (no plan, it still owes) and none was read.
 */
export async function keepBooks(
  tx: Executor,
  /** Who wrote the money: a staff user, or the portal's gateway (modules/portal). */
  user: Auditor,
  locked: LockedDebt,
  options: BooksOptions = {},
): Promise<DebtOwed | undefined> {
  assertHeldBy(locked, tx);
  const today = agencyToday();
  const [read] = await tx
    .select({ ...getTableColumns(debts), planned: hasQuotas, dated: hasRowsAfter(today) })
    .from(debts)
    .where(eq(debts.id, locked.id));
  if (!read) return undefined;
  const { planned, dated, ...debt } = read;
  // The books alone answer every rule when the debt has no plan, no row dated ahead and is not
  // CANCELADA, and its stored figure still owes: the amount owed is never below it (interest only
  // adds), so it is not zero, not negative, and there are no quotas to keep. No ledger read.
  if (!planned && !dated && debt.status !== 'CANCELADA' && compareMoney(debt.balance, '0') > 0) {
    locked.row = debt;
    return undefined;
  }
  const row = await readOwed(tx, locked.id);
  if (!row) return undefined;
  const owed = owedOf(row, today);
  // What it owed before, worked out only when a rule asks: a payment on a debt that still owes
  // after it asks nothing, and on a debt with rates each computation walks every segment.
  let beforeTotal: string | undefined;
  const before = () => {
    beforeTotal ??= owedOf(rowBefore(row, options), today).total;
    return beforeTotal;
  };
  const lowered = () => compareMoney(owed.total, before()) < 0;
  const now = compareMoney(owed.total, '0');
  // Refused only when this write lowered it: an old negative balance does not block its corrections.
  if (now < 0 && lowered()) {
    // What it owed without this write's new money: what the 409 names («supera el saldo de $ X»).
    const withoutNew = owedOf(
      rowBefore(row, { change: { added: options.change?.added ?? [] } }),
      today,
    ).total;
    throw (
      options.overdrawn?.(debt, withoutNew) ??
      conflict(MESSAGES.balanceWouldBeNegative(money(debt, owed.total)))
    );
  }
  const unpaid = planStillOwes(owed);
  if (unpaid > toCents(owed.total) && lowered())
    throw conflict(MESSAGES.planAboveOwed(money(debt, fromCents(unpaid)), money(debt, owed.total)));
  await keepQuotas(tx, row, owed.plan ?? []);
  const was = () => compareMoney(before(), '0');
  let after = debt;
  if (now === 0 && debt.status !== 'CANCELADA' && was() !== 0)
    after = await writeStatusChange(tx, user, debt, 'CANCELADA', MESSAGES.balanceSettled);
  else if (now > 0 && debt.status === 'CANCELADA' && was() <= 0) {
    const to = unpaid > 0n ? 'EN_CONVENIO' : 'ACTIVA';
    after = await writeStatusChange(tx, user, debt, to, MESSAGES.balanceReopened(money(debt, owed.total)));
  }
  locked.row = after;
  return owed;
}

/** What the plan's quotas still owe: their amounts and mora, less what was paid of them. */
export const planStillOwes = (owed: DebtOwed) =>
  (owed.plan ?? []).reduce((sum, q) => sum + toCents(q.amount) + toCents(q.mora) - toCents(q.paid), 0n);

/** The unpaid quotas may not add up to more than the debt owes (409): after a quota is added or raised. */
export function assertPlanWithinOwed(owed: DebtOwed) {
  const unpaid = planStillOwes(owed);
  if (unpaid > toCents(owed.total))
    throw conflict(
      MESSAGES.quotasExceedBalance(
        formatMoney(fromCents(unpaid), owed.currency),
        formatMoney(owed.total, owed.currency),
      ),
    );
}

/** Debts whose quotas are brought to what the ledger says, per statement (a bulk load, a rebuild). */
const REFRESH_BATCH = 500;

/**
 * The quotas of these debts as the ledger says (status, mora, share of the money), without the rules
 * of a write: after a bulk load (the demo) and in a rebuild (ops/rebuild.ts). Returns how many
 * debts it read.
 */
export async function refreshQuotas(
  tx: Executor,
  debtIds: readonly number[],
  today = agencyToday(),
): Promise<number> {
  for (let i = 0; i < debtIds.length; i += REFRESH_BATCH)
    for (const row of await readOwedRows(tx, debtIds.slice(i, i + REFRESH_BATCH)))
      await keepQuotas(tx, row, owedOf(row, today).plan ?? []);
  return debtIds.length;
}

/** Each quota as the ledger says: the quotas whose status, mora or share of the money moved. */
async function keepQuotas(tx: Executor, row: OwedRow, plan: readonly QuotaState[]) {
  const stored = new Map(row.quotas.map((q) => [q.id, q]));
  const documentOf = new Map(row.moves.map((m) => [m.id, m.documentId]));
  for (const state of plan) {
    const quota = stored.get(state.id);
    if (!quota) continue;
    const paymentId = state.paidBy === null ? null : (documentOf.get(state.paidBy) ?? null);
    if (
      quota.status === state.status &&
      compareMoney(quota.paidAmount ?? '0', state.paid) === 0 &&
      compareMoney(quota.moraAmount ?? '0', state.mora) === 0 &&
      (quota.paidAt ?? null) === state.paidAt &&
      (quota.paymentId ?? null) === paymentId
    )
      continue;
    await tx
      .update(quotas)
      .set({
        status: state.status,
        paidAmount: state.paid,
        moraAmount: state.mora,
        paidAt: state.paidAt,
        paymentId,
        updatedAt: new Date(),
      })
      .where(eq(quotas.id, state.id));
  }
}

/** keepBooks' 409 for a payment: it names what the debt owed before it. */
export const paymentOverdrawn = (debt: DebtRow, owedBefore: string) =>
  conflict(MESSAGES.paymentExceedsBalance(money(debt, owedBefore)));

/** keepBooks' 409 for a deposit. */
export const depositOverdrawn = (debt: DebtRow, owedBefore: string) =>
  conflict(MESSAGES.depositExceedsBalance(money(debt, owedBefore)));

/**
 * keepBooks' 409 for an original amount below what is already paid: the least it may be, or, once
 * the debt carries rates (whose interest moves with the capital), that it falls short.
 */
export const originalOverdrawn = (debt: DebtRow) =>
  conflict(
    debtCarriesRates(debt)
      ? MESSAGES.originalBelowOwed
      : MESSAGES.originalBelowPaid(
          money(debt, fromCents(toCents(debt.originalAmount) - toCents(debt.balance))),
        ),
  );

/** What keepBooksOf reads of a payment, deposit or service record. */
type MoneyRecord = { debtId: number; amount: string };
export type PaidRecord = MoneyRecord & { paidAt: string; quotaId?: number | null };
export type DepositedRecord = MoneyRecord & { depositedAt: string };
export type ServiceRecord = MoneyRecord & { date: string };

/** A record of /payments, /deposits or /services as the ledger's movement it is. */
export const moveOf = {
  payment: (r: PaidRecord): MoneyMove => ({
    kind: 'PAYMENT',
    date: r.paidAt,
    amount: r.amount,
    quotaId: r.quotaId ?? null,
  }),
  deposit: (r: DepositedRecord): MoneyMove => ({ kind: 'DEPOSIT', date: r.depositedAt, amount: r.amount }),
  service: (r: ServiceRecord): MoneyMove => ({ kind: 'SERVICE', date: r.date, amount: r.amount }),
};

/**
 * The afterWrite hook of a money record (payment, deposit, service): keepBooks on its debt (both
 * debts, in id order, when it moved), which the generic CRUD locked first (CrudOptions.parent), with
 * what the write added and undid. `overdrawn` names the 409 of a record the debt cannot take.
 */
export const keepBooksOf =
  <R extends MoneyRecord>(move: (record: R) => MoneyMove, overdrawn?: BooksOptions['overdrawn']) =>
  async ({ before, after }: Change<R>, ctx: HookContext) => {
    // Raising a record's amount is new money too: a closed debt takes none (lowering corrects).
    if (before && after && compareMoney(after.amount, before.amount) > 0)
      assertDebtOpen(heldDebt(ctx.db, after.debtId).row);
    const ids = [...new Set([before?.debtId, after?.debtId])].flatMap((id) => (id === undefined ? [] : [id]));
    for (const id of ids.sort((a, b) => a - b)) {
      const added = after && after.debtId === id ? [move(after)] : [];
      const removed = before && before.debtId === id ? [move(before)] : [];
      await keepBooks(ctx.db, ctx.user, heldDebt(ctx.db, id), {
        change: { added, removed },
        ...(overdrawn && after?.debtId === id ? { overdrawn } : {}),
      });
    }
  };
