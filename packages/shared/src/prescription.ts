/**
 * When a claim prescribes (issue 37, DESIGN.md §11.6; FIELD-NOTES «Prescription»). Pure arithmetic
 * of the Código Civil y Comercial:
 * - the term runs from the day the debt could be claimed (its default date) — five years by default
 *   (art. 2560), two for what accrues by periods shorter than a year (art. 2562 c): an ADMIN sets it
 *   per collection type;
 * - an interruption — a payment, an acknowledgment, a claim filed in court (arts. 2545, 2546) — has
 *   the time before it count for nothing and starts a new term from its day (art. 2544);
 * - a fehaciente demand (a carta documento, from its delivery) suspends the term once for six months
 *   or the shorter term of the claim (art. 2541): the time it lasts does not count, the time before it
 *   does. A suspension the term had already left behind (an interruption after it) is spent.
 * Terms in years and months end on the same day number, or on the month's last day when it has none
 * (art. 6).
 */
import { addMonthsClamped, daysBetween } from './dates';

export interface PrescriptionInput {
  /** The day the debt could be claimed (its default date, else its origin). */
  from: string;
  /** The term, in years (5, 2…). */
  years: number;
  /** Days of payments, acknowledgments and filings (any order). */
  interruptions: readonly string[];
  /** The delivery day of the first fehaciente demand (carta documento), if any. */
  demandDeliveredOn: string | null;
}

export interface Prescription {
  /** The last day the claim can still be brought; it prescribes the next day. */
  prescribesOn: string;
  /** Where the current term starts: `from`, or the last interruption. */
  runsFrom: string;
  /** The suspension that moved it, if one did. */
  suspended: { from: string; to: string } | null;
}

/** The term's end from `start`: `years` later, the month's last day when the day number is missing. */
const termEnd = (start: string, years: number) => addMonthsClamped(start, years * 12);

export function prescription(input: PrescriptionInput): Prescription {
  const runsFrom =
    [input.from, ...input.interruptions.filter((d) => d > input.from)].sort().at(-1) ?? input.from;
  const plain = termEnd(runsFrom, input.years);
  const demand = input.demandDeliveredOn;
  // Suspended only by a demand within the current term (after its start, before it ends).
  if (demand === null || demand < runsFrom || demand > plain)
    return { prescribesOn: plain, runsFrom, suspended: null };
  const months = Math.min(6, input.years * 12);
  const to = addMonthsClamped(demand, months);
  const lost = daysBetween(demand, to);
  const end = new Date(`${plain}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + lost);
  return { prescribesOn: end.toISOString().slice(0, 10), runsFrom, suspended: { from: demand, to } };
}
