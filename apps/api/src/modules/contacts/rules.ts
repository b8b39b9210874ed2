import {
  CONTACT_CHANNEL_LABELS,
  type ContactChannel,
  describeContactHours,
  isPhoneChannel,
  MESSAGES,
} from '@cobranzas/shared';
import { refusal } from '../../errors';
import type { ContactFacts } from './facts';

/** The channel in a sentence: «el teléfono», «el correo electrónico». */
const named = (channel: ContactChannel) => `el ${CONTACT_CHANNEL_LABELS[channel].toLowerCase()}`;
const dayMonthYear = (iso: string) => iso.split('-').reverse().join('/');

export interface Confirmations {
  confirmOutsideHours: boolean;
  confirmThirdParty: boolean;
}

/**
 * The contact rules of issue 18 (docs/decisions.md «Reglas de contacto») for a contact by `channel`
 * (null: none said, e.g. a letter; no rule applies), in this order so that a warning the user
 * confirms is never followed by a refusal they could not have avoided:
 * a debt the debtor disputed in the portal, unresolved (409); a channel the debtor does not have (400) or closed («no contactar», 409); the company's caps of
 * attempts per day and per week (409); a work or third party's channel without confirmThirdParty
 * (409, Ley 24.240 art. 8 bis, Ley 6171 CABA); a call outside the contact hours without
 * confirmOutsideHours (409). Returns whether the contact is logged as outside hours.
 */
export function checkContactRules(
  facts: ContactFacts,
  channel: ContactChannel | null,
  confirmed: Confirmations,
): { outsideHours: boolean } {
  if (channel === null) return { outsideHours: false };
  if (facts.disputedOn !== null)
    fail(409, 'DISPUTED', MESSAGES.contactDisputed(dayMonthYear(facts.disputedOn)));
  const used = facts.channels.find((c) => c.channel === channel);
  if (!used)
    throw refusal(400, 'CHANNEL_EMPTY', MESSAGES.invalidInput, {
      channel: [MESSAGES.contactChannelEmpty(named(channel))],
    });
  if (used.closedOn !== null)
    fail(409, 'CHANNEL_CLOSED', MESSAGES.contactChannelClosed(named(channel), dayMonthYear(used.closedOn)));
  const { attempts } = facts;
  if (attempts.maxPerDay !== null && attempts.today >= attempts.maxPerDay)
    fail(409, 'ATTEMPTS_PER_DAY', MESSAGES.contactAttemptsPerDay(attempts.maxPerDay));
  if (attempts.maxPerWeek !== null && attempts.week >= attempts.maxPerWeek)
    fail(409, 'ATTEMPTS_PER_WEEK', MESSAGES.contactAttemptsPerWeek(attempts.maxPerWeek));
  if (used.owner !== 'DEUDOR' && !confirmed.confirmThirdParty) {
    const label = named(channel);
    fail(
      409,
      'THIRD_PARTY',
      MESSAGES.contactThirdParty(
        label.charAt(0).toUpperCase() + label.slice(1),
        used.owner === 'LABORAL' ? 'laboral' : 'de un tercero',
      ),
    );
  }
  const outsideHours = isPhoneChannel(channel) && !facts.insideHours;
  if (outsideHours && !confirmed.confirmOutsideHours)
    fail(409, 'OUTSIDE_HOURS', MESSAGES.contactOutsideHours(describeContactHours(facts.hours)));
  return { outsideHours };
}

function fail(status: number, code: string, message: string): never {
  throw refusal(status, code, message);
}
