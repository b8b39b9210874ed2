import { type ListResponse, MESSAGES, type TokenPayload } from '@cobranzas/shared';
import { and, asc, count, desc, eq, getTableColumns, ilike, or, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { conflict, foreignKeyField, HttpError, notFound, pgErrorOf } from '../errors';
import { writeAudit } from './audit';
import type { CrudOptions, Executor, HookContext, ListQuery, Row } from './types';

/** `%` and `_` typed by the user are literal characters, not wildcards. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * JSON of a row: instants as ISO 8601 UTC (DESIGN.md §7). Typed as what the caller's response
 * schema expects (T is inferred from the route): the serializer validates it against that schema.
 */
export function toJson<T = Row>(row: object): T {
  const out: Row = {};
  for (const [key, value] of Object.entries(row))
    out[key] = value instanceof Date ? value.toISOString() : value;
  return out as T;
}

export type CrudService = ReturnType<typeof crudService>;

/**
 * The queries and transactional writes of one resource, shared by its generic routes and by any
 * extra call (e.g. GET /debts/dni/{dni} lists debts through `list` with one more condition).
 */
export function crudService(db: Db, options: CrudOptions) {
  const { table, hooks = {} } = options;
  const columns = options.columns ?? getTableColumns(table);
  const scopeOf = (user: TokenPayload) => options.scope?.(user);

  const selectFrom = <S extends SelectedFields>(executor: Executor, fields: S) => {
    let query = executor.select(fields).from(table).$dynamic();
    // Joined columns only appear through `fields`, so the joins need not change the query's type.
    for (const join of options.joins ?? [])
      query = query.leftJoin(join.table, join.on) as unknown as typeof query;
    return query;
  };

  /** One item as the API answers it (with its joins), or 404 when missing or out of scope. */
  async function read<T = Row>(id: number, user: TokenPayload, executor: Executor = db): Promise<T> {
    const [row] = await selectFrom(executor, columns).where(and(eq(table.id, id), scopeOf(user)));
    if (!row) throw notFound();
    return toJson<T>(row);
  }

  /** The stored row, locked for the rest of the transaction so before/after images are exact. */
  async function lockRow(tx: Executor, id: number, user: TokenPayload): Promise<Row> {
    const [row] = await tx
      .select()
      .from(table)
      .where(and(eq(table.id, id), scopeOf(user)))
      .for('no key update');
    if (!row) throw notFound();
    return row;
  }

  async function list<T = Row>(
    query: ListQuery,
    user: TokenPayload,
    extra?: SQL,
    explicitOrder = false,
  ): Promise<ListResponse<T>> {
    const { page, limit, sort, order, q, ...rest } = query;
    const conditions: (SQL | undefined)[] = [scopeOf(user), extra];
    if (q && options.search?.length) {
      const pattern = `%${escapeLike(q)}%`;
      conditions.push(or(...options.search.map((column) => ilike(column, pattern))));
    }
    for (const [name, filter] of Object.entries(options.filters ?? {})) {
      if (rest[name] !== undefined) conditions.push(filter(rest[name] as never));
    }
    const where = and(...conditions);
    const named = sort ? options.sortable[sort] : undefined;
    const fallback = options.defaultSort ?? {
      column: Object.values(options.sortable)[0] ?? table.id,
      order: 'asc' as const,
    };
    const column = named ?? fallback.column;
    const direction = named || explicitOrder ? order : fallback.order;
    const by = direction === 'desc' ? desc : asc;
    const [rows, totals] = await Promise.all([
      selectFrom(db, columns)
        .where(where)
        // The id breaks ties so pages never overlap or skip rows.
        .orderBy(by(column), by(table.id))
        .limit(limit)
        .offset((page - 1) * limit),
      selectFrom(db, { total: count() }).where(where),
    ]);
    return { data: rows.map((row) => toJson<T>(row)), total: totals[0]?.total ?? 0, page, limit };
  }

  /** Unique and foreign-key violations of a create or update, as the Spanish 409/400 of DESIGN.md §7. */
  function writeError(error: unknown) {
    const pg = pgErrorOf(error);
    if (pg?.code === '23505') {
      const known = options.unique?.[pg.constraint ?? ''];
      return known
        ? conflict(known.message, { [known.field]: [known.message] })
        : conflict(MESSAGES.conflict);
    }
    if (pg?.code === '23503') {
      const field = foreignKeyField(pg) ?? 'id';
      const message = options.references?.[field] ?? MESSAGES.referencedNotFound;
      return new HttpError(400, MESSAGES.invalidInput, { [field]: [message] });
    }
    return error;
  }

  const rethrow =
    (map: (error: unknown) => unknown) =>
    (error: unknown): never => {
      throw map(error);
    };
  const context = (tx: Executor, user: TokenPayload): HookContext => ({ db: tx, user });
  const audit = (
    tx: Executor,
    user: TokenPayload,
    action: 'create' | 'update' | 'delete',
    before: Row | null,
    after: Row | null,
  ) =>
    writeAudit(tx, user, {
      action,
      resource: options.resource,
      recordId: ((after ?? before)?.id as number | undefined) ?? null,
      before,
      after,
    });

  /** Insert, derived data and audit in one transaction; answers the new item as read. */
  async function create(input: Row, user: TokenPayload): Promise<Row> {
    const created = await db
      .transaction(async (tx) => {
        const ctx = context(tx, user);
        const values = hooks.beforeCreate ? await hooks.beforeCreate(input, ctx) : input;
        const [row] = await tx.insert(table).values(values).returning();
        if (!row) throw new Error('insert returned no row');
        await hooks.afterWrite?.({ before: null, after: row }, ctx);
        await audit(tx, user, 'create', null, row);
        return row;
      })
      .catch(rethrow(writeError));
    await hooks.afterCommit?.({ before: null, after: created });
    return read(created.id as number, user);
  }

  /** `input` holds only the fields the client sent. */
  async function update(id: number, input: Row, user: TokenPayload): Promise<Row> {
    const change = await db
      .transaction(async (tx) => {
        const ctx = context(tx, user);
        const current = await lockRow(tx, id, user);
        const values = hooks.beforeUpdate ? await hooks.beforeUpdate(input, current, ctx) : input;
        const [row] = await tx
          .update(table)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(table.id, id))
          .returning();
        await hooks.afterWrite?.({ before: current, after: row ?? null }, ctx);
        await audit(tx, user, 'update', current, row ?? null);
        return { before: current, after: row ?? null };
      })
      .catch(rethrow(writeError));
    await hooks.afterCommit?.(change);
    return read(id, user);
  }

  async function remove(id: number, user: TokenPayload): Promise<void> {
    const before = await db.transaction(async (tx) => {
      const ctx = context(tx, user);
      const current = await lockRow(tx, id, user);
      await hooks.beforeDelete?.(current, ctx);
      // A record still referenced fails with 23503: the error handler answers 409 'en uso'.
      await tx.delete(table).where(eq(table.id, id));
      await hooks.afterWrite?.({ before: current, after: null }, ctx);
      await audit(tx, user, 'delete', current, null);
      return current;
    });
    await hooks.afterCommit?.({ before, after: null });
  }

  return { list, read, lockRow, create, update, remove, writeError, selectFrom, columns };
}
