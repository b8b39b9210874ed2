import {
  collectionsTypesResource,
  debtsTypesResource,
  embargosTypeResource,
  eventsHistoryTypesResource,
  eventsSubTypesResource,
  eventsTypesResource,
  MESSAGES,
} from '@cobranzas/shared';
import { eq, getTableColumns, getTableName, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type CrudHooks, crudModule, equals, type HookContext, writeAudit } from '../../crud';
import type { Db } from '../../db/client';
import {
  type catalogTable,
  collectionTypes,
  debtTypes,
  embargoTypes,
  eventHistoryTypes,
  eventSubTypes,
  eventTypeOutcomes,
  eventTypes,
} from '../../db/schema';
import { isFixedId } from '../../db/seed';
import { badRequest, conflict } from '../../errors';

/** Any of the name + description catalog tables (db/tables/catalogs.ts builds them alike). */
type CatalogTable = ReturnType<typeof catalogTable<string>>;

/** What every name + description catalog serves alike: its table, order, search and unique name. */
export const catalogParts = (table: CatalogTable) => ({
  table,
  sortable: { id: table.id, name: table.name, createdAt: table.createdAt },
  search: [table.name, table.description],
  unique: { [`${getTableName(table)}_name_unique`]: { field: 'name', message: MESSAGES.nameTaken } },
});

/** SPEC.md §4: debt types 1–3 (the stages) are what the screens' routes rely on. */
const fixedIds: CrudHooks<typeof debtsTypesResource, CatalogTable> = {
  beforeUpdate(input, current) {
    const renames = input.name !== undefined && input.name !== current.name;
    if (isFixedId(current.id) && renames) throw conflict(MESSAGES.fixedRecord);
    return input;
  },
  beforeDelete(current) {
    if (isFixedId(current.id)) throw conflict(MESSAGES.fixedRecord);
  },
};

/**
 * An event type's admitted outcomes (issue 15), as its item's `outcomeIds`; written from the
 * create/update body's `outcomeIds` (the whole set) in the write's transaction.
 */
function eventTypeOutcomesExtra() {
  // The body's outcomeIds, from the before-hook to the after-write of the same transaction.
  const pending = new WeakMap<HookContext, number[]>();
  const take = <I extends { outcomeIds?: number[] | undefined }>(
    { outcomeIds, ...rest }: I,
    ctx: HookContext,
  ) => {
    if (outcomeIds !== undefined) pending.set(ctx, [...new Set(outcomeIds)]);
    return rest;
  };
  const hooks: CrudHooks<typeof eventsTypesResource, CatalogTable> = {
    beforeCreate: take,
    beforeUpdate: (input, _current, ctx) => take(input, ctx),
    async afterWrite(change, ctx) {
      const ids = pending.get(ctx);
      if (!ids || !change.after) return;
      const eventTypeId = change.after.id;
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
  };
  return {
    columns: {
      ...getTableColumns(eventTypes),
      outcomeIds: sql<
        number[]
      >`coalesce((select json_agg(o.event_history_type_id order by o.event_history_type_id)
        from event_type_outcomes o where o.event_type_id = ${eventTypes.id}), '[]'::json)`.mapWith(
        (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value),
      ),
    },
    hooks,
  };
}

export function catalogsModule(app: FastifyInstance, db: Db) {
  crudModule(app, db, { definition: debtsTypesResource, ...catalogParts(debtTypes), hooks: fixedIds });
  crudModule(app, db, { definition: collectionsTypesResource, ...catalogParts(collectionTypes) });
  crudModule(app, db, {
    definition: eventsTypesResource,
    ...catalogParts(eventTypes),
    ...eventTypeOutcomesExtra(),
  });
  crudModule(app, db, { definition: eventsHistoryTypesResource, ...catalogParts(eventHistoryTypes) });
  crudModule(app, db, { definition: embargosTypeResource, ...catalogParts(embargoTypes) });

  crudModule(app, db, {
    definition: eventsSubTypesResource,
    table: eventSubTypes,
    columns: { ...getTableColumns(eventSubTypes), eventTypeName: eventTypes.name },
    joins: [{ table: eventTypes, on: eq(eventSubTypes.eventTypeId, eventTypes.id) }],
    sortable: { id: eventSubTypes.id, name: eventSubTypes.name, createdAt: eventSubTypes.createdAt },
    search: [eventSubTypes.name],
    filters: { eventTypeId: equals(eventSubTypes.eventTypeId) },
    unique: { event_sub_types_type_name_unique: { field: 'name', message: MESSAGES.nameTaken } },
    references: { eventTypeId: MESSAGES.eventTypeNotFound },
  });
}
