/**
 * A strategy's contact actions (issue 36) under the contact rules every person works by
 * (modules/contacts/rules.ts: disputes, the debtor's channels and their «no contactar», the company's
 * caps per day and week, work or third parties' channels, the contact hours of calls, which a
 * WhatsApp is): a rule's refusal becomes the reason the action is not taken for that debt. A strategy
 * never confirms a warning a person could: what needs one is not sent.
 */
import {
  CONFIRMABLE_REFUSALS,
  type ContactChannel,
  dayMonthYear,
  isLetterField,
  type LetterValues,
  mergeLetter,
  type StrategyAction,
  type TokenPayload,
  whatsappTarget,
} from '@cobranzas/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../crud';
import { arrayParam, rowsOf } from '../../db/bulk';
import type { Db } from '../../db/client';
import { HttpError } from '../../errors';
import { type ContactFacts, contactFactsOf } from '../contacts/facts';
import { checkContactRules } from '../contacts/rules';
import { letterContext } from '../letterTemplates/values';
import type { PortalLinkMaker } from '../portal/links';

export type ContactKind = 'LETTER' | 'EMAIL' | 'WHATSAPP';

/** Whether a contact action goes out for a debt: to whom, or why not. */
export type Verdict = { ok: true; to: string } | { ok: false; reason: string };

/** What the run knows of its channels before it starts. */
export interface Channels {
  emailReady: string | null;
  whatsappReady: string | null;
}

const refusalText = (error: unknown) => {
  if (!(error instanceof HttpError)) throw error;
  const detail = error.errors?.channel?.[0];
  // A warning a person may confirm says how; a strategy never confirms: only what is wrong is kept.
  if (error.code && error.code in CONFIRMABLE_REFUSALS)
    return `${error.message.split('. ')[0]?.replace(/\.$/, '')}.`;
  return detail ?? error.message;
};

/** The rules' verdict for one contact by `channel`, with the attempts this batch already planned. */
function ruled(facts: ContactFacts, channel: ContactChannel, planned: number): string | null {
  const attempts = {
    ...facts.attempts,
    today: facts.attempts.today + planned,
    week: facts.attempts.week + planned,
  };
  try {
    checkContactRules({ ...facts, attempts }, channel, {
      confirmOutsideHours: false,
      confirmThirdParty: false,
    });
    return null;
  } catch (error) {
    return refusalText(error);
  }
}

/**
 * Whether a message planned earlier may still go now (deliver.ts): a dispute, a «no contactar» or,
 * for a WhatsApp, the contact hours since; its attempt was already counted when it was planned.
 */
export function stillAllowed(facts: ContactFacts | undefined, channel: 'EMAIL' | 'WHATSAPP'): string | null {
  if (!facts) return 'La deuda ya no existe.';
  const attempts = { today: 0, week: 0, maxPerDay: null, maxPerWeek: null };
  return ruled({ ...facts, attempts }, channel === 'EMAIL' ? 'EMAIL' : 'PHONE', 0);
}

/**
 * The verdicts of a batch's debts for the strategy's contact actions, in its order: each message
 * planned counts as an attempt for the next one of the same debtor.
 */
