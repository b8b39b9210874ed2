/**
 * The debt's lock (issue 14, docs/decisions.md «Orden de bloqueos»): every write that moves a debt's
 * money holds it first. Its own module: the scope (modules/scope.ts) is read by everything, and the
 * lock by the money writes only.
 */
import { MESSAGES, type TokenPayload } from '@cobranzas/shared';
import { and, eq } from 'drizzle-orm';
import { type Executor, noteDebtLock } from '../../crud';
import { debts } from '../../db/schema';
import { HttpError } from '../../errors';
import { debtScope } from '../scope';

export const debtNotFound = () =>
  new HttpError(400, MESSAGES.invalidInput, { debtId: [MESSAGES.debtNotFound] });

/** A stored debt row. */
export type DebtRow = typeof debts.$inferSelect;

declare const lockedBrand: unique symbol;

/**
 * A debt this transaction has locked (FOR NO KEY UPDATE). Only lockDebt and lockDebts make one, so a
 * function that takes it (keepBooks, the money writes) cannot be called without the lock: the
 * compiler checks it. `row` is the debt as it was locked, brought up to date by keepBooks.
 */
export interface LockedDebt {
  readonly [lockedBrand]: true;
  readonly tx: Executor;
  readonly id: number;
  row: DebtRow;
}

const held = new WeakMap<Executor, Map<number, LockedDebt>>();

/**
 * Locks a debt the user may see for the rest of the transaction (FOR NO KEY UPDATE: it does not
 * block inserts of children, whose foreign-key checks take KEY SHARE) and returns it. Every write
 * that moves a debt's money takes this lock first, before any child row and debts in ascending id
 * order (the lock ledger, crud/locks.ts, checks it), so concurrent writes on one debt queue up and
 * the rules of keepBooks see the others' committed records. Missing or out of scope → `missing()`
 * (default 400 on debtId). A debt already locked by this transaction is returned as it is held.
 */
export async function lockDebt(
  db: Executor,
  debtId: number,
  /** Whose scope applies; null: the caller already checked whose debt it is (the debtor portal). */
  user: TokenPayload | null,
  missing: () => HttpError = debtNotFound,
): Promise<LockedDebt> {
  const known = held.get(db)?.get(debtId);
  if (known) return known;
  noteDebtLock(db, debtId);
  const [debt] = await db
    .select()
    .from(debts)
    .where(and(eq(debts.id, debtId), user ? debtScope(user) : undefined))
    .for('no key update');
  if (!debt) throw missing();
  const locked = { tx: db, id: debtId, row: debt } as LockedDebt;
  const mine = held.get(db) ?? new Map<number, LockedDebt>();
  held.set(db, mine);
  mine.set(debtId, locked);
  return locked;
}

/** Locks several debts (each once, in ascending id order: the ledger's rule). */
export async function lockDebts(db: Executor, debtIds: number[], user: TokenPayload): Promise<LockedDebt[]> {
  const ids = [...new Set(debtIds)].sort((a, b) => a - b);
  const locked: LockedDebt[] = [];
  for (const id of ids) locked.push(await lockDebt(db, id, user));
  return locked;
}

/**
 * The lock this transaction holds on debt `debtId`. Not holding it is a bug of the caller (it wrote
 * a debt's money without locking the debt first): an Error, a 500.
 */
export function heldDebt(db: Executor, debtId: number): LockedDebt {
  const locked = held.get(db)?.get(debtId);
  if (!locked)
    throw new Error(`La deuda ${debtId} no está bloqueada en esta transacción (lockDebt primero).`);
  return locked;
}

/** A LockedDebt must be used in the transaction that locked it. */
export function assertHeldBy(locked: LockedDebt, db: Executor) {
  if (locked.tx !== db) throw new Error(`La deuda ${locked.id} está bloqueada por otra transacción.`);
}
