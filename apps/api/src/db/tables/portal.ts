import { PAYMENT_CHANNELS, PAYMENT_INTENT_STATUSES, PORTAL_PAY_KINDS } from '@cobranzas/shared';
import { sql } from 'drizzle-orm';
import { char, check, index, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { bytea, id, instant, money } from './columns';
import { debtors } from './debtors';
import { debts } from './debts';
import { documents } from './documents';
import { offers } from './offers';
import { author } from './users';

/**
 * The debtor's own door (DESIGN.md §11.3). A link is a personal code staff make for a debtor: the
 * long one goes in the URL (256 random bits), the short one on letters (≈ 49 bits, behind the DNI
 * and a per-code limit). Both are kept only as HMACs (modules/portal/codes.ts): a copy of the
 * database opens no door. A link expires and can be revoked; its sessions end with it.
 */
export const portalLinks = pgTable(
  'portal_links',
  {
    id: id(),
    debtorId: integer('debtor_id')
      .notNull()
      .references(() => debtors.id),
    tokenHash: char('token_hash', { length: 64 }).notNull(),
    codeHash: char('code_hash', { length: 64 }).notNull(),
    expiresAt: instant('expires_at').notNull(),
    revokedAt: instant('revoked_at'),
    revokedBy: author('revoked_by'),
    lastUsedAt: instant('last_used_at'),
    createdBy: author('created_by'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('portal_links_token_unique').on(t.tokenHash),
    uniqueIndex('portal_links_code_unique').on(t.codeHash),
    index('portal_links_debtor_idx').on(t.debtorId),
  ],
);

/**
 * A debtor's session in the portal, by its token's HMAC: it ends after 15 minutes without a request
 * (`lastSeenAt`), when the debtor leaves (`endedAt`), or when its link expires or is revoked.
 */
export const portalSessions = pgTable(
  'portal_sessions',
  {
    id: id(),
    linkId: integer('link_id')
      .notNull()
      .references(() => portalLinks.id),
    tokenHash: char('token_hash', { length: 64 }).notNull(),
    /** Where and with what it came in: evidence of who accepted what (Ley 25.506, FIELD-NOTES). */
    address: varchar('address', { length: 64 }),
    userAgent: varchar('user_agent', { length: 300 }),
    createdAt: instant('created_at').notNull().defaultNow(),
    lastSeenAt: instant('last_seen_at').notNull().defaultNow(),
    endedAt: instant('ended_at'),
  },
  (t) => [
    uniqueIndex('portal_sessions_token_unique').on(t.tokenHash),
    index('portal_sessions_link_idx').on(t.linkId),
  ],
);

/**
 * What the debtor asked staff for from the portal: a call at a time (CALLBACK) or «no reconozco esta
 * deuda» (DISPUTE: while it is ABIERTO nobody contacts the debtor about the debt). Staff resolve it.
 */
export const portalRequests = pgTable(
  'portal_requests',
  {
    id: id(),
    debtId: integer('debt_id')
      .notNull()
      .references(() => debts.id),
    sessionId: integer('session_id').references(() => portalSessions.id),
    kind: varchar('kind', { length: 10, enum: ['CALLBACK', 'DISPUTE'] }).notNull(),
    status: varchar('status', { length: 10, enum: ['ABIERTO', 'RESUELTO'] })
      .notNull()
      .default('ABIERTO'),
    text: text('text'),
    callAt: instant('call_at'),
    phone: varchar('phone', { length: 40 }),
    /** DISPUTE: the document the debtor attached (a payment proof, a police report), if any. */
    documentId: integer('document_id').references(() => documents.id),
    createdAt: instant('created_at').notNull().defaultNow(),
    resolvedAt: instant('resolved_at'),
    resolvedBy: author('resolved_by'),
    resolution: text('resolution'),
  },
  (t) => [
    index('portal_requests_debt_idx').on(t.debtId, t.createdAt.desc()),
    // The open ones (the queue's and the contact rules' look-up).
    index('portal_requests_open_idx').on(t.debtId, t.kind).where(sql`${t.status} = 'ABIERTO'`),
    // One open dispute per debt: a second «no la reconozco» adds nothing.
    uniqueIndex('portal_requests_one_dispute')
      .on(t.debtId)
      .where(sql`${t.kind} = 'DISPUTE' AND ${t.status} = 'ABIERTO'`),
    check('portal_requests_kind', sql`${t.kind} IN ('CALLBACK', 'DISPUTE')`),
    check('portal_requests_status', sql`${t.status} IN ('ABIERTO', 'RESUELTO')`),
    check('portal_requests_callback', sql`(${t.kind} = 'CALLBACK') = (${t.callAt} IS NOT NULL)`),
    check('portal_requests_resolved', sql`(${t.status} = 'RESUELTO') = (${t.resolvedAt} IS NOT NULL)`),
  ],
);

/**
 * A payment the debtor started in the portal (DESIGN.md §11.3): what it pays (`kind`, `amount`), how
 * (Mercado Pago's checkout or a bank transfer quoting `reference`), and what became of it. The
 * gateway's approved payment is recorded once — `gatewayPaymentId` is unique — as a payment of the
 * ledger (`paymentId`, its id in /payments). PENDIENTE past `expiresAt` reads as VENCIDO.
 */
export const paymentIntents = pgTable(
  'payment_intents',
  {
    id: id(),
    /** Short and typeable: Mercado Pago's external_reference and the transfer's concept. */
    reference: varchar('reference', { length: 12 }).notNull(),
    debtId: integer('debt_id')
      .notNull()
      .references(() => debts.id),
    sessionId: integer('session_id').references(() => portalSessions.id),
    kind: varchar('kind', { length: 10, enum: PORTAL_PAY_KINDS }).notNull(),
    amount: money('amount').notNull(),
    channel: varchar('channel', { length: 13, enum: PAYMENT_CHANNELS }).notNull(),
    status: varchar('status', { length: 10, enum: PAYMENT_INTENT_STATUSES }).notNull().default('PENDIENTE'),
    preferenceId: varchar('preference_id', { length: 80 }),
    redirectUrl: text('redirect_url'),
    gatewayPaymentId: varchar('gateway_payment_id', { length: 40 }),
    /** The payment recorded for it (its id in /payments). */
    paymentId: integer('payment_id'),
    /** Why it is A_REVISAR or RECHAZADO, in Spanish. */
    note: text('note'),
    createdAt: instant('created_at').notNull().defaultNow(),
    expiresAt: instant('expires_at').notNull(),
    paidAt: instant('paid_at'),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_intents_reference_unique').on(t.reference),
    uniqueIndex('payment_intents_gateway_payment_unique')
      .on(t.gatewayPaymentId)
      .where(sql`${t.gatewayPaymentId} IS NOT NULL`),
    index('payment_intents_debt_idx').on(t.debtId, t.createdAt.desc()),
    check('payment_intents_amount_positive', sql`${t.amount} > 0`),
    check('payment_intents_kind', sql`${t.kind} IN ('TOTAL', 'NEXT_QUOTA', 'AMOUNT')`),
    check('payment_intents_channel', sql`${t.channel} IN ('MERCADOPAGO', 'TRANSFERENCIA')`),
    check(
      'payment_intents_status',
      sql`${t.status} IN ('PENDIENTE', 'APROBADO', 'RECHAZADO', 'VENCIDO', 'A_REVISAR')`,
    ),
  ],
);

/**
 * A debtor's acceptance of an offer in the portal: the evidence an electronic acceptance needs (Ley
 * 25.506 / 27.446: whoever relies on it must prove it; FIELD-NOTES.md) — the session that proved the
 * code and the DNI, where from and with what, when, and the exact terms PDF shown, with its SHA-256.
 */
export const offerAcceptances = pgTable(
  'offer_acceptances',
  {
    id: id(),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id),
    sessionId: integer('session_id')
      .notNull()
      .references(() => portalSessions.id),
    address: varchar('address', { length: 64 }),
    userAgent: varchar('user_agent', { length: 300 }),
    acceptedAt: instant('accepted_at').notNull().defaultNow(),
    termsSha256: char('terms_sha256', { length: 64 }).notNull(),
    termsPdf: bytea('terms_pdf').notNull(),
  },
  (t) => [uniqueIndex('offer_acceptances_offer_unique').on(t.offerId)],
);

/**
 * Every payment the gateway told us of that touched one of our intents, once (its id is unique): what
 * it said last and what we did. It is how a notification that comes again is recognised, a second
 * payment of one checkout is sent to staff instead of being lost, and a refund is noticed.
 */
export const gatewayPayments = pgTable('gateway_payments', {
  gatewayPaymentId: varchar('gateway_payment_id', { length: 40 }).primaryKey(),
  intentId: integer('intent_id')
    .notNull()
    .references(() => paymentIntents.id),
  /** The gateway's status when we last acted (approved, refunded, charged_back…). */
  status: varchar('status', { length: 20 }).notNull(),
  /** APROBADO: recorded in the ledger; A_REVISAR: left for staff. */
  outcome: varchar('outcome', { length: 10 }).notNull(),
  createdAt: instant('created_at').notNull().defaultNow(),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});
