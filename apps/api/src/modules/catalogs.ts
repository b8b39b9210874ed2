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
  eventTypeCreateSchema,
  eventTypeSchema,
  eventTypeUpdateSchema,
  MESSAGES,
} from '@cobranzas/shared';
import { eq, getTableColumns, getTableName, inArray, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { type CrudOptions, type CrudTable, crudModule, equals, type HookContext, writeAudit } from '../crud';
import type { Db } from '../db/client';
import {
  collectionTypes,
  debtTypes,
  embargoTypes,
  eventHistoryTypes,
  eventSubTypes,
  eventTypeOutcomes,
  eventTypes,
} from '../db/schema';
import { isFixedId } from '../db/seed';
import { badRequest, conflict } from '../errors';

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
    extra = {},
  }: {
    resource: ApiResource;
    label: string;
    table: CatalogTable;
    fixed?: boolean;
    /** What a catalog adds to the name + description (an event type's outcomes). */
    extra?: Pick<Partial<CrudOptions>, 'columns' | 'hooks'> & { schemas?: Partial<CrudOptions['schemas']> };
  },
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
      ...extra.schemas,
    },
    ...(extra.columns ? { columns: extra.columns } : {}),
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
      : (extra.hooks ?? {}),
  });
}

/**
 * An event type's admitted outcomes (issue 15), as its item's `outcomeIds`; written from the
 * create/update body's `outcomeIds` (the whole set) in the write's transaction.
 */
function eventTypeOutcomesExtra() {
  // The body's outcomeIds, from the before-hook to the after-write of the same transaction.
  const pending = new WeakMap<HookContext, number[]>();
  const take = (input: Record<string, unknown>, ctx: HookContext) => {
    const { outcomeIds, ...rest } = input;
    if (outcomeIds !== undefined) pending.set(ctx, [...new Set(outcomeIds as number[])]);
    return rest;
  };
  return {
    schemas: { item: eventTypeSchema, create: eventTypeCreateSchema, update: eventTypeUpdateSchema },
    columns: {
      ...getTableColumns(eventTypes),
      outcomeIds: sql<
        number[]
      >`coalesce((select json_agg(o.event_history_type_id order by o.event_history_type_id)
        from event_type_outcomes o where o.event_type_id = ${eventTypes.id}), '[]'::json)`.mapWith(
        (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value),
      ),
    },
    hooks: {
      beforeCreate: take,
      beforeUpdate: (input, _current, ctx) => take(input, ctx),
      async afterWrite(change, ctx) {
        const ids = pending.get(ctx);
        if (!ids || !change.after) return;
        const eventTypeId = change.after.id as number;
        if (ids.length > 0) {
          const found = await ctx.db
            .select({ id: eventHistoryTypes.id })
            .from(eventHistoryTypes)
            .where(inArray(eventHistoryTypes.id, ids));
          if (found.length !== ids.length) throw badRequest('outcomeIds', MESSAGES.eventHistoryTypesNotFound);
        }
        const removed = await ctx.db
          .delete(eventTypeOutcomes)
          .where(eq(eventTypeOutcomes.eventTypeId, eventTypeId))
          .returning({ id: eventTypeOutcomes.eventHistoryTypeId });
        if (ids.length > 0)
          await ctx.db
            .insert(eventTypeOutcomes)
            .values(ids.map((eventHistoryTypeId) => ({ eventTypeId, eventHistoryTypeId })));
        // The links are not columns of the row the generic audit keeps: their change gets its own entry.
        const before = removed.map((row) => row.id).sort((a, b) => a - b);
        const after = [...ids].sort((a, b) => a - b);
        if (before.join() !== after.join())
          await writeAudit(ctx.db, ctx.user, {
            action: 'update',
            resource: 'events-types',
            recordId: eventTypeId,
            before: { outcomeIds: before },
            after: { outcomeIds: after },
          });
      },
    } satisfies CrudOptions['hooks'],
  };
}

export function catalogsModule(app: FastifyInstance, db: Db) {
  // SPEC.md §4: 1 preventive, 2 extrajudicial, 3 judicial — what the screens' routes rely on.
  catalogModule(app, db, { resource: 'debts-types', label: 'tipos de deuda', table: debtTypes, fixed: true });
  catalogModule(app, db, {
    resource: 'collections-types',
    label: 'tipos de cobranza',
    table: collectionTypes,
  });
  catalogModule(app, db, {
    resource: 'events-types',
    label: 'tipos de evento',
    table: eventTypes,
    extra: eventTypeOutcomesExtra(),
  });
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
