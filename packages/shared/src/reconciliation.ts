import { isValidCuit, isValidDni, normalizeDni } from './ids';
import { SHORT_CODE_ALPHABET } from './portal';

/**
 * Money in (DESIGN.md §11.4, issue 35): what a line of a bank statement, a Mercado Pago report or a
 * payment network's file says about whose money it is. Pure: the matching against the debts reads
 * these clues in SQL. The confidences, strongest first, are the contract's order.
 */
export const MATCH_CONFIDENCES = ['CIERTA', 'ALTA', 'MEDIA', 'NINGUNA'] as const;
export type MatchConfidence = (typeof MATCH_CONFIDENCES)[number];

export const MATCH_CONFIDENCE_LABELS: Record<MatchConfidence, string> = {
  CIERTA: 'Cierta (referencia de pago del portal)',
  ALTA: 'Alta (referencia de la deuda o DNI/CUIT del deudor)',
  MEDIA: 'Media (importe de una cuota o del saldo, y nombre)',
  NINGUNA: 'Sin coincidencias',
};

/** The stronger of two confidences. */
export const strongest = (a: MatchConfidence, b: MatchConfidence): MatchConfidence =>
  MATCH_CONFIDENCES.indexOf(a) <= MATCH_CONFIDENCES.indexOf(b) ? a : b;

export interface LineClues {
  /** The portal's payment references (P + 8 characters of the short code's alphabet), as written upper-case. */
  intentReferences: string[];
  /** Valid CUIT/CUILs (11 digits, right check digit), however written («20-12345678-3»). */
  cuits: string[];
  /** DNIs: 7 or 8 digits standing alone (dots allowed), and the DNI inside each CUIT. */
  dnis: string[];
  /** Words that could be a debt's reference: 4 to 40 letters, digits, «-», «/» or «.», at least one digit. */
  references: string[];
}

const unique = (values: string[]) => [...new Set(values)];
const INTENT = new RegExp(`(?<![A-Z0-9])P[${SHORT_CODE_ALPHABET}]{8}(?![A-Z0-9])`, 'g');
/** 11 digits, bare or as 2-8-1 with dashes, spaces or dots, not inside a longer number. */
const CUIT = /(?<!\d)(\d{2})[-. ]?(\d{8})[-. ]?(\d)(?!\d)/g;
/**
 * 7 or 8 digits, bare or with thousands dots, standing alone: not inside a longer number, an amount
 * («12345678,50») or a word («PR-12345678», «A12345678»: those are references).
 */
const DNI = /(?<![\p{L}\d.,\-/])(\d{1,2}\.\d{3}\.\d{3}|\d{7,8})(?![\d.,]?\d|[-/]?\p{L})/gu;
const WORD = /[A-Za-z0-9][A-Za-z0-9\-/.]{2,38}[A-Za-z0-9]/g;

/**
 * The clues in a line's free text (its concept, description, reference fields joined). Upper-cased
 * for the portal's references (banks often shout); numbers are read as written, so an amount such as
 * «1.234.567» can look like a DNI: the matcher confirms every clue against a debtor or a debt.
 */
export function lineClues(text: string): LineClues {
  const upper = text.toUpperCase();
  const intentReferences = unique([...upper.matchAll(INTENT)].map((m) => m[0]));
  const cuits = unique(
    [...text.matchAll(CUIT)].map((m) => `${m[1]}${m[2]}${m[3]}`).filter((digits) => isValidCuit(digits)),
  );
  const fromCuits = cuits.map((cuit) => normalizeDni(cuit.slice(2, 10)));
  const alone = [...text.matchAll(DNI)].map((m) => normalizeDni(m[1] ?? '')).filter(isValidDni);
  const dnis = unique([...fromCuits, ...alone].filter(isValidDni));
  const references = unique(
    [...text.matchAll(WORD)]
      .map((m) => m[0])
      .filter((word) => /\d/.test(word) && !intentReferences.includes(word.toUpperCase())),
  );
  return { intentReferences, cuits, dnis, references };
}
