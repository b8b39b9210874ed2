import { type DebtStatus, LABELS } from './enums';
import { MESSAGES } from './messages';
import { compareMoney, formatMoney } from './money';

/**
 * The debt status machine (issue 14), one definition for the API, which enforces it, and the web,
 * which offers only what it allows.
 *
 * Manual changes (PATCH /debts/{id}/status) follow DEBT_STATUS_TRANSITIONS and then the balance:
 * CANCELADA only without balance; ACTIVA, EN_CONVENIO and INCOBRABLE only with balance; EN_CONVENIO
 * also needs unpaid quotas (a plan in force); ARCHIVADA always.
 *
 * The system also moves a debt (in the same transaction as the write that causes it, with a
 * "Cambio de estado" Gestión): a payment plan takes an ACTIVA debt to EN_CONVENIO; a money write that
 * takes the balance to zero makes the debt CANCELADA; a write that gives a CANCELADA debt balance
 * again (a payment deleted, a quota payment undone, the original amount raised) reopens it as
 * EN_CONVENIO when it has unpaid quotas, ACTIVA otherwise.
 */
export const DEBT_STATUS_TRANSITIONS: Record<DebtStatus, readonly DebtStatus[]> = {
  ACTIVA: ['EN_CONVENIO', 'CANCELADA', 'INCOBRABLE', 'ARCHIVADA'],
  EN_CONVENIO: ['ACTIVA', 'CANCELADA', 'INCOBRABLE', 'ARCHIVADA'],
  CANCELADA: ['ACTIVA', 'EN_CONVENIO', 'ARCHIVADA'],
  INCOBRABLE: ['ACTIVA', 'EN_CONVENIO', 'CANCELADA', 'ARCHIVADA'],
  ARCHIVADA: ['ACTIVA', 'EN_CONVENIO', 'CANCELADA', 'INCOBRABLE'],
};

/** Closed: no new quotas, plans, payments, deposits, services or mora until a status change reopens it. */
export const CLOSED_DEBT_STATUSES: readonly DebtStatus[] = ['CANCELADA', 'INCOBRABLE', 'ARCHIVADA'];
export const isDebtClosed = (status: DebtStatus) => CLOSED_DEBT_STATUSES.includes(status);

/** A status as it reads inside a sentence: "en convenio", "cancelada". */
export const debtStatusWord = (status: DebtStatus) => LABELS.debtStatus[status].toLowerCase();

/** What a manual status change depends on besides the two statuses. */
export interface DebtStatusFacts {
  balance: string;
  currency?: 'ARS' | 'USD';
  /** How many of its quotas are not PAGADA. */
  unpaidQuotas: number;
}

/** Why a manual change from → to is refused (a Spanish sentence), or null when it is allowed. */
export function debtStatusChangeRefusal(
  from: DebtStatus,
  to: DebtStatus,
  facts: DebtStatusFacts,
): string | null {
  if (from === to) return MESSAGES.sameStatus;
  if (!DEBT_STATUS_TRANSITIONS[from].includes(to))
    return MESSAGES.statusTransitionNotAllowed(debtStatusWord(from), debtStatusWord(to));
  const balance = compareMoney(facts.balance, '0');
  if (to === 'CANCELADA' && balance !== 0)
    return MESSAGES.cancelNeedsZeroBalance(formatMoney(facts.balance, facts.currency));
  if ((to === 'ACTIVA' || to === 'EN_CONVENIO' || to === 'INCOBRABLE') && balance <= 0)
    return MESSAGES.statusNeedsBalance(debtStatusWord(to));
  if (to === 'EN_CONVENIO' && facts.unpaidQuotas === 0) return MESSAGES.agreementNeedsPlan;
  return null;
}

/** The statuses a manual change may take this debt to now. */
export const allowedDebtStatuses = (from: DebtStatus, facts: DebtStatusFacts): DebtStatus[] =>
  DEBT_STATUS_TRANSITIONS[from].filter((to) => debtStatusChangeRefusal(from, to, facts) === null);
