import {
  type ApiResource,
  errorResponseSchema,
  idParamsSchema,
  listResponseSchema,
  MESSAGES,
  type TokenPayload,
} from '@cobranzas/shared';
import { and, asc, count, desc, eq, getTableColumns, ilike, or, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/client';
import { conflict, foreignKeyField, HttpError, notFound, pgErrorOf } from '../errors';

export type Row = Record<string, unknown>;
export type Operation = 'list' | 'read' | 'create' | 'update' | 'delete';
export interface HookContext {
  db: Db;
  user: TokenPayload;
}

/** A table the factory can serve: an integer `id` primary key and an `updated_at` column. */
export type CrudTable = PgTable & { id: PgColumn; updatedAt: PgColumn };

type ListQuery = { page: number; limit: number; sort?: string; order: 'asc' | 'desc'; q?: string } & Row;

export interface CrudOptions {
  /** URL segment under /api; also the key of RESOURCE_SUBJECTS that guards it. */
  resource: ApiResource;
  table: CrudTable;
  /** Spanish name for the API docs. */
  label: string;
  schemas: {
    item: z.ZodObject;
    listQuery: z.ZodType<ListQuery, Row>;
    create?: z.ZodType<Row>;
    update?: z.ZodType<Row>;
  };
  /** Columns of each item; may reach into joined tables. Default: every column of the table. */
  columns?: SelectedFields;
  joins?: { table: PgTable; on: SQL }[];
  /** The listQuery's `sort` values → what to order by. The first is the default. */
  sortable: Record<string, PgColumn>;
  /** Columns that `q` searches with ILIKE. */
  search?: PgColumn[];
  /** Typed list filters: query parameter → condition for its parsed value. */
  filters?: Record<string, (value: never) => SQL>;
  /** Unique index name → the field and Spanish message of a 409. */
  unique?: Record<string, { field: string; message: string }>;
  /** Foreign-key field → Spanish message when the referenced record does not exist (400). */
  references?: Record<string, string>;
  operations?: Operation[];
  hooks?: {
    /** Validates and turns the parsed body into the row to insert. */
    beforeCreate?(input: Row, ctx: HookContext): Promise<Row> | Row;
    /** `input` has only the fields the client sent; `current` is the stored row. */
    beforeUpdate?(input: Row, current: Row, ctx: HookContext): Promise<Row> | Row;
    beforeDelete?(current: Row, ctx: HookContext): Promise<void> | void;
  };
}

/** Equality filter for a list query parameter. */
export const equals = (column: PgColumn) => (value: never) => eq(column, value);

/** `%` and `_` typed by the user are literal characters, not wildcards. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** JSON of a row: instants as ISO 8601 UTC (DESIGN.md §7). */
function toJson(row: Row): Row {
  const out: Row = {};
  for (const [key, value] of Object.entries(row))
    out[key] = value instanceof Date ? value.toISOString() : value;
  return out;
}

/** Keys present in each PATCH body: the zod schemas fill defaults that a partial update must not write. */
const sentKeys = new WeakMap<FastifyRequest, Set<string>>();

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

/**
 * Registers list/read/create/update/delete for one resource with the conventions of DESIGN.md §7.
 * Resources differ only in the options: schemas, sortable and searchable columns, filters, hooks.
 */
export function crudModule(app: FastifyInstance, db: Db, options: CrudOptions) {
  const { table, schemas, hooks = {} } = options;
  const operations = new Set(options.operations ?? ['list', 'read', 'create', 'update', 'delete']);
  const columns = options.columns ?? getTableColumns(table);
  const base = `/api/${options.resource}`;
  const docs = { tags: [options.label], security: [{ bearerAuth: [] }] };
  const api = app.withTypeProvider<ZodTypeProvider>();

  const selectFrom = <S extends SelectedFields>(fields: S) => {
    let query = db.select(fields).from(table).$dynamic();
    // Joined columns only appear through `fields`, so the joins need not change the query's type.
    for (const join of options.joins ?? [])
      query = query.leftJoin(join.table, join.on) as unknown as typeof query;
    return query;
  };

  const readOne = async (id: number) => {
    const [row] = await selectFrom(columns).where(eq(table.id, id));
    if (!row) throw notFound();
    return toJson(row);
  };

  const storedRow = async (id: number): Promise<Row> => {
    const [row] = await db.select().from(table).where(eq(table.id, id));
    if (!row) throw notFound();
    return row;
  };

  /** Unique and foreign-key violations of a write, as the Spanish 409/400 of DESIGN.md §7. */
  const writeError = (error: unknown) => {
    const pg = pgErrorOf(error);
    if (pg?.code === '23505') {
      const known = options.unique?.[pg.constraint ?? ''];
      return known
        ? conflict(known.message, { [known.field]: [known.message] })
        : conflict(MESSAGES.conflict);
    }
    if (pg?.code === '23503') {
      const field = foreignKeyField(pg) ?? 'id';
      const message = options.references?.[field] ?? MESSAGES.notFound;
      return new HttpError(400, MESSAGES.invalidInput, { [field]: [message] });
    }
    return error;
  };

  const context = (request: FastifyRequest): HookContext => ({ db, user: request.user });

  if (operations.has('list')) {
    api.get(
      base,
      {
        schema: {
          ...docs,
          summary: `Listar ${options.label}`,
          querystring: schemas.listQuery,
          response: { 200: listResponseSchema(schemas.item), ...errors },
        },
      },
      async (request) => {
        const { page, limit, sort, order, q, ...rest } = request.query;
        const conditions: (SQL | undefined)[] = [];
        if (q && options.search?.length) {
          const pattern = `%${escapeLike(q)}%`;
          conditions.push(or(...options.search.map((column) => ilike(column, pattern))));
        }
        for (const [name, filter] of Object.entries(options.filters ?? {})) {
          if (rest[name] !== undefined) conditions.push(filter(rest[name] as never));
        }
        const where = and(...conditions);
        const sortColumn = options.sortable[sort ?? ''] ?? Object.values(options.sortable)[0] ?? table.id;
        const [rows, totals] = await Promise.all([
          selectFrom(columns)
            .where(where)
            .orderBy(order === 'desc' ? desc(sortColumn) : asc(sortColumn), asc(table.id))
            .limit(limit)
            .offset((page - 1) * limit),
          selectFrom({ total: count() }).where(where),
        ]);
        return { data: rows.map(toJson), total: totals[0]?.total ?? 0, page, limit };
      },
    );
  }

  if (operations.has('read')) {
    api.get(
      `${base}/:id`,
      {
        schema: {
          ...docs,
          summary: `Ver ${options.label}`,
          params: idParamsSchema,
          response: { 200: schemas.item, ...errors },
        },
      },
      async (request) => readOne(request.params.id),
    );
  }

  if (operations.has('create') && schemas.create) {
    api.post(
      base,
      {
        schema: {
          ...docs,
          summary: `Crear ${options.label}`,
          body: schemas.create,
          response: { 201: schemas.item, ...errors },
        },
      },
      async (request, reply) => {
        const values = hooks.beforeCreate
          ? await hooks.beforeCreate(request.body, context(request))
          : request.body;
        const inserted = await db
          .insert(table)
          .values(values)
          .returning({ id: table.id })
          .catch((error: unknown) => {
            throw writeError(error);
          });
        return reply.code(201).send(await readOne(inserted[0]?.id as number));
      },
    );
  }

  if (operations.has('update') && schemas.update) {
    api.patch(
      `${base}/:id`,
      {
        schema: {
          ...docs,
          summary: `Modificar ${options.label}`,
          params: idParamsSchema,
          body: schemas.update,
          response: { 200: schemas.item, ...errors },
        },
        preValidation: async (request) => {
          const body = request.body;
          sentKeys.set(request, new Set(body && typeof body === 'object' ? Object.keys(body) : []));
        },
      },
      async (request) => {
        const { id } = request.params;
        const sent = sentKeys.get(request) ?? new Set();
        const input = Object.fromEntries(Object.entries(request.body).filter(([key]) => sent.has(key)));
        const current = await storedRow(id);
        const values = hooks.beforeUpdate
          ? await hooks.beforeUpdate(input, current, context(request))
          : input;
        await db
          .update(table)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(table.id, id))
          .catch((error: unknown) => {
            throw writeError(error);
          });
        return readOne(id);
      },
    );
  }

  if (operations.has('delete')) {
    api.delete(
      `${base}/:id`,
      {
        schema: {
          ...docs,
          summary: `Eliminar ${options.label}`,
          params: idParamsSchema,
          response: { 204: z.null().describe('Eliminado'), ...errors },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const current = await storedRow(id);
        await hooks.beforeDelete?.(current, context(request));
        // A record still referenced fails with 23503: the error handler answers 409 'en uso'.
        await db.delete(table).where(eq(table.id, id));
        return reply.code(204).send(null);
      },
    );
  }
}
