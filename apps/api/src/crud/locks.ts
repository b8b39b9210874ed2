/**
 * The lock ledger (issue 15): what each transaction has locked, so the lock order of
 * docs/decisions.md is checked as the locks are taken, not only described —
 *   1. debt rows, in ascending id order;
 *   2. then the child rows being edited (a payment, deposit, service or quota);
 *   3. the KPI summary rows last, at COMMIT, in key order (the fold of migration 0009: SQL, not here).
 * Two transactions that both follow it can wait for each other but never deadlock.
 *
 * Keyed by the transaction handle (a WeakMap: it goes with the transaction). A debt locked after a
 * child row, or a debt of lower id locked after a higher one, is a bug of the code (not of the user):
 * an Error, a 500. Re-locking a row already held never waits, so it is always allowed.
 *
 * Mode: LOCK_ORDER=throw|warn|off. Default `throw`, except under NODE_ENV=production, where it is
 * `warn` (a process warning with the stack): there the worst a violation can do is a deadlock that
 * PostgreSQL detects and rolls back (one request answers 409 "intente de nuevo"); turning it into a
 * 500 on every call of that path would fail requests that would have succeeded. Every path is run
 * by the tests with `throw`.
 */

type Mode = 'throw' | 'warn' | 'off';

interface Ledger {
  /** Debt ids locked by this transaction. */
  debts: Set<number>;
  /** The highest of them. */
  highest: number;
  /** The first child row locked ("payments 12"), if any. */
  child: string | null;
}

const ledgers = new WeakMap<object, Ledger>();

function ledgerOf(tx: object): Ledger {
  let ledger = ledgers.get(tx);
  if (!ledger) {
    ledger = { debts: new Set(), highest: Number.NEGATIVE_INFINITY, child: null };
    ledgers.set(tx, ledger);
  }
  return ledger;
}

export function lockOrderMode(): Mode {
  const set = process.env.LOCK_ORDER;
  if (set === 'throw' || set === 'warn' || set === 'off') return set;
  return process.env.NODE_ENV === 'production' ? 'warn' : 'throw';
}

/** A lock taken out of the order above: a bug in the code that took it. */
export class LockOrderError extends Error {
  override name = 'LockOrderError';
}

function violation(message: string) {
  const mode = lockOrderMode();
  if (mode === 'throw') throw new LockOrderError(message);
  if (mode === 'warn') process.emitWarning(new LockOrderError(message));
}

/** Call before locking debt `id` in `tx` (before the statement: the check is about waiting). */
export function noteDebtLock(tx: object, id: number) {
  const ledger = ledgerOf(tx);
  if (ledger.debts.has(id)) return;
  if (ledger.child !== null)
    violation(`Orden de bloqueos: la deuda ${id} se bloquea después de ${ledger.child} (primero la deuda).`);
  else if (id < ledger.highest)
    violation(
      `Orden de bloqueos: la deuda ${id} se bloquea después de la deuda ${ledger.highest} (deudas por id ascendente).`,
    );
  ledger.debts.add(id);
  ledger.highest = Math.max(ledger.highest, id);
}

/** Call before locking a child row of a debt (`what`: "payments 12"). */
export function noteChildLock(tx: object, what: string) {
  const ledger = ledgerOf(tx);
  ledger.child ??= what;
}

/** Whether `tx` holds the lock of debt `id`. */
export const holdsDebtLock = (tx: object, id: number) => ledgers.get(tx)?.debts.has(id) ?? false;
