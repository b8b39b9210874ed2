import { type Balance, balanceToDate, type DatedAmount, debtCarriesRates, type RateEntry } from './balance';
import type { QuotaStatus } from './enums';
import { fromCents, toCents } from './money';

/**
 * The amount owed (DESIGN.md §11.1, contract): one function over a debt's ledger for a date, which
 * every screen, letter, report and the debtor portal read. Pure and exact (BigInt cents).
 *
 * - The ledger's live rows are the money: a row reversed and its REVERSAL cancel out and are left
 *   out before this runs (`moves`), so a reversal restores exactly what was owed before the row.
 * - `basis` says how `total` is reached:
 *   - `PLAN` while the debt has quotas not fully paid: the books' figure (the plan was agreed for what
 *     was owed, interest included, so the books hold it), with each quota's share of the money paid
 *     since the plan was agreed (`plan`);
 *   - `RATES` when it never had a plan and carries rates: balanceToDate, interest to the date;
 *   - `BOOKS` otherwise (no rates, or a plan already paid): original + services + mora − payments −
 *     deposits − reductions, the rows dated up to the date.
 */

export const LEDGER_KINDS = ['PAYMENT', 'DEPOSIT', 'SERVICE', 'MORA', 'REDUCTION', 'REVERSAL'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
/** What a live row can be: a reversal is never live, it only cancels its row. */
export type MoveKind = Exclude<LedgerKind, 'REVERSAL'>;

export const BASES = ['PLAN', 'RATES', 'BOOKS'] as const;
export type Basis = (typeof BASES)[number];

/** A live row of the ledger, as the arithmetic needs it. */
export interface Move {
  id: number;
  kind: MoveKind;
  /** YYYY-MM-DD: when the money moved (a payment's day, a service's, a mora's). */
  date: string;
  amount: string;
  /** A payment or deposit made for this quota, or a quota's mora. */
  quotaId: number | null;
  /** When it was recorded (ISO instant): what was recorded after a plan was agreed pays its quotas. */
  recordedAt: string;
  /** MORA: the interest to the day a plan was agreed, booked then (docs/money.md). */
  planInterest?: boolean;
}

/** A quota of the debt's plan as stored (its money is in the ledger). */
export interface PlanQuota {
  id: number;
  number: number;
  dueDate: string;
  amount: string;
  /** When it was created (ISO instant): the first quota's is when the plan was agreed. */
  createdAt: string;
}

/** A quota with what the ledger says of it. */
export interface QuotaState {
  id: number;
  number: number;
  dueDate: string;
  amount: string;
  /** Its live mora (MORA rows for it). */
  mora: string;
  /** What the payments since the plan paid of it (mora first, then its amount). */
  paid: string;
  status: QuotaStatus;
  /** The day of the payment that completed it (PAGADA), else null. */
  paidAt: string | null;
  /** The ledger row that completed it (PAGADA), else null. */
  paidBy: number | null;
}

export interface OwedInput {
  originalAmount: string;
  defaultDate: string | null;
  interestRate: string | null;
  /** The entries of its rate table (null: none). */
  rateTable: readonly RateEntry[] | null;
  punitiveRate: string;
  moves: readonly Move[];
  quotas: readonly PlanQuota[];
  /** The day asked about; rows dated after it are not counted (a later date projects interest). */
  date: string;
}

export interface Owed extends Balance {
  basis: Basis;
  /** The quotas with their share of the money (null: no plan). */
  plan: QuotaState[] | null;
}

/** What is left of a quota: its amount and mora less what was paid of it. */
export const quotaLeft = (quota: Pick<QuotaState, 'amount' | 'mora' | 'paid'>) =>
  fromCents(toCents(quota.amount) + toCents(quota.mora) - toCents(quota.paid));

const isCredit = (kind: MoveKind) => kind === 'PAYMENT' || kind === 'DEPOSIT';
const byDayThenId = (a: Move, b: Move) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id);

/**
 * Each quota's share of the money paid since the plan was agreed: a payment made for a quota pays
 * it first; everything else pays the oldest quota not yet paid (its mora first, then its amount) and
 * spills onto the next. Only rows dated up to `date` count.
 */
export function allocateToQuotas(
  quotas: readonly PlanQuota[],
  moves: readonly Move[],
  date: string,
): QuotaState[] {
  const ordered = [...quotas].sort((a, b) =>
    a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : a.number - b.number,
  );
  const agreedAt = ordered.reduce(
    (first, q) => (first === null || q.createdAt < first ? q.createdAt : first),
    null as string | null,
  );
  const mora = new Map<number, bigint>();
  for (const move of moves)
    if (move.kind === 'MORA' && move.quotaId !== null && move.date <= date)
      mora.set(move.quotaId, (mora.get(move.quotaId) ?? 0n) + toCents(move.amount));
  const states = ordered.map((q) => ({
    quota: q,
    owed: toCents(q.amount) + (mora.get(q.id) ?? 0n),
    paid: 0n,
    paidAt: null as string | null,
    paidBy: null as number | null,
  }));
  const byId = new Map(states.map((s) => [s.quota.id, s]));
  const pay = (state: (typeof states)[number], left: bigint, move: Move): bigint => {
    const room = state.owed - state.paid;
    if (room <= 0n || left <= 0n) return left;
    const used = left < room ? left : room;
    state.paid += used;
    if (state.paid === state.owed) {
      state.paidAt = move.date;
      state.paidBy = move.id;
    }
    return left - used;
  };
  const paying = moves
    .filter(
      (m) =>
        isCredit(m.kind) &&
        m.date <= date &&
        ((m.quotaId !== null && byId.has(m.quotaId)) || (agreedAt !== null && m.recordedAt > agreedAt)),
    )
    .sort(byDayThenId);
  for (const move of paying) {
    let left = toCents(move.amount);
    const own = move.quotaId !== null ? byId.get(move.quotaId) : undefined;
    if (own) left = pay(own, left, move);
    for (const state of states) {
      if (left <= 0n) break;
      left = pay(state, left, move);
    }
  }
  return states.map(({ quota, owed, paid, paidAt, paidBy }) => {
    const quotaMora = mora.get(quota.id) ?? 0n;
    const status: QuotaStatus =
      paid >= owed ? 'PAGADA' : paid > 0n ? 'PARCIAL' : quotaMora > 0n ? 'EN_MORA' : 'PENDIENTE';
    return {
      id: quota.id,
      number: quota.number,
      dueDate: quota.dueDate,
      amount: fromCents(toCents(quota.amount)),
      mora: fromCents(quotaMora),
      paid: fromCents(paid),
      status,
      paidAt: status === 'PAGADA' ? paidAt : null,
      paidBy: status === 'PAGADA' ? paidBy : null,
    };
  });
}

