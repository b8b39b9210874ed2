/**
 * When a debt's claim prescribes, on the screens (issue 37, DESIGN.md §11.6): how urgent the date is
 * and why it is that day (GET /debts/{id}/prescription), in Spanish.
 */
import {
  agencyToday,
  type Debt,
  type DebtPrescription,
  daysBetween,
  debtPrescriptionCall,
  debtsResource,
  isDebtClosed,
  PRESCRIPTION_WARNING_DAYS,
  type PrescriptionInterruption,
} from '@cobranzas/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/call';
import { formatDate } from '../../../lib/format';
import { resourceKeys } from '../../../lib/resourceQueries';
import type { Tone } from './labels';

/**
 * How close an open debt's claim is to prescribing: `past` (its last day is gone: red), `soon`
 * (within PRESCRIPTION_WARNING_DAYS: orange), or null (far, no date, or a closed debt).
 */
export function prescriptionUrgency(
  debt: Pick<Debt, 'prescribesOn' | 'status'>,
  today: string = agencyToday(),
): { level: 'past' | 'soon'; days: number } | null {
  if (!debt.prescribesOn || isDebtClosed(debt.status)) return null;
  const days = daysBetween(today, debt.prescribesOn);
  if (days < 0) return { level: 'past', days };
  return days <= PRESCRIPTION_WARNING_DAYS ? { level: 'soon', days } : null;
}

export const PRESCRIPTION_TONES: Record<'past' | 'soon', Tone> = { past: 'red', soon: 'orange' };

/** «(prescripta)», «(hoy es el último día)», «(en 12 días)»: what the colour says, in words. */
export function urgencyText(urgency: NonNullable<ReturnType<typeof prescriptionUrgency>>): string {
  if (urgency.level === 'past') return 'prescripta';
  if (urgency.days === 0) return 'hoy es el último día';
  return urgency.days === 1 ? 'en 1 día' : `en ${urgency.days} días`;
}

/** Where the term runs from, after «desde»: the interruption that set it. */
const SINCE: Record<PrescriptionInterruption, string> = {
  PAGO: 'el último pago del',
  RECONOCIMIENTO: 'el reconocimiento de la deuda del',
  DEMANDA: 'la demanda presentada el',
  FIN_DEL_JUICIO: 'el fin del juicio del',
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Whole months from `from` to `to` (the suspension ends the same day number, or the month's last). */
function monthsBetween(from: string, to: string): number {
  const [fy, fm] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  return (ty - fy) * 12 + (tm - fm);
}

/**
 * Why the debt prescribes when it does: «Plazo de 5 años desde el último pago del 10/03/2024;
 * suspendido 6 meses por la carta documento entregada el 01/02/2025», «Interrumpida: demanda
 * presentada el 05/05/2025 (juicio en trámite)», «Sin fecha de mora: no se puede calcular».
 */
export function prescriptionExplanation(
  prescription: DebtPrescription,
  debt: Pick<Debt, 'defaultDate'>,
): string {
  const { casePendingSince, runsFrom, interruption, suspended, years } = prescription;
  if (prescription.prescribesOn === null && casePendingSince !== null)
    return `Interrumpida: demanda presentada el ${formatDate(casePendingSince)} (juicio en trámite)`;
  if (prescription.prescribesOn === null || runsFrom === null)
    return 'Sin fecha de mora: no se puede calcular';
  const since = interruption
    ? `${SINCE[interruption.kind]} ${formatDate(interruption.on)}`
    : `${runsFrom === debt.defaultDate ? 'la mora del' : 'el origen de la deuda del'} ${formatDate(runsFrom)}`;
  const term = `Plazo de ${plural(years, 'año', 'años')} desde ${since}`;
  if (!suspended) return term;
  const months = monthsBetween(suspended.from, suspended.to);
  return `${term}; suspendido ${plural(months, 'mes', 'meses')} por la carta documento entregada el ${formatDate(suspended.from)}`;
}

/**
 * The value shown for a debt without a date: the pending case holds it, or there is nothing to run
 * from; «…» until the explanation arrives.
 */
export function noDateText(prescription: DebtPrescription | undefined): string {
  if (!prescription) return '…';
  return prescription.casePendingSince !== null ? 'No corre: juicio en trámite' : 'Sin fecha de mora';
}

/**
 * GET /debts/{id}/prescription, under the debt's detail key: every write that refreshes the debt (a
 * payment, a contact with acknowledgment, a letter delivered, a case filed) refreshes it too.
 */
export function usePrescription(debtId: number) {
  return useQuery({
    queryKey: [...resourceKeys(debtsResource).detail(debtId), 'prescription'],
    queryFn: ({ signal }) => callApi(debtPrescriptionCall, { params: { id: debtId } }, signal),
  });
}
