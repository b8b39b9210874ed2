import { createHash } from 'node:crypto';
import {
  type CreateOf,
  type ItemOf,
  LIST_EXACT_COUNT_CAP,
  type ListQueryOf,
  type ListResponse,
  MESSAGES,
  type ResourceDefinition,
  searchWords,
  type TokenPayload,
  type UpdateOf,
} from '@cobranzas/shared';
import { and, asc, count, desc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, SelectedFields } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Db } from '../db/client';
import { conflict, foreignKeyField, HttpError, notFound, pgErrorOf } from '../errors';
import { writeAudit } from './audit';
import { noteChildLock } from './locks';
import { matchesWords } from './search';
import type {
  CrudOptions,
  CrudTable,
  Executor,
  HookContext,
  InsertOf,
  ListFilter,
  ListQuery,
  Row,
  RowOf,
  SortColumns,
} from './types';

/** The row estimate at the top of an EXPLAIN (FORMAT JSON), whichever driver returned it. */
function estimatedRows(result: unknown): number {
  const rows: unknown =
    typeof result === 'object' && result !== null && 'rows' in result ? result.rows : result;
  const first: unknown = Array.isArray(rows) ? rows[0] : undefined;
  const raw =
    typeof first === 'object' && first !== null && 'QUERY PLAN' in first ? first['QUERY PLAN'] : undefined;
  const plan = explainSchema.safeParse(typeof raw === 'string' ? JSON.parse(raw) : raw);
  return Math.round(plan.success ? (plan.data[0]?.Plan['Plan Rows'] ?? 0) : 0);
}
const explainSchema = z.array(z.object({ Plan: z.object({ 'Plan Rows': z.number() }) }));

/**
 * From a word of three characters a trigram index (pg_trgm, migration 0026) finds its matches; with
 * shorter words only, so many rows match that reading in list order finds a page first.
 */
const SEARCH_INDEXED_FROM = 3;

/**
 * A list read in id order up to this many rows may take a per-row search condition (a walk of the
 * index until the page fills, CrudOptions.indexedSearch): beyond, collecting the matches is cheaper.
 */
const WALK_MAX_ROWS = 250;

/** Prepared list pages kept per resource (crud/service.ts preparedPage): shapes × pages × limits. */
const MAX_PAGE_STATEMENTS = 200;
/** Names the prepared pages apart across every resource (a connection keeps each name's text). */
let preparedPages = 0;

/**
 * JSON of a row: instants as ISO 8601 UTC (DESIGN.md §7). Typed as what the caller's response
 * schema expects (T is inferred from the route): the serializer validates it against that schema.
 */
export function toJson<T = Row>(row: object): T {
  const out: Row = { ...row };
  for (const key in out) {
    const value = out[key];
    if (value instanceof Date) out[key] = value.toISOString();
  }
  return out as T;
}

/** The service of one resource (its definition D, its table T). */
/** The id of a stored row (every CrudTable has one). */
const idOf = (row: object | null): number | null => {
  const id: unknown = row && 'id' in row ? row.id : null;
  return typeof id === 'number' ? id : null;
};

export type CrudService<D extends ResourceDefinition, T extends CrudTable> = ReturnType<
  typeof crudService<D, T>
>;

/** How long a list's estimated total is reused, and how many are kept (per resource). */
const ESTIMATE_TTL_MS = 30_000;
const MAX_KEPT_ESTIMATES = 500;

/**
 * The queries and transactional writes of one resource, shared by its generic routes and by any
 * extra call (e.g. GET /debts/dni/{dni} lists debts through `list` with one more condition).
 */
