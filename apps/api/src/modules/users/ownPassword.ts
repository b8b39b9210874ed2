import { MESSAGES, ownPasswordCall } from '@cobranzas/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { LoginThrottle } from '../../auth/throttle';
import { routeCall, writeAudit } from '../../crud';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { badRequest, HttpError } from '../../errors';

/**
 * POST /api/me/password (issue 32): whoever is signed in, any role, changes their own password by
 * proving the current one. Wrong tries count per user like failed logins (a stolen session must not
 * guess the password it would need elsewhere); the change is audited without either password.
 */
export function ownPasswordRoute(app: FastifyInstance, db: Db) {
  const throttle = new LoginThrottle();
  routeCall(app, ownPasswordCall, { config: { access: 'authenticated' } }, async (request, reply) => {
    const { user } = request;
    const { currentPassword, newPassword } = request.body;
    const key = `own-password|${user.sub}`;
    const wait = throttle.retryAfterSeconds(key);
    if (wait > 0)
      throw new HttpError(429, MESSAGES.tooManyAttempts, undefined, { 'retry-after': String(wait) });
    const [row] = await db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, user.sub));
    if (!(await verifyPassword(row?.passwordHash ?? null, currentPassword))) {
      throttle.recordFailure(key);
      throw badRequest('currentPassword', MESSAGES.currentPasswordWrong);
    }
    throttle.reset(key);
    const passwordHash = await hashPassword(newPassword);
    await db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, user.sub));
      await writeAudit(tx, user, {
        action: 'update',
        resource: 'users',
        recordId: user.sub,
        before: null,
        after: { passwordChangedBy: 'el propio usuario' },
      });
    });
    return reply.code(204).send(null);
  });
}