/** What the debt owes on `input.date`, its basis and its plan: see the module's comment. */
export function amountOwed(input: OwedInput): Owed {
  const dated = input.moves.filter((m) => m.date <= input.date);
  const amounts = (kinds: MoveKind[]): DatedAmount[] =>
    dated.filter((m) => kinds.includes(m.kind)).map(({ date, amount }) => ({ date, amount }));
  const plan = input.quotas.length > 0 ? allocateToQuotas(input.quotas, input.moves, input.date) : null;
  const rated = debtCarriesRates({
    defaultDate: input.defaultDate,
    interestRate: input.interestRate,
    punitiveRate: input.punitiveRate,
    rateTableId: input.rateTable === null ? null : 0,
  });
  // Interest booked for a plan (MORA planInterest) stays booked: it never runs again on top of it.
  const booked = plan !== null || input.moves.some((m) => m.planInterest);
  const basis: Basis = plan?.some((q) => q.status !== 'PAGADA')
    ? 'PLAN'
    : !booked && rated
      ? 'RATES'
      : 'BOOKS';
  const balance = balanceToDate({
    originalAmount: input.originalAmount,
    // Interest runs only under RATES: a plan booked it when it was agreed (docs/money.md).
    defaultDate: basis === 'RATES' ? input.defaultDate : null,
    interestRate: input.interestRate,
    rateTable: input.rateTable,
    punitiveRate: input.punitiveRate,
    date: input.date,
    costs: amounts(['SERVICE', 'MORA']),
    payments: amounts(['PAYMENT', 'DEPOSIT']),
    reductions: amounts(['REDUCTION']),
  });
  return { ...balance, basis, plan };
}

/**
 * The books' sum of live rows (all dates): original + services + mora − payments − deposits −
 * reductions. What the stored balance holds; under BOOKS and PLAN it is `total` at today.
 */
export function booksTotal(originalAmount: string, moves: readonly Pick<Move, 'kind' | 'amount'>[]): string {
  let cents = toCents(originalAmount);
  for (const move of moves) {
    const amount = toCents(move.amount);
    cents += move.kind === 'SERVICE' || move.kind === 'MORA' ? amount : -amount;
  }
  return fromCents(cents);
}

/** An unpaid quota as a payment form sees it: what it still owes (amount + mora − paid). */
export interface QuotaToPay {
  number: number;
  dueDate: string;
  /** What it still owes. */
  owes: string;
}

/** Where a payment without a quota goes (DESIGN.md §11.1): whole quotas, part of one, the rest. */
export interface Imputation {
  /** The quotas it pays in full, oldest first, with whether each was overdue on `date`. */
  whole: { number: number; overdue: boolean }[];
  /** The quota it pays in part, and how much of it. */
  part: { number: number; amount: string; overdue: boolean } | null;
  /** What is left beyond every quota (it lowers what is owed outside the plan). */
  beyond: string;
}

/** The imputation of `amount` to the unpaid quotas (in due order) as the API will make it. */
export function imputation(quotas: readonly QuotaToPay[], amount: string, date: string): Imputation {
  let left = toCents(amount);
  const whole: Imputation['whole'] = [];
  let part: Imputation['part'] = null;
  const ordered = [...quotas].sort((a, b) =>
    a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : a.number - b.number,
  );
  for (const quota of ordered) {
    const owes = toCents(quota.owes);
    if (left <= 0n || owes <= 0n) continue;
    const overdue = quota.dueDate < date;
    if (left >= owes) {
      whole.push({ number: quota.number, overdue });
      left -= owes;
    } else {
      part = { number: quota.number, amount: fromCents(left), overdue };
      left = 0n;
    }
  }
  return { whole, part, beyond: fromCents(left > 0n ? left : 0n) };
}

/** «Se imputará a la cuota 3 (vencida) y a parte de la 4.»; null when there is nothing to say. */
export function imputationText(result: Imputation): string | null {
  const name = (q: { number: number; overdue: boolean }) => `${q.number}${q.overdue ? ' (vencida)' : ''}`;
  const parts: string[] = [];
  if (result.whole.length === 1)
    parts.push(`a la cuota ${name(result.whole[0] as Imputation['whole'][number])}`);
  else if (result.whole.length > 1) {
    const names = result.whole.map(name);
    parts.push(`a las cuotas ${names.slice(0, -1).join(', ')} y ${names[names.length - 1]}`);
  }
  if (result.part) parts.push(`a parte de la ${name(result.part)}`);
  if (parts.length === 0) return null;
  return `Se imputará ${parts.join(' y ')}.`;
}