export function crudService<D extends ResourceDefinition, T extends CrudTable>(
  db: Db,
  options: CrudOptions<D, T>,
) {
  const { table, definition, hooks = {} } = options;
  type Item = ItemOf<D>;
  type Stored = RowOf<T>;
  const resource = definition.path;
  // The table as the generic code queries it: Drizzle's builders do not narrow a generic T.
  const base: CrudTable = table;
  // What the generic code reads of the typed options: the types checked them where they were written.
  const filtersOf = (options.filters ?? {}) as Record<string, ListFilter<unknown>>;
  const referencesOf: Partial<Record<string, string>> = options.references ?? {};
  const conventionsOf = (query: ListQueryOf<D>) => query as ListQuery & Row;
  const columns = options.columns ?? getTableColumns(table);
  const scopeOf = (user: TokenPayload) => options.scope?.(user);
  const estimates = new Map<string, { n: number; until: number }>();

  const selectFrom = <S extends SelectedFields>(executor: Executor, fields: S) => {
    let query = executor.select(fields).from(base).$dynamic();
    // Joined columns only appear through `fields`, so the joins need not change the query's type.
    for (const join of options.joins ?? [])
      query = query.leftJoin(join.table, join.on) as unknown as typeof query;
    return query;
  };

  /** One item as the API answers it (with its joins), or 404 when missing or out of scope. */
  async function read<R = Item>(id: number, user: TokenPayload, executor: Executor = db): Promise<R> {
    const scope = scopeOf(user);
    // Staff reads (no scope) outside a transaction reuse one prepared statement: planning the joins
    // costs PostgreSQL ten times more than running them.
    const [row] =
      scope === undefined && executor === db
        ? await preparedRead().execute({ id })
        : await selectFrom(executor, columns).where(and(eq(table.id, id), scope));
    if (!row) throw notFound();
    return toJson<R>(row);
  }

  let readStatement: ReturnType<typeof prepareRead> | undefined;
  const prepareRead = () =>
    selectFrom(db, columns)
      .where(eq(table.id, sql.placeholder('id')))
      .prepare(`read_${resource.replace(/\W/g, '_')}`);
  const preparedRead = () => {
    readStatement ??= prepareRead();
    return readStatement;
  };

  let pageStatement: ReturnType<typeof preparePage> | undefined;
  const preparePage = () =>
    selectFrom(db, columns)
      .where(sql`${table.id} = any(${sql.placeholder('ids')}::integer[])`)
      .prepare(`page_${resource.replace(/\W/g, '_')}`);

  /**
   * A page's rows with their joins, in the order of `ids`. One prepared statement whatever the list's
   * filters and sort: PostgreSQL plans the joins once, where planning them for each page cost
   * ≈ 4 ms, as much as running them.
   */
  async function rowsOf(ids: number[]): Promise<Row[]> {
    if (ids.length === 0) return [];
    pageStatement ??= preparePage();
    const rows = (await pageStatement.execute({ ids })) as Row[];
    const byId = new Map(rows.map((row) => [idOf(row), row]));
    return ids.flatMap((id): Row[] => {
      const row = byId.get(id);
      return row ? [row] : [];
    });
  }

  /**
   * A list page near the start (page × limit ≤ WALK_MAX_ROWS) read by one prepared statement: its
   * ids in list order from the table's indexes inside `ARRAY(…)` (computed once), their rows with the
   * joins, sorted again by the same order (the id last: the same order). Only for staff lists
   * without `q`, sorted by the table's own columns, whose filters are all `equals(…, { genericPlan:
   * true })` on the table's own columns (crud/filters.ts), their values the statement's parameters.
   * LIMIT and OFFSET are written in, so PostgreSQL keeps one generic plan per connection (with
   * `LIMIT $n` it expects a tenth of the table and plans every call). Against the two statements of
   * `rowsOf`, one round trip and one statement to build fewer (issue 38, the minimal floor).
   * Undefined: the list takes the two statements.
   */
  function preparedPage(
    query: ListQueryOf<D>,
    user: TokenPayload,
    sortColumns: readonly PgColumn[],
    ordering: SQL[],
    order: string,
  ) {
    const { page, limit, q } = conventionsOf(query);
    if (q !== undefined || page * limit > WALK_MAX_ROWS || scopeOf(user) !== undefined) return undefined;
    // The ids come from the table alone: a sort on a joined column needs the joins.
    if (sortColumns.some((column) => column.table !== table)) return undefined;
    const values: Record<string, unknown> = {};
    for (const [name, filter] of Object.entries(filtersOf)) {
      const value = conventionsOf(query)[name];
      if (value === undefined) continue;
      if (!filter.genericPlan || filter.column?.table !== table) return undefined;
      values[name] = value;
    }
    const key = `${order}:${Object.keys(values).join(',')}:${page}:${limit}`;
    let statement = pageStatements.get(key);
    if (!statement) {
      if (pageStatements.size >= MAX_PAGE_STATEMENTS) return undefined;
      const where = and(...Object.keys(values).map((name) => filtersOf[name]?.(sql.placeholder(name))));
      const ids = db
        .select({ id: table.id })
        .from(base)
        .where(where)
        .orderBy(...ordering);
      statement = selectFrom(db, columns)
        .where(
          sql`${table.id} = ANY(ARRAY(${ids} LIMIT ${sql.raw(String(limit))} OFFSET ${sql.raw(String((page - 1) * limit))}))`,
        )
        .orderBy(...ordering)
        .prepare(`list_page_${++preparedPages}`);
      pageStatements.set(key, statement);
    }
    return { statement, values };
  }
  const pageStatements = new Map<
    string,
    { execute: (values: Record<string, unknown>) => Promise<unknown> }
  >();

  /**
   * Items by id, in the order given, as a list page reads them: for ids another query already chose
   * within the user's reach (the queue's page), one statement instead of a list's two.
   */
  async function itemsByIds(ids: number[]): Promise<Item[]> {
    return (await rowsOf(ids)).map((row) => toJson<Item>(row));
  }

  /** The stored row, locked for the rest of the transaction so before/after images are exact. */
  async function lockRow(tx: Executor, id: number, user: TokenPayload): Promise<Stored> {
    if (options.lock) return options.lock(tx, id, user);
    if (options.parent) noteChildLock(tx, `${resource} ${id}`);
    const [row] = await tx
      .select()
      .from(base)
      .where(and(eq(table.id, id), scopeOf(user)))
      .for('no key update');
    if (!row) throw notFound();
    // The generic table's select is typed loosely by Drizzle; its rows are this table's rows.
    return row as Stored;
  }

  const parent = options.parent;
  /** The key of the parent's column in this table's rows and inputs (e.g. 'debtId'). */
  const parentKey = parent
    ? Object.entries(getTableColumns(table)).find(([, column]) => column === parent.column)?.[0]
    : undefined;
  if (parent && !parentKey) throw new Error(`${resource}: parent.column is not a column of its table`);
  const parentOf = (values: unknown): number | undefined => {
    const value: unknown =
      parentKey && typeof values === 'object' && values !== null ? Reflect.get(values, parentKey) : undefined;
    return typeof value === 'number' ? value : undefined;
  };

  /**
   * A child record, locked after its parent (crud/locks.ts): reads the record's parent without a
   * lock, locks it and `movingTo` (the parent the record moves to) in ascending id order, then the
   * record, and checks that its parent did not change in between (409 concurrentChange if it did).
   * Without `parent` in the options, lockRow alone.
   */
  async function lockChild(tx: Executor, id: number, user: TokenPayload, movingTo?: number): Promise<Stored> {
    if (!parent || !parentKey) return lockRow(tx, id, user);
    const [found] = await tx
      .select({ parentId: parent.column })
      .from(base)
      .where(and(eq(table.id, id), scopeOf(user)));
    if (!found) throw notFound();
    const parentId = found.parentId;
    if (typeof parentId !== 'number') throw notFound();
    await parent.lock(tx, movingTo === undefined ? [parentId] : [parentId, movingTo], user);
    const row = await lockRow(tx, id, user);
    if (parentOf(row) !== parentId) throw conflict(MESSAGES.concurrentChange);
    return row;
  }

  /**
   * `q` as a condition: the resource's indexed search when it answers, ILIKE over the search columns
   * otherwise; `joined` when the condition reads a joined table. `all` is the count's condition
   * when the page's differs (a per-row walk, see CrudOptions.indexedSearch).
   */
  async function searchOf(
    q: string | undefined,
    walk: boolean,
  ): Promise<{ where: SQL; all: SQL; joined: boolean } | undefined> {
    const columns = options.search;
    if (!q || !columns?.length) return undefined;
    const words = searchWords(q);
    // Only marks («%», «,»): something was asked and no word can match it.
    if (words.length === 0) return { where: sql`false`, all: sql`false`, joined: false };
    const indexed = words.some((word) => word.length >= SEARCH_INDEXED_FROM)
      ? await options.indexedSearch?.(words, db, walk)
      : undefined;
    if (indexed) return { where: indexed.where, all: indexed.all ?? indexed.where, joined: false };
    const where = matchesWords(columns, words);
    return { where, all: where, joined: columns.some((column) => column.table !== table) };
  }

  /**
   * The rows a list query selects (the user's scope, `q`, the typed filters and `extra`): `where`
   * for the page, `all` for counting them (the same rows); `joined` when that depends on a joined
   * table (`q` over a joined column, a filter on one). `walk`: the page is read in id order near
   * its start.
   */
  async function selection(query: ListQueryOf<D>, user: TokenPayload, extra?: SQL, walk = false) {
    const search = await searchOf(conventionsOf(query).q, walk);
    const conditions: (SQL | undefined)[] = [scopeOf(user), extra];
    let joined = search?.joined ?? false;
    for (const [name, filter] of Object.entries(filtersOf)) {
      const value = conventionsOf(query)[name];
      if (value === undefined) continue;
      conditions.push(filter(value));
      joined ||= filter.column?.table !== table;
    }
    return {
      where: and(...conditions, search?.where),
      all: and(...conditions, search?.all),
      joined,
    };
  }

  /** The condition alone, for queries that always join (e.g. the debts summary). */
  const whereOf = async (query: ListQueryOf<D>, user: TokenPayload) => (await selection(query, user)).where;

  /** Where a list's ids come from: the table alone when nothing needs the joins (index-only scans). */
  const idsFrom = <S extends SelectedFields>(joined: boolean, fields: S) =>
    joined ? selectFrom(db, fields) : db.select(fields).from(base).$dynamic();

  async function list<R = Item>(
    query: ListQueryOf<D>,
    user: TokenPayload,
    extra?: SQL,
    explicitOrder = false,
  ): Promise<ListResponse<R>> {
    const { page, limit, sort, order } = conventionsOf(query);
    const sortable: Partial<Record<string, SortColumns>> = options.sortable;
    const named = sort ? sortable[sort] : undefined;
    // The definition's list query let `sort` through: a value the module does not map is a bug,
    // never a silent default order (the types prevent it; test/resources.test.ts proves it).
    if (sort && !named) throw new Error(`${resource}: the sort value ${sort} has no column`);
    const fallback: NonNullable<typeof options.defaultSort> = options.defaultSort ?? {
      column: Object.values<SortColumns>(options.sortable)[0] ?? table.id,
      order: 'asc',
    };
    const sortColumns: readonly PgColumn[] = [named ?? fallback.column].flat();
    const direction = named || explicitOrder ? order : fallback.order;
    const by = direction === 'desc' ? desc : asc;
    // The id breaks ties so pages never overlap or skip rows.
    const ordering = [...sortColumns.map((column) => by(column)), by(table.id)];
    const walk = sortColumns[0] === table.id && page * limit <= WALK_MAX_ROWS;
    const prepared =
      extra === undefined
        ? preparedPage(query, user, sortColumns, ordering, `${sort}:${direction}`)
        : undefined;
    let selected: Awaited<ReturnType<typeof selection>> | undefined;
    let rows: Row[];
    if (prepared) {
      rows = (await prepared.statement.execute(prepared.values)) as Row[];
    } else {
      selected = await selection(query, user, extra, walk);
      // Paginate, then join: page 1000 skips 25 000 index entries, not 25 000 joined rows.
      const ids = await idsFrom(selected.joined, { id: table.id })
        .where(selected.where)
        .orderBy(...ordering)
        .limit(limit)
        .offset((page - 1) * limit);
      rows = await rowsOf(ids.flatMap((row) => idOf(row) ?? []));
    }
    const data = rows.map((row) => toJson<R>(row));
    // A page that is not full is the last one: its total needs no count.
    const lastPage = data.length < limit && (data.length > 0 || page === 1);
    if (lastPage) return { data, total: (page - 1) * limit + data.length, page, limit };
    const { joined, all } = selected ?? (await selection(query, user, extra, walk));
    const total = await countOf(joined, all);
    return { data, total: total.n, page, limit, ...(total.exact ? {} : { totalEstimated: true as const }) };
  }

  /**
   * Exact up to LIST_EXACT_COUNT_CAP matches (counting stops there), the planner's estimate beyond:
   * an exact count(*) of a million rows costs more than any page of them. An estimate is kept for
   * a while per query, so paging through a big list costs one statement per page, not three.
   */
  async function countOf(joined: boolean, where: SQL | undefined): Promise<{ n: number; exact: boolean }> {
    const matches = idsFrom(joined, { one: sql`1` }).where(where);
    const { sql: text, params } = matches.toSQL();
    // Hashed: a search's parameters may hold thousands of debtor ids.
    const key = createHash('sha256')
      .update(text)
      .update('\u0000')
      .update(JSON.stringify(params))
      .digest('base64');
    const known = estimates.get(key);
    if (known && known.until > Date.now()) return { n: known.n, exact: false };
    const [capped] = await db
      .select({ n: count() })
      .from(matches.limit(LIST_EXACT_COUNT_CAP + 1).as('matches'));
    const n = capped?.n ?? 0;
    if (n <= LIST_EXACT_COUNT_CAP) return { n, exact: true };
    const plan = await db.execute(
      sql`EXPLAIN (FORMAT JSON) ${idsFrom(joined, { one: sql`1` }).where(where)}`,
    );
    const estimate = Math.max(n, estimatedRows(plan));
    if (estimates.size >= MAX_KEPT_ESTIMATES) estimates.clear();
    estimates.set(key, { n: estimate, until: Date.now() + ESTIMATE_TTL_MS });
    return { n: estimate, exact: false };
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
      const message = referencesOf[field] ?? MESSAGES.referencedNotFound;
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
    before: Stored | null,
    after: Stored | null,
  ) =>
    writeAudit(tx, user, {
      action,
      resource,
      recordId: idOf(after ?? before),
      before,
      after,
    });

  /**
   * The insert of `create` (parent lock, hooks, audit) inside a transaction the caller opened, for a
   * write of several records that commits or rolls back as one (POST /contacts). `input` must be
   * parsed by the definition's create schema. After the commit the caller runs `committed(row)`.
   */
  async function createIn(tx: Executor, input: CreateOf<D>, user: TokenPayload): Promise<Stored> {
    try {
      const ctx = context(tx, user);
      const parentId = parentOf(input);
      if (parent && parentId !== undefined) await parent.lock(tx, [parentId], user);
      // Without a hook the parsed body is the row: the definition's create schema matches the table.
      const values = hooks.beforeCreate ? await hooks.beforeCreate(input, ctx) : (input as InsertOf<T>);
      const [row] = (await tx.insert(base).values(values).returning()) as Stored[];
      if (!row) throw new Error('insert returned no row');
      await hooks.afterWrite?.({ before: null, after: row }, ctx);
      await audit(tx, user, 'create', null, row);
      return row;
    } catch (error) {
      throw writeError(error);
    }
  }

  /** What runs once a created row is committed (the resource's afterCommit). */
  const committed = async (row: Stored) => {
    await hooks.afterCommit?.({ before: null, after: row });
  };

  /** Insert, derived data and audit in one transaction; answers the new item as read. */
  async function create(input: CreateOf<D>, user: TokenPayload): Promise<Item> {
    const created = await db.transaction((tx) => createIn(tx, input, user)).catch(rethrow(writeError));
    await committed(created);
    return read(idOf(created) ?? 0, user);
  }

  /** `input` holds only the fields the client sent. */
  async function update(id: number, input: UpdateOf<D>, user: TokenPayload): Promise<Item> {
    const change = await db
      .transaction(async (tx) => {
        const ctx = context(tx, user);
        const current = await lockChild(tx, id, user, parentOf(input));
        const values = hooks.beforeUpdate
          ? await hooks.beforeUpdate(input, current, ctx)
          : (input as Partial<InsertOf<T>>);
        const [row] = (await tx
          .update(base)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(table.id, id))
          .returning()) as Stored[];
        await hooks.afterWrite?.({ before: current, after: row ?? null }, ctx);
        await audit(tx, user, 'update', current, row ?? null);
        return { before: current, after: row ?? null };
      })
      .catch(rethrow(writeError));
    await hooks.afterCommit?.(change);
    return read(id, user);
  }

  /** A delete of a record still referenced (23503) as the resource's own 409, when it has one. */
  function deleteError(error: unknown) {
    return options.inUse && pgErrorOf(error)?.code === '23503' ? conflict(options.inUse) : error;
  }

  async function remove(id: number, user: TokenPayload): Promise<void> {
    const before = await db
      .transaction(async (tx) => {
        const ctx = context(tx, user);
        const current = await lockChild(tx, id, user);
        await hooks.beforeDelete?.(current, ctx);
        // A record still referenced fails with 23503: the resource's `inUse` 409, or the error
        // handler's generic 409 'en uso'.
        await tx.delete(base).where(eq(table.id, id));
        await hooks.afterWrite?.({ before: current, after: null }, ctx);
        await audit(tx, user, 'delete', current, null);
        return current;
      })
      .catch(rethrow(deleteError));
    await hooks.afterCommit?.({ before, after: null });
  }

  return {
    list,
    itemsByIds,
    whereOf,
    read,
    lockRow,
    lockChild,
    create,
    createIn,
    committed,
    update,
    remove,
    writeError,
    selectFrom,
    columns,
  };
}
