import { MESSAGES, usersTypesResource } from '@cobranzas/shared';
import type { FastifyInstance } from 'fastify';
import { crudModule, equals } from '../../crud';
import type { Db } from '../../db/client';
import { userTypes } from '../../db/schema';
import { isFixedId } from '../../db/seed';
import { conflict } from '../../errors';
import { keepAnAdmin } from '../users';

export function usersTypesModule(app: FastifyInstance, db: Db) {
  crudModule(app, db, {
    definition: usersTypesResource,
    table: userTypes,
    sortable: {
      id: userTypes.id,
      name: userTypes.name,
      role: userTypes.role,
      createdAt: userTypes.createdAt,
    },
    search: [userTypes.name, userTypes.description],
    filters: { role: equals(userTypes.role) },
    unique: { user_types_name_unique: { field: 'name', message: MESSAGES.userTypeTaken } },
    hooks: {
      // ADMIN, GENERAL and CLIENTE (ids 1–3) are what the permission rules are written against.
      async beforeUpdate(input, current, { db }) {
        const renames = input.name !== undefined && input.name !== current.name;
        const changesRole = input.role !== undefined && input.role !== current.role;
        if (isFixedId(current.id) && (renames || changesRole)) throw conflict(MESSAGES.fixedRecord);
        // Its users stop being administrators: someone else must still be one.
        if (changesRole && current.role === 'ADMIN') await keepAnAdmin(db, { userTypeId: current.id });
        return input;
      },
      beforeDelete(current) {
        if (isFixedId(current.id)) throw conflict(MESSAGES.fixedRecord);
      },
    },
  });
}
