/**
 * Text that cannot forge a document (issue 30). A name such as "EVIL\nSaldo: $ 0,00 (CANCELADA)"
 * printed its second line as the letter's own; a right-to-left override reverses what follows it on
 * screen and in a PDF. What breaks a line or reorders text: C0 and C1 control characters, DEL, the
 * Unicode line and paragraph separators, and the bidirectional embeddings, overrides and isolates.
 * A one-line field (a name, a reference, a phone) takes none of them; a note keeps its line breaks
 * and tabs and nothing else. The schemas refuse them on the way in (schemas/common.ts); these
 * functions clean what comes from a file or was stored before, on the way into a document.
 */

/** Bidirectional embeddings and overrides (U+202A–U+202E) and isolates (U+2066–U+2069). */
const BIDI = '\u202a-\u202e\u2066-\u2069';

/** Anything a one-line text may not hold. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
export const NOT_IN_LINE = new RegExp(`[\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029${BIDI}]`);
/** Anything a note may not hold once its line breaks are LF: all but TAB and LF of the above. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
export const NOT_IN_NOTE = new RegExp(`[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f${BIDI}]`);

const global = (pattern: RegExp) => new RegExp(pattern.source, 'g');
const NOT_IN_LINE_ALL = global(NOT_IN_LINE);
const NOT_IN_NOTE_ALL = global(NOT_IN_NOTE);
const BIDI_ALL = new RegExp(`[${BIDI}]`, 'g');

/** CR LF, a lone CR and the Unicode separators as LF. */
export const normalizeLineBreaks = (text: string) => text.replace(/\r\n?|[\u2028\u2029]/g, '\n');

/** One line: what breaks or reorders it becomes a space (bidi marks vanish); spaces collapse. */
export function oneLine(text: string): string {
  return text.replace(BIDI_ALL, '').replace(NOT_IN_LINE_ALL, ' ').replace(/\s+/g, ' ').trim();
}

/** A note: line breaks as LF, kept with tabs; every other control or bidi mark removed. */
export function noteText(text: string): string {
  return normalizeLineBreaks(text).replace(NOT_IN_NOTE_ALL, '');
}

/** Ends a sentence with a period unless its last word already did («Frávega S.A.», not «S.A..»). */
export const sentence = (text: string) => (/[.!?…]$/.test(text) ? text : `${text}.`);
