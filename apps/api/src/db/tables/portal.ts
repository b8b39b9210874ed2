import { sql } from 'drizzle-orm';
import { char, check, index, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { id, instant } from './columns';
import { debtors } from './debtors';
import { debts } from './debts';
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
