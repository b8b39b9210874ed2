import { agencyToday, daysBetween } from '@cobranzas/shared';
import { formatDate } from '../../lib/format';
import type { Tone } from '../debts/common/labels';

/** A deadline this close (days) is flagged «soon» in the lists and on the case page. */
export const SOON_DAYS = 5;

export type Urgency = 'overdue' | 'soon' | 'later';

/** How urgent a deadline is today: past it, within SOON_DAYS, or later. */
export function urgencyOf(deadlineOn: string, today = agencyToday()): Urgency {
  const left = daysBetween(today, deadlineOn);
  if (left < 0) return 'overdue';
  return left <= SOON_DAYS ? 'soon' : 'later';
}

export const URGENCY_TONES: Record<Urgency, Tone> = { overdue: 'red', soon: 'orange', later: 'gray' };

/** «vencido», «vence hoy», «vence mañana», «en 3 días», or null when it is further off. */
export function urgencyText(deadlineOn: string, today = agencyToday()): string | null {
  const left = daysBetween(today, deadlineOn);
  if (left < 0) return 'vencido';
  if (left === 0) return 'vence hoy';
  if (left === 1) return 'vence mañana';
  return left <= SOON_DAYS ? `en ${left} días` : null;
}

/** A deadline as text: «12/03/2026 (en 3 días)». */
export function deadlineText(deadlineOn: string, today = agencyToday()): string {
  const note = urgencyText(deadlineOn, today);
  return note ? `${formatDate(deadlineOn)} (${note})` : formatDate(deadlineOn);
}
