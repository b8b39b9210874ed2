import { MESSAGES, usersResource } from '@cobranzas/shared';
import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../../auth/passwords';
import { crudModule, type Executor, equals } from '../../crud';
import type { Db } from '../../db/client';
import { auditLog, companies, users, userTypes } from '../../db/schema';
import { badRequest, conflict } from '../../errors';
import { ownPasswordRoute } from './ownPassword';

async function roleOf(db: Db, userTypeId: number) {
  const [type] = await db
    .select({ role: userTypes.role })
    .from(userTypes)
    .where(eq(userTypes.id, userTypeId));
  if (!type) throw badRequest('userTypeId', MESSAGES.userTypeNotFound);
  return type.role;
}

/** A CLIENTE belongs to a company (DESIGN.md §8); staff never do, so theirs is cleared. */
async function companyFor(db: Db, userTypeId: number, companyId: number | null) {
  if ((await roleOf(db, userTypeId)) !== 'CLIENTE') return null;
  if (companyId === null) throw badRequest('companyId', MESSAGES.companyRequiredForClient);
  return companyId;
}

/** Any constant of its own: the key of the lock that serialises changes to the set of admins. */
const ADMIN_SET_LOCK = 728_014_014;

/**
 * Refuses (409) a write that would leave no active ADMIN: the one that demotes, deactivates or deletes
 * user `userId`, or takes the ADMIN role away from user type `userTypeId`. Call it in the write's
 * transaction, before the write.
 *
 * Two such writes at once (the last two admins demoting each other) must not both see the other
 * still there. Each already holds its own row (the crud lock), so locking every admin row FOR UPDATE
 * would deadlock them; instead a transaction-level advisory lock lets one check-and-write at a time,
 * and under READ COMMITTED the count after the wait sees what the other committed.
 */
export async function keepAnAdmin(db: Executor, without: { userId?: number; userTypeId?: number }) {
  await lockAdminSet(db);
  const [others] = await db
    .select({ n: count() })
    .from(users)
    .innerJoin(userTypes, eq(users.userTypeId, userTypes.id))
    .where(
      and(
        eq(userTypes.role, 'ADMIN'),
        eq(users.active, true),
        without.userId === undefined ? undefined : ne(users.id, without.userId),
        without.userTypeId === undefined ? undefined : ne(users.userTypeId, without.userTypeId),
      ),
    );
  if ((others?.n ?? 0) === 0) throw conflict(MESSAGES.lastAdmin);
}

/**
 * Takes the lock of the set of admins (held until commit; taking it again is a no-op). Take it
 * before reading any role a check depends on: a user type's role changed by a concurrent write is
 * then read as committed, not as it was (moving an admin into a type whose role is being taken away).
 */
export async function lockAdminSet(db: Executor) {
  await db.execute(sql`SELECT pg_advisory_xact_lock(${ADMIN_SET_LOCK})`);
}

/** An active user whose type has the ADMIN role. */
async function isActiveAdmin(db: Executor, userTypeId: number, active: boolean) {
  return active && (await roleOf(db, userTypeId)) === 'ADMIN';
}

/**
 * Whether the user's name is on the trail (audit entries they wrote). Their payments, events,
 * observations, tasks, documents and assigned debts are foreign keys: those make the delete itself
 * fail (23503, answered with the same message).
 */
async function wroteAudit(db: Executor, userId: number) {
  const [row] = await db.select({ one: sql`1` }).from(auditLog).where(eq(auditLog.userId, userId)).limit(1);
  return row !== undefined;
}

/**
 * A PATCH's columns: a new password only as its argon2id hash.
 * Trimmed like the login form trims it (SPEC.md §4), or a password with edge spaces could never match.
 */
async function withHash<I extends { password?: string }>({ password, ...rest }: I) {
  return password === undefined ? rest : { ...rest, passwordHash: await hashPassword(password.trim()) };
}

export function usersModule(app: FastifyInstance, db: Db) {
  ownPasswordRoute(app, db);
  crudModule(app, db, {
    definition: usersResource,
    table: users,
    // Never the password hash: responses are built from these columns only.
    columns: {
      id: users.id,
      name: users.name,
      alias: users.alias,
      email: users.email,
      userTypeId: users.userTypeId,
      userTypeName: userTypes.name,
      role: userTypes.role,
      companyId: users.companyId,
      companyName: companies.name,
      active: users.active,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
    },
    joins: [
      { table: userTypes, on: eq(users.userTypeId, userTypes.id) },
      { table: companies, on: eq(users.companyId, companies.id) },
    ],
    sortable: { name: users.name, id: users.id, alias: users.alias, createdAt: users.createdAt },
    search: [users.name, users.alias, users.email],
    filters: {
      userTypeId: equals(users.userTypeId),
      companyId: equals(users.companyId),
      role: equals(userTypes.role),
      active: equals(users.active),
    },
    unique: { users_alias_unique: { field: 'alias', message: MESSAGES.aliasTaken } },
    references: { companyId: MESSAGES.companyNotFound, userTypeId: MESSAGES.userTypeNotFound },
    // Someone's work on record (payments, events…) keeps them: deactivate instead (migration 0007).
    inUse: MESSAGES.userHasHistory,
    hooks: {
      async beforeCreate(input, { db }) {
        const companyId = await companyFor(db, input.userTypeId, input.companyId);
        const { password, ...rest } = input;
        return { ...rest, companyId, passwordHash: await hashPassword(password.trim()) };
      },
      async beforeUpdate(input, current, { db }) {
        // The user as they will be: what was sent over what is stored.
        const next = { ...current, ...input };
        if (input.userTypeId !== undefined || input.companyId !== undefined)
          input = { ...input, companyId: await companyFor(db, next.userTypeId, next.companyId) };
        const mayStopBeingAdmin = input.userTypeId !== undefined || input.active !== undefined;
        if (mayStopBeingAdmin) await lockAdminSet(db);
        if (
          mayStopBeingAdmin &&
          (await isActiveAdmin(db, current.userTypeId, current.active)) &&
          !(await isActiveAdmin(db, next.userTypeId, next.active))
        )
          await keepAnAdmin(db, { userId: current.id });
        return withHash(input);
      },
      async beforeDelete(current, { db, user }) {
        if (current.id === user.sub) throw conflict(MESSAGES.cannotDeleteSelf);
        await lockAdminSet(db);
        if (await isActiveAdmin(db, current.userTypeId, current.active))
          await keepAnAdmin(db, { userId: current.id });
        if (await wroteAudit(db, current.id)) throw conflict(MESSAGES.userHasHistory);
      },
    },
  });
}
