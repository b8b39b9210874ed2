/**
 * A letter of a debt, merged (DESIGN.md §10.5): the template with the debt's values and amount owed
 * of today and, when the template uses the portal, a link of its own for that letter (issue 34). The
 * single letter's route and the day's print batch (issue 36) both print what this gives.
 */
import {
  agencyToday,
  dayMonthYear,
  mergeLetter,
  PORTAL_QR_MARK,
  type TokenPayload,
  usesPortal,
} from '@cobranzas/shared';
import type { Db } from '../../db/client';
import type { letterTemplates } from '../../db/schema';
import type { LetterDocument } from '../../pdf/letter';
import type { DebtOwed } from '../debts/balance';
import type { PortalLinkMaker } from '../portal/links';
import { type LetterContext, letterContext } from './values';

type Template = Pick<typeof letterTemplates.$inferSelect, 'code' | 'subject' | 'body'>;

/**
 * The merged letter, or null when the debt does not exist for this user. `check` sees the amount
 * owed before a portal link is made (a libre deuda refuses there).
 */
export async function renderDebtLetter(
  db: Db,
  template: Template,
  debtId: number,
  user: TokenPayload,
  portalLink: PortalLinkMaker,
  check: (balance: DebtOwed & { date: string }) => void = () => {},
): Promise<{ document: LetterDocument; debt: LetterContext['debt'] } | null> {
  const context = await letterContext(db, debtId, user);
  if (!context) return null;
  const { balance, debt, values, agency } = context;
  check(balance);
  const portal = usesPortal(template.body, template.subject ?? '')
    ? await portalLink(debt.debtor.id, user)
    : null;
  const merged = portal
    ? {
        ...values,
        'portal.enlace': portal.url,
        'portal.direccion': portal.url.split('#')[0] ?? portal.url,
        'portal.codigo': portal.code,
        'portal.vence': dayMonthYear(agencyToday(new Date(portal.expiresAt))),
        'portal.qr': PORTAL_QR_MARK,
      }
    : values;
  return {
    debt,
    document: {
      agency,
      title: mergeLetter(template.subject ?? '', merged).text,
      text: mergeLetter(template.body, merged).text,
      qr: portal?.url ?? null,
    },
  };
}