export async function contactVerdicts(
  db: Executor | Db,
  debtIds: readonly number[],
  actions: readonly StrategyAction[],
  channels: Channels,
  now: Date,
  templates: ReadonlySet<string> | null = null,
): Promise<Map<number, Partial<Record<ContactKind, Verdict>>>> {
  const contact = actions.flatMap((a): { kind: ContactKind; template: string | null }[] =>
    a.type === 'QUEUE_LETTER'
      ? [{ kind: 'LETTER', template: a.templateCode }]
      : a.type === 'SEND_EMAIL'
        ? [{ kind: 'EMAIL', template: a.templateCode }]
        : a.type === 'SEND_WHATSAPP'
          ? [{ kind: 'WHATSAPP', template: null }]
          : [],
  );
  const kinds = contact.map((c) => c.kind);
  // A template deleted or renamed since the strategy was saved: nothing to print or send.
  const gone = new Map(
    contact.flatMap((c) =>
      c.template !== null && templates !== null && !templates.has(c.template)
        ? [[c.kind, `La plantilla «${c.template}» ya no existe.`] as const]
        : [],
    ),
  );
  const verdicts = new Map<number, Partial<Record<ContactKind, Verdict>>>();
  if (kinds.length === 0 || debtIds.length === 0) return verdicts;
  const facts = await contactFactsOf(db, sql`d.id = ANY(${arrayParam(debtIds)}::int[])`, now);
  const phoneKinds = new Map(
    rowsOf<{ id: number; phone_kind: 'MOVIL' | 'FIJO' | null }>(
      await db.execute(sql`SELECT d.id, p.phone_kind FROM debts d JOIN debtors p ON p.id = d.debtor_id
        WHERE d.id = ANY(${arrayParam(debtIds)}::int[])`),
    ).map((r) => [r.id, r.phone_kind]),
  );
  const planned = new Map<number, number>();
  for (const id of debtIds) {
    const fact = facts.get(id);
    if (!fact) continue;
    const mine: Partial<Record<ContactKind, Verdict>> = {};
    for (const kind of kinds) {
      const already = planned.get(fact.debtorId) ?? 0;
      let verdict: Verdict;
      const missing = gone.get(kind);
      if (missing) verdict = { ok: false, reason: missing };
      else if (kind === 'LETTER') verdict = { ok: true, to: '' };
      else if (kind === 'EMAIL') {
        const refused = channels.emailReady ?? ruled(fact, 'EMAIL', already);
        const to = fact.channels.find((c) => c.channel === 'EMAIL')?.value ?? '';
        verdict = refused ? { ok: false, reason: refused } : { ok: true, to };
      } else {
        const phone = fact.channels.find((c) => c.channel === 'PHONE');
        const target = phone ? whatsappTarget(phone.value, phoneKinds.get(id) ?? null) : null;
        const refused =
          channels.whatsappReady ??
          ruled(fact, 'PHONE', already) ??
          (target?.sure ? null : 'El teléfono del deudor no es un celular conocido: no se envía WhatsApp.');
        verdict = refused || !target ? { ok: false, reason: refused ?? '' } : { ok: true, to: target.number };
      }
      if (verdict.ok && kind !== 'LETTER') planned.set(fact.debtorId, already + 1);
      mine[kind] = verdict;
    }
    verdicts.set(id, mine);
  }
  return verdicts;
}

/** What a message carries, rendered for its debt. */
export interface RenderedMessage {
  subject: string | null;
  body: string;
  unsubscribeUrl: string | null;
}

export const OPT_OUT_FOOTER = (url: string) =>
  `—\nPara pagar, hablar con nosotros o dejar de recibir estos correos, ingrese a ${url}`;

/** A template's rows by code, as the run reads them once. */
export type Templates = ReadonlyMap<
  string,
  { code: string; name: string; subject: string | null; body: string }
>;

/**
 * The e-mail and WhatsApp of one debt, rendered from its letter values (the amount owed of today,
 * §11.1) and, for e-mail, a portal link of its own: the debtor pays or opts out there.
 */
export async function renderMessages(
  db: Db,
  debtId: number,
  actions: readonly StrategyAction[],
  templates: Templates,
  actor: TokenPayload,
  portalLink: PortalLinkMaker,
): Promise<{ email?: RenderedMessage; whatsapp?: RenderedMessage }> {
  const context = await letterContext(db, debtId, actor);
  if (!context) return {};
  const out: { email?: RenderedMessage; whatsapp?: RenderedMessage } = {};
  for (const action of actions) {
    if (action.type === 'SEND_EMAIL') {
      const template = templates.get(action.templateCode);
      if (!template) continue;
      const link = await portalLink(context.debt.debtor.id, actor);
      const values: LetterValues = {
        ...context.values,
        'portal.enlace': link.url,
        'portal.direccion': link.url.split('#')[0] ?? link.url,
        'portal.codigo': link.code,
        'portal.vence': dayMonthYear(link.expiresAt.slice(0, 10)),
        'portal.qr': '',
      };
      const subject = mergeLetter(template.subject || template.name, values).text;
      const text = mergeLetter(template.body, values).text;
      out.email = { subject, body: `${text}\n\n${OPT_OUT_FOOTER(link.url)}`, unsubscribeUrl: link.url };
    }
    if (action.type === 'SEND_WHATSAPP') {
      const parameters = action.parameters.map((key) =>
        isLetterField(key) ? (context.values[key] ?? '') : '',
      );
      out.whatsapp = {
        subject: null,
        body: JSON.stringify({ template: action.template, language: action.language, parameters }),
        unsubscribeUrl: null,
      };
    }
  }
  return out;
}
