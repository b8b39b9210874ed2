/**
 * Argentine phone numbers as people write them, and a WhatsApp link for the ones that are (or may be)
 * mobiles.
 *
 * The numbering (ENACOM): every number has a national significant number (NSN) of 10 digits, the
 * area code without its trunk 0 (2 to 4 digits: 11 Buenos Aires, 351 Córdoba, 2966 Río Gallegos) and
 * the subscriber number (8 to 6 digits). Inside the country a mobile is dialled 0 + area code + «15» +
 * subscriber number ("011 15-2345-6789"); from abroad it is +54 9 + the NSN, without the 15
 * ("+54 9 11 2345-6789"), and that is the form wa.me needs: 549 + the 10 digits.
 *
 * What counts as a mobile here (docs/decisions.md, «WhatsApp»): only a number that says so by the
 * way it is written —
 *   - the «15» after an area code: "011 15-2345-6789", "(0351) 15 555-1234", "11 15 2345 6789",
 *     "(02966) 15 412345" (a «15» with no area code, "15-2345-6789", is refused: we
 *     would have to guess the area);
 *   - the international mobile form: "+54 9 11 2345-6789", "549 351 555 1234", "0054 9 …", also with
 *     the trunk 0 or the 15 typed in by mistake ("+54 9 011 15 2345-6789"), and "9 11 2345-6789";
 * A plain ten-digit number ("11 2345-6789", "(0351) 422-1234") is NOT proved a mobile: the NSN of a
 * mobile and of a landline have the same shape and nothing in it tells them apart. It CAN be one
 * (possibleMobile), and most stored numbers are written that way, so the collector may mark each
 * phone MOVIL or FIJO once (issue 32) and whatsappTarget decides with that mark: MOVIL links whatever
 * number can be built, FIJO never, unknown links what can be a mobile, saying it is a guess.
 * A local 6–8 digit number can never be built (the area code would be a guess).
 */

import { oneLine } from './text';

/**
 * Three-digit area codes (the rest of the 2… and 3… codes have four digits; 11 is the only two-digit
 * one). Only needed when a 15 comes with no separator to show where the area code ends.
 */
// biome-ignore format: a table reads better in rows
const THREE_DIGIT_AREAS = new Set([
  '220', '221', '223', '230', '236', '237', '249', '260', '261', '263', '264', '266', '280', '291',
  '294', '297', '298', '299', '336', '341', '342', '343', '345', '348', '351', '353', '358', '362',
  '364', '370', '376', '379', '380', '381', '383', '385', '387', '388',
]);

/** The length of the area code a national number starts with (without the trunk 0), or null. */
function areaLength(nsn: string): number | null {
  if (nsn.startsWith('11')) return 2;
  if (!/^[23]/.test(nsn)) return null;
  return THREE_DIGIT_AREAS.has(nsn.slice(0, 3)) ? 3 : 4;
}

/** A plausible NSN: 10 digits, an area code that exists in shape, a subscriber number not starting with 0 or 1. */
function plausibleNsn(nsn: string): boolean {
  if (!/^\d{10}$/.test(nsn)) return false;
  const length = areaLength(nsn);
  return length !== null && /^[2-9]/.test(nsn.slice(length));
}

/** area + «15» + subscriber (12 digits) → the NSN, trusting the written separators before the guess. */
function withoutFifteen(digits: string, written: string): string | null {
  if (digits.length !== 12) return null;
  // Written with the area code apart: "(0351) 15 555-1234", "011-15-2345-6789".
  const grouped = /^\(?0?(\d{2,4})\)?[\s.-]+15[\s.-]*\d/.exec(
    written.trim().replace(/^(\+|00)\s*54\s*9?\s*/, ''),
  );
  const candidates = grouped?.[1] ? [grouped[1].length] : [];
  const guessed = areaLength(digits);
  if (guessed !== null) candidates.push(guessed);
  for (const length of candidates) {
    if (digits.slice(length, length + 2) !== '15') continue;
    const nsn = digits.slice(0, length) + digits.slice(length + 2);
    if (plausibleNsn(nsn) && areaLength(nsn) === length) return nsn;
  }
  return null;
}

/**
 * The number as WhatsApp wants it ("5491123456789": 549 + the 10-digit NSN) when the written form says
 * it is an Argentine mobile (see the top of this file), else null.
 */
