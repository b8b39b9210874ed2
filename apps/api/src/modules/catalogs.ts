import {
  type ApiResource,
  catalogCreateSchema,
  catalogListQuerySchema,
  catalogSchema,
  catalogUpdateSchema,
  eventSubTypeCreateSchema,
  eventSubTypeListQuerySchema,
  eventSubTypeSchema,
  eventSubTypeUpdateSchema,
  MESSAGES,
} from '@cobranzas/shared';
import { eq, getTableColumns, getTableName } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { type CrudTable, crudModule, equals } from '../crud';
import type { Db } from '../db/client';
import {
  collectionTypes,
  debtTypes,
  embargoTypes,
  eventHistoryTypes,
  eventSubTypes,
  eventTypes,
} from '../db/schema';
import { isFixedId } from '../db/seed';
import { conflict } from '../errors';

type CatalogTable = CrudTable & { name: PgColumn; description: PgColumn; createdAt: PgColumn };

/** A name + description catalog; `fixed` protects the seeded ids 1–3 (debt types) from renames and deletes. */
function catalogModule(
  app: FastifyInstance,
  db: Db,
  {
    resource,
    label,
    table,
    fixed = false,
  }: { resource: ApiResource; label: string; table: CatalogTable; fixed?: boolean },
) {
  const uniqueName = `${getTableName(table)}_name_unique`;
  crudModule(app, db, {
    resource,
    label,
    table,
    schemas: {
      item: catalogSchema,
      listQuery: catalogListQuerySchema,
      create: catalogCreateSchema,
      update: catalogUpdateSchema,
    },
    sortable: { id: table.id, name: table.name, createdAt: table.createdAt },
    search: [table.name, table.description],
    unique: { [uniqueName]: { field: 'name', message: MESSAGES.nameTaken } },
    hooks: fixed
      ? {
          beforeUpdate(input, current) {
            const renames = input.name !== undefined && input.name !== current.name;
            if (isFixedId(current.id as number) && renames) throw conflict(MESSAGES.fixedRecord);
            return input;
          },
          beforeDelete(current) {
            if (isFixedId(current.id as number)) throw conflict(MESSAGES.fixedRecord);
          },
        }
      : {},
  });
}

export function catalogsModule(app: FastifyInstance, db: Db) {
  // SPEC.md §4: 1 preventive, 2 extrajudicial, 3 judicial — what the screens' routes rely on.
  catalogModule(app, db, { resource: 'debts-types', label: 'tipos de deuda', table: debtTypes, fixed: true });
  catalogModule(app, db, {
    resource: 'collections-types',
    label: 'tipos de cobranza',
    table: collectionTypes,
  });
  catalogModule(app, db, { resource: 'events-types', label: 'tipos de evento', table: eventTypes });
  catalogModule(app, db, {
    resource: 'events-history-types',
    label: 'resultados de contacto',
    table: eventHistoryTypes,
  });
  catalogModule(app, db, { resource: 'embargos-type', label: 'tipos de embargo', table: embargoTypes });

  crudModule(app, db, {
    resource: 'eventsSubTypes',
    label: 'subtipos de evento',
    table: eventSubTypes,
    schemas: {
      item: eventSubTypeSchema,
      listQuery: eventSubTypeListQuerySchema,
      create: eventSubTypeCreateSchema,
      update: eventSubTypeUpdateSchema,
    },
    columns: { ...getTableColumns(eventSubTypes), eventTypeName: eventTypes.name },
    joins: [{ table: eventTypes, on: eq(eventSubTypes.eventTypeId, eventTypes.id) }],
    sortable: { id: eventSubTypes.id, name: eventSubTypes.name, createdAt: eventSubTypes.createdAt },
    search: [eventSubTypes.name],
    filters: { eventTypeId: equals(eventSubTypes.eventTypeId) },
    unique: { event_sub_types_type_name_unique: { field: 'name', message: MESSAGES.nameTaken } },
    references: { eventTypeId: MESSAGES.eventTypeNotFound },
  });
}
