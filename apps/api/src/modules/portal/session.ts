import {
  PORTAL_ACTOR_NAME,
  PORTAL_CODE_MAX_FAILURES,
  PORTAL_IDLE_MINUTES,
  PORTAL_MESSAGES,
  portalSessionCall,
  portalSessionEndCall,
} from '@cobranzas/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LoginThrottle } from '../../auth/throttle';
import { routeCall, writeAudit } from '../../crud';
import { rowsOf } from '../../db/bulk';
import type { Db } from '../../db/client';
import { portalSessions } from '../../db/schema';
import { HttpError } from '../../errors';
import { codeKey, isLinkToken, newToken, type PortalKeys, sameDni } from './codes';

/** Who is acting in the portal: the debtor of the session's link, and nobody else's data. */
export interface PortalActor {
  sessionId: number;
  linkId: number;
  debtorId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    portal: PortalActor;
  }
}

/**
 * The route options of every portal route behind the session: its guard, and a per-address limit on
 * top of the entrance's (a session cannot start checkouts or write the timeline without end).
 */
export const portalRoute = (db: Db, keys: PortalKeys, perMinute = 60) => ({
  config: { access: 'portal' as const, rateLimit: { max: perMinute, timeWindow: '1 minute' } },
  onRequest: portalGuard(db, keys),
});

/** How the audit log names a debtor's own action: no staff user, the portal and the debtor. */
export const portalAuditor = (actor: Pick<PortalActor, 'debtorId'>) => ({
  sub: null,
  name: `${PORTAL_ACTOR_NAME} (deudor ${actor.debtorId})`,
});

const bearer = (request: FastifyRequest) => {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
};

/**
 * The portal's guard, on every /api/portal route but the entrance: the Bearer token must be a
 * session not ended, seen in the last PORTAL_IDLE_MINUTES, whose link is neither revoked nor
 * expired. One statement checks it and marks the session seen. A staff token is no session: 401.
 */
export function portalGuard(db: Db, keys: PortalKeys) {
  return async (request: FastifyRequest) => {
    const token = bearer(request);
    if (!isLinkToken(token)) throw new HttpError(401, PORTAL_MESSAGES.sessionEnded);
    const [row] = rowsOf<{ session_id: number; link_id: number; debtor_id: number }>(
      await db.execute(sql`UPDATE portal_sessions s SET last_seen_at = now()
        FROM portal_links l
        WHERE s.token_hash = ${keys.hash(`session:${token}`)} AND l.id = s.link_id
          AND s.ended_at IS NULL AND s.last_seen_at > now() - make_interval(mins => ${PORTAL_IDLE_MINUTES})
          AND l.revoked_at IS NULL AND l.expires_at > now()
        RETURNING s.id AS session_id, l.id AS link_id, l.debtor_id`),
    );
    if (!row) throw new HttpError(401, PORTAL_MESSAGES.sessionEnded);
    request.portal = { sessionId: row.session_id, linkId: row.link_id, debtorId: row.debtor_id };
  };
}

/**
 * POST /api/portal/session: the code (the link's token or the letter's short code) and the DNI open
 * a session. An unknown, expired or revoked code and a wrong DNI get the same 401 after the same
 * work (one look-up, one constant-time comparison). Limits: per address (Fastify's rate limit,
 * PORTAL_RATE_LIMIT_PER_MINUTE) and per code (PORTAL_CODE_MAX_FAILURES wrong tries, then 15 minutes).
 * DELETE /api/portal/session ends it.
 */
export function portalSessionRoutes(
  app: FastifyInstance,
  db: Db,
  keys: PortalKeys,
  options: { ratePerMinute: number; throttle?: LoginThrottle },
) {
  const throttle =
    options.throttle ??
    new LoginThrottle({ maxFailures: PORTAL_CODE_MAX_FAILURES, windowMs: 15 * 60_000, maxKeys: 10_000 });

  routeCall(
    app,
    portalSessionCall,
    { config: { access: 'portal', rateLimit: { max: options.ratePerMinute, timeWindow: '1 minute' } } },
    async (request) => {
      const typed = codeKey(request.body.code);
      const lookup = isLinkToken(typed) ? keys.hash(`token:${typed}`) : keys.hash(`code:${typed}`);
      const wait = throttle.retryAfterSeconds(lookup);
      if (wait > 0)
        throw new HttpError(429, PORTAL_MESSAGES.tooManyTries, undefined, { 'retry-after': String(wait) });
      const column = isLinkToken(typed) ? sql.raw('l.token_hash') : sql.raw('l.code_hash');
      const [link] = rowsOf<{ id: number; debtor_id: number; dni: string; first_name: string }>(
        await db.execute(sql`SELECT l.id, l.debtor_id, d.dni, d.first_name
          FROM portal_links l JOIN debtors d ON d.id = l.debtor_id
          WHERE ${column} = ${lookup} AND l.revoked_at IS NULL AND l.expires_at > now()`),
      );
      if (!sameDni(keys, request.body.dni, link?.dni ?? null) || !link) {
        throttle.recordFailure(lookup);
        throw new HttpError(401, PORTAL_MESSAGES.denied);
      }
      throttle.reset(lookup);
      const token = newToken();
      await db.transaction(async (tx) => {
        const [session] = await tx
          .insert(portalSessions)
          .values({
            linkId: link.id,
            tokenHash: keys.hash(`session:${token}`),
            address: request.ip.slice(0, 64),
            userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
          })
          .returning();
        await tx.execute(sql`UPDATE portal_links SET last_used_at = now() WHERE id = ${link.id}`);
        await writeAudit(tx, portalAuditor({ debtorId: link.debtor_id }), {
          action: 'create',
          resource: 'portal-sessions',
          recordId: session?.id ?? null,
          before: null,
          after: { linkId: link.id, address: session?.address, userAgent: session?.userAgent },
        });
      });
      return { token, idleMinutes: PORTAL_IDLE_MINUTES, firstName: link.first_name };
    },
  );

  routeCall(app, portalSessionEndCall, portalRoute(db, keys), async (request, reply) => {
    await db.execute(sql`UPDATE portal_sessions SET ended_at = now() WHERE id = ${request.portal.sessionId}`);
    return reply.code(204).send();
  });
}
