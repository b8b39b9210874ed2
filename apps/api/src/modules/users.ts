import {
  MESSAGES,
  userCreateSchema,
  userListQuerySchema,
  userSchema,
  userUpdateSchema,
} from '@cobranzas/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../auth/passwords';
import { crudModule, equals, type Row } from '../crud';
import type { Db } from '../db/client';
import { companies, users, userTypes } from '../db/schema';
import { badRequest, conflict } from '../errors';

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

/**
 * The stored columns of a user from a parsed body: the password only as its argon2id hash.
 * Trimmed like the login form trims it (SPEC.md §4), or a password with edge spaces could never match.
 */
async function toRow({ password, ...rest }: Row): Promise<Row> {
  if (password === undefined) return rest;
  return { ...rest, passwordHash: await hashPassword((password as string).trim()) };
}

export function usersModule(app: FastifyInstance, db: Db) {
  crudModule(app, db, {
    resource: 'users',
    label: 'usuarios',
    table: users,
    schemas: {
      item: userSchema,
      listQuery: userListQuerySchema,
      create: userCreateSchema,
      update: userUpdateSchema,
    },
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
    hooks: {
      async beforeCreate(input, { db }) {
        const companyId = await companyFor(db, input.userTypeId as number, input.companyId as number | null);
        return toRow({ ...input, companyId });
      },
      async beforeUpdate(input, current, { db }) {
        if (input.userTypeId !== undefined || input.companyId !== undefined) {
          const userTypeId = (input.userTypeId ?? current.userTypeId) as number;
          const companyId = (input.companyId !== undefined ? input.companyId : current.companyId) as
            | number
            | null;
          input = { ...input, companyId: await companyFor(db, userTypeId, companyId) };
        }
        return toRow(input);
      },
      beforeDelete(current, { user }) {
        if (current.id === user.sub) throw conflict(MESSAGES.cannotDeleteSelf);
      },
    },
  });
}
