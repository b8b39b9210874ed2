import {
  formatShortCode,
  PORTAL_LINK_DAYS_DEFAULT,
  PORTAL_MESSAGES,
  type PortalLink,
  type PortalLinkCreated,
  portalLinkCreateCall,
  portalLinkRevokeCall,
  portalLinksCall,
  type TokenPayload,
} from '@cobranzas/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { type Executor, routeCall, toJson, writeAudit } from '../../crud';
import type { Db } from '../../db/client';
import { debtors, portalLinks, users } from '../../db/schema';
import { conflict, HttpError, notFound } from '../../errors';
import { newShortCode, newToken, type PortalKeys } from './codes';

const creator = alias(users, 'creator');
const revoker = alias(users, 'revoker');

/** A debtor's links as staff see them, newest first (`linkId`: just that one). */
async function readLinks(db: Executor, debtorId: number, linkId?: number): Promise<PortalLink[]> {
  const rows = await db
    .select({
      id: portalLinks.id,
      debtorId: portalLinks.debtorId,
      status: sql<PortalLink['status']>`CASE WHEN ${portalLinks.revokedAt} IS NOT NULL THEN 'REVOCADO'
        WHEN ${portalLinks.expiresAt} <= now() THEN 'VENCIDO' ELSE 'VIGENTE' END`,
      expiresAt: portalLinks.expiresAt,
      createdAt: portalLinks.createdAt,
      createdByName: creator.name,
      revokedAt: portalLinks.revokedAt,
      revokedByName: revoker.name,
      lastUsedAt: portalLinks.lastUsedAt,
    })
    .from(portalLinks)
    .leftJoin(creator, eq(creator.id, portalLinks.createdBy))
    .leftJoin(revoker, eq(revoker.id, portalLinks.revokedBy))
    .where(
      and(eq(portalLinks.debtorId, debtorId), linkId === undefined ? undefined : eq(portalLinks.id, linkId)),
    )
    .orderBy(desc(portalLinks.id));
  return rows.map((row) => toJson<PortalLink>(row));
}

async function assertDebtor(db: Executor, debtorId: number) {
  const [debtor] = await db.select({ id: debtors.id }).from(debtors).where(eq(debtors.id, debtorId));
  if (!debtor) throw notFound();
}

/** Makes a link for a debtor: its URL and short code, answered once; kept only as HMACs, audited. */
export type PortalLinkMaker = (
  debtorId: number,
  user: TokenPayload,
  days?: number,
) => Promise<PortalLinkCreated>;

export function portalLinkMaker(db: Db, keys: PortalKeys, publicUrl: string): PortalLinkMaker {
  return async (debtorId, user, days = PORTAL_LINK_DAYS_DEFAULT) => {
    const token = newToken();
    const code = newShortCode();
    const expiresAt = new Date(Date.now() + days * 24 * 3_600_000);
    const link = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(portalLinks)
        .values({
          debtorId,
          tokenHash: keys.hash(`token:${token}`),
          codeHash: keys.hash(`code:${code}`),
          expiresAt,
          createdBy: user.sub,
        })
        .returning();
      if (!row) throw new Error('insert returned no row');
      const { tokenHash: _token, codeHash: _code, ...kept } = row;
      await writeAudit(tx, user, {
        action: 'create',
        resource: 'portal-links',
        recordId: row.id,
        before: null,
        after: kept,
      });
      return row;
    });
    // In the fragment: a browser never sends it to a server, nor in a Referer header.
    return {
      id: link.id,
      url: `${publicUrl}/pagar#${token}`,
      code: formatShortCode(code),
      expiresAt: link.expiresAt.toISOString(),
    };
  };
}

/**
 * Staff open and close a debtor's door (DESIGN.md §11.3; guarded as the debtors resource: ADMIN and
 * GENERAL, never a CLIENTE). A new link's URL and short code are answered once and kept only hashed:
 * a lost one is revoked and a new one made.
 */
export function portalLinkRoutes(app: FastifyInstance, db: Db, keys: PortalKeys, publicUrl: string) {
  const make = portalLinkMaker(db, keys, publicUrl);
  routeCall(app, portalLinkCreateCall, {}, async (request) => {
    await assertDebtor(db, request.params.id);
    return make(request.params.id, request.user, request.body.days);
  });

  routeCall(app, portalLinksCall, {}, async (request) => {
    await assertDebtor(db, request.params.id);
    return { data: await readLinks(db, request.params.id) };
  });

  routeCall(app, portalLinkRevokeCall, {}, async (request) => {
    const { id: debtorId, linkId } = request.params;
    return db.transaction(async (tx) => {
      const [link] = await tx
        .select()
        .from(portalLinks)
        .where(and(eq(portalLinks.id, linkId), eq(portalLinks.debtorId, debtorId)))
        .for('update');
      if (!link) throw new HttpError(404, PORTAL_MESSAGES.linkNotFound);
      if (link.revokedAt) throw conflict(PORTAL_MESSAGES.linkRevoked);
      const [after] = await tx
        .update(portalLinks)
        .set({ revokedAt: new Date(), revokedBy: request.user.sub })
        .where(eq(portalLinks.id, linkId))
        .returning();
      const hide = <T extends { tokenHash: string; codeHash: string }>({
        tokenHash: _t,
        codeHash: _c,
        ...rest
      }: T) => rest;
      await writeAudit(tx, request.user, {
        action: 'update',
        resource: 'portal-links',
        recordId: linkId,
        before: hide(link),
        after: after ? hide(after) : null,
      });
      const [read] = await readLinks(tx, debtorId, linkId);
      if (!read) throw new Error('revoked link vanished');
      return read;
    });
  });
}