export function argentineMobile(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const written = phone.trim();
  let digits = written.replace(/\D/g, '');
  const international = /^(\+|00)/.test(written);
  if (written.startsWith('00')) digits = digits.slice(2);
  // +54 …, 0054 …, or 54 … long enough to hold the country code (12 or more digits).
  if (international || (digits.startsWith('54') && digits.length >= 12)) {
    if (!digits.startsWith('54')) return null;
    digits = digits.slice(2);
    const mobileMark = digits.startsWith('9');
    if (mobileMark) digits = digits.slice(1);
    digits = digits.replace(/^0/, '');
    const nsn = plausibleNsn(digits) && mobileMark ? digits : withoutFifteen(digits, written);
    return nsn ? `549${nsn}` : null;
  }
  digits = digits.replace(/^0/, '');
  // "9 11 2345-6789": the international mobile 9 without the country code.
  if (digits.length === 11 && digits.startsWith('9') && plausibleNsn(digits.slice(1)))
    return `549${digits.slice(1)}`;
  const nsn = withoutFifteen(digits, written);
  return nsn ? `549${nsn}` : null;
}

/** What the collector said a phone is (debtors.phone_kind); null: nobody said yet. */
export const PHONE_KINDS = ['MOVIL', 'FIJO'] as const;
export type PhoneKind = (typeof PHONE_KINDS)[number];
export const PHONE_KIND_LABELS: Record<PhoneKind, string> = { MOVIL: 'Celular', FIJO: 'Fijo' };

/**
 * 549 + the NSN when the number can be a mobile: written as one (argentineMobile) or a plausible
 * national number written any way — "351 584-7753", "(0351) 422-1234", "1123456789", "+54 11 …".
 */
export function possibleMobile(phone: string | null | undefined): string | null {
  const proved = argentineMobile(phone);
  if (proved || !phone) return proved;
  const written = phone.trim();
  let digits = written.replace(/\D/g, '');
  if (written.startsWith('00')) digits = digits.slice(2);
  // No NSN starts with 5: twelve digits starting with 54 carry the country code.
  if (/^(\+|00)/.test(written) || (digits.startsWith('54') && digits.length === 12)) {
    if (!digits.startsWith('54')) return null;
    digits = digits.slice(2);
  }
  const nsn = digits.replace(/^0/, '');
  return plausibleNsn(nsn) ? `549${nsn}` : null;
}

/** Where «Escribir por WhatsApp» goes: the wa.me number and whether it is known to be a mobile. */
export type WhatsAppTarget = { number: string; sure: boolean };

/**
 * The one rule for the WhatsApp link (docs/decisions.md «WhatsApp»): FIJO → never; MOVIL → whenever
 * a number can be built (sure); unknown → when it can be a mobile, sure only if written as one.
 */
export function whatsappTarget(
  phone: string | null | undefined,
  kind: PhoneKind | null | undefined,
): WhatsAppTarget | null {
  if (kind === 'FIJO') return null;
  const number = possibleMobile(phone);
  if (!number) return null;
  return { number, sure: kind === 'MOVIL' || argentineMobile(phone) !== null };
}

/**
 * https://wa.me/549XXXXXXXXXX?text=… to write to the phone with the message already typed, or null
 * when whatsappTarget gives no number for the phone and its kind.
 */
export function whatsappLink(
  phone: string | null | undefined,
  kind: PhoneKind | null | undefined,
  message: string,
): string | null {
  const target = whatsappTarget(phone, kind);
  if (!target) return null;
  return `https://wa.me/${target.number}${message ? `?text=${encodeURIComponent(message)}` : ''}`;
}

/** The first message to a debtor: who writes and about which account. */
export function whatsappGreeting(names: { debtor: string; agency: string; company?: string | null }): string {
  // Stored names are one line here whatever they hold (issue 30).
  const company = names.company ? oneLine(names.company) : '';
  const about = company ? ` por su cuenta con ${company}` : ' por su cuenta';
  const agency = oneLine(names.agency) || 'la agencia de cobranzas';
  // «… con Frávega S.A. ¿Podemos…»: a name ending in a period ends the sentence too.
  const end = about.endsWith('.') ? '' : '.';
  return `Hola ${oneLine(names.debtor)}, le escribimos de ${agency}${about}${end} ¿Podemos hablar?`;
}
