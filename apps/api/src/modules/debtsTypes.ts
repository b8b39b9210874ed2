import { listQuerySchema, timestamps } from '@cobranzas/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client';
import { debtTypes } from '../db/schema';
import { crudModule } from './crud';

// Read-only until the debt types issue adds their schemas to packages/shared.
const debtTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  ...timestamps,
});

export function debtsTypesModule(app: FastifyInstance, db: Db) {
  crudModule(app, db, {
    resource: 'debts-types',
    label: 'tipos de deuda',
    table: debtTypes,
    operations: ['list', 'read'],
    schemas: { item: debtTypeSchema, listQuery: listQuerySchema(['id', 'name', 'createdAt']) },
    sortable: { id: debtTypes.id, name: debtTypes.name, createdAt: debtTypes.createdAt },
    search: [debtTypes.name, debtTypes.description],
  });
}
