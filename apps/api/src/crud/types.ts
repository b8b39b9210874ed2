import type {
  CreateOf,
  FilterKeyOf,
  ListQueryOf,
  ResourceDefinition,
  SortKeyOf,
  TokenPayload,
  UpdateOf,
} from '@cobranzas/shared';
import type { InferInsertModel, InferSelectModel, SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';

export type Row = Record<string, unknown>;

/** The transaction handle Drizzle passes to `db.transaction`; same query API as Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Where a query runs: the database, or the open transaction of a write. */
export type Executor = Db | Tx;

export interface HookContext {
  /** During writes, the write's transaction: everything a hook does commits or rolls back with it. */
  db: Executor;
  user: TokenPayload;
}

/** A table the factory can serve: an integer `id` primary key and an `updated_at` column. */
export type CrudTable = PgTable & { id: PgColumn; updatedAt: PgColumn };
/** A stored row of the table, and the values an insert takes. */
export type RowOf<T extends CrudTable> = InferSelectModel<T>;
export type InsertOf<T extends CrudTable> = InferInsertModel<T>;

/** The conventions every list query has; the resource's filters come on top (ListQueryOf). */
export type ListQuery = { page: number; limit: number; sort?: string; order: 'asc' | 'desc'; q?: string };

/** The before and after images of one write (null before a create, null after a delete). */
export interface Change<R = Row> {
  before: R | null;
  after: R | null;
}

/** The parent of a child resource and how it is locked (see CrudOptions.parent). */
export interface ParentLock {
  /** The column of this table holding the parent's id, e.g. payments.debtId. */
  column: PgColumn;
  /** Locks the parents for the rest of the transaction, each once, in ascending id order (lockDebts). */
  lock(tx: Executor, ids: number[], user: TokenPayload): Promise<unknown>;
}

/** One column, or several ordered one after the other (e.g. last name, then first names). */
export type SortColumns = PgColumn | readonly [PgColumn, ...PgColumn[]];

/**
 * A list filter: the parsed query value → its condition. `column` says which table it reads (see
 * filterOn), so a list knows when it can pick its page without the read's joins.
 */
export type ListFilter<V> = ((value: V) => SQL | undefined) & { column?: PgColumn; genericPlan?: true };

/** Every filter of the definition, each taking the value its schema parses to. */
export type FilterMap<D extends ResourceDefinition> = {
  [K in FilterKeyOf<D>]-?: ListFilter<Exclude<ListQueryOf<D>[K], undefined>>;
};

export interface CrudHooks<D extends ResourceDefinition, T extends CrudTable> {
  /** Validates and turns the parsed body into the row to insert. */
  beforeCreate?(input: CreateOf<D>, ctx: HookContext): Promise<InsertOf<T>> | InsertOf<T>;
  /** `input` has only the fields the client sent; `current` is the stored (locked) row. */
  beforeUpdate?(
    input: UpdateOf<D>,
    current: RowOf<T>,
    ctx: HookContext,
  ): Promise<Partial<InsertOf<T>>> | Partial<InsertOf<T>>;
  beforeDelete?(current: RowOf<T>, ctx: HookContext): Promise<void> | void;
  /** After the write, in its transaction: keep derived data (e.g. debt totals) in step. */
  afterWrite?(change: Change<RowOf<T>>, ctx: HookContext): Promise<void> | void;
  /** After the commit, outside the database (e.g. removing a stored file). */
  afterCommit?(change: Change<RowOf<T>>): Promise<void> | void;
}

/** A resource's indexed `q`: the page's condition, and the count's when it differs (CrudOptions.indexedSearch). */
export interface IndexedSearch {
  where: SQL;
  all?: SQL;
}

/**
 * How one resource of packages/shared is served: its definition (path, schemas, sortable values,
 * filters) and, for each of its facts, the SQL that implements it. The types demand an SQL order
 * for every sortable value and a condition for every filter, so the two cannot drift apart.
 */
export type CrudOptions<D extends ResourceDefinition, T extends CrudTable> = {
  definition: D;
  table: T;
  /** Columns of each item; may reach into joined tables. Default: every column of the table. */
  columns?: SelectedFields;
  joins?: { table: PgTable; on: SQL }[];
  /**
   * Each of the definition's `sort` values → what to order by: a column, or several in order (later
   * ones break ties of the earlier ones, all in the requested direction).
   */
  sortable: Record<SortKeyOf<D>, SortColumns>;
  /** Order when the client names none. Default: the first sortable value, ascending. */
  defaultSort?: { column: SortColumns; order: 'asc' | 'desc' };
  /**
   * Columns that `q` searches by word prefixes (crud/search.ts): all of a table's as one text, or its
   * `search_text` column when it has one (folded and trigram-indexed).
   */
  search?: PgColumn[];
  /**
   * When `search` reaches into joined tables: the same matches for a `q` with a word of
   * SEARCH_INDEXED_FROM or more characters, as a condition on this table alone that trigram indexes
   * can serve; undefined when the search over the joins is the better plan (a text so common that list order finds a page
   * sooner than collecting every match). `walk` says the page is read in id order near its start:
   * the search may then answer a per-row condition for the page (`where`) and a set condition for
   * counting (`all`), the same matches both.
   */
  indexedSearch?: (words: readonly string[], db: Db, walk: boolean) => Promise<IndexedSearch | undefined>;
  /**
   * The rows this user may see at all (DESIGN.md §6: a CLIENTE only its company's debts and their
   * children). Applied to lists, reads, updates and deletes; a row outside it is a 404.
   */
  scope?: (user: TokenPayload) => SQL | undefined;
  /** Unique index name → the field and Spanish message of a 409. */
  unique?: Record<string, { field: string; message: string }>;
  /** Foreign-key field → Spanish message when the referenced record does not exist (400). */
  references?: Partial<Record<keyof RowOf<T> & string, string>>;
  /**
   * The 409 message when a delete fails because other records still point to this one (PostgreSQL
   * 23503). Default: MESSAGES.referenced.
   */
  inUse?: string;
  hooks?: CrudHooks<D, T>;
  /**
   * The record hangs from a parent whose lock comes first (payments, deposits, services and quotas
   * hang from a debt; lock order in crud/locks.ts). Create locks the new row's parent before its
   * hooks run; update and delete read the record's parent, lock it (and the one the record moves to:
   * both, in ascending id order), then lock the record. The record's lock is noted as a child lock.
   */
  parent?: ParentLock;
  /** How the resource's own row is locked, when not by the generic SELECT … FOR NO KEY UPDATE (debts). */
  lock?: (tx: Executor, id: number, user: TokenPayload) => Promise<RowOf<T>>;
} & (keyof D['filters'] extends never
  ? { filters?: FilterMap<D> }
  : {
      /** Every filter of the definition → its condition (build them with filterOn, equals…). */
      filters: FilterMap<D>;
    });
