import type { ApiResource, TokenPayload } from '@cobranzas/shared';
import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../db/client';

export type Row = Record<string, unknown>;
export type Operation = 'list' | 'read' | 'create' | 'update' | 'delete';

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

export type ListQuery = {
  page: number;
  limit: number;
  sort?: string;
  order: 'asc' | 'desc';
  q?: string;
} & Row;

/** The before and after images of one write (null before a create, null after a delete). */
export interface Change {
  before: Row | null;
  after: Row | null;
}

/** One column, or several ordered one after the other (e.g. last name, then first names). */
export type SortColumns = PgColumn | readonly [PgColumn, ...PgColumn[]];

export interface CrudOptions {
  /** URL segment under /api; also the key of RESOURCE_SUBJECTS that guards it. */
  resource: ApiResource;
  table: CrudTable;
  /** Spanish name for the API docs (the tag of its routes). */
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
  /**
   * The listQuery's `sort` values → what to order by: a column, or several in order (later ones
   * break ties of the earlier ones, all in the requested direction).
   */
  sortable: Record<string, SortColumns>;
  /** Order when the client names none. Default: the first sortable column, ascending. */
  defaultSort?: { column: SortColumns; order: 'asc' | 'desc' };
  /** Columns that `q` searches with ILIKE (a char(n) one as text, as its trigram index holds it). */
  search?: PgColumn[];
  /**
   * When `search` reaches into joined tables: the same matches for a `q` of SEARCH_INDEXED_FROM or
   * more characters, as a condition on this table alone that trigram indexes can serve; undefined
   * when the ILIKE over the joins is the better plan (a text so common that list order finds a page
   * sooner than collecting every match).
   */
  indexedSearch?: (pattern: string, db: Db) => Promise<SQL | undefined>;
  /**
   * Typed list filters: query parameter → condition for its parsed value. Build them with
   * `filterOn` (or equals, dateFrom…) so the list knows which table they read.
   */
  filters?: Record<string, ((value: never) => SQL | undefined) & { column?: PgColumn }>;
  /**
   * The rows this user may see at all (DESIGN.md §6: a CLIENTE only its company's debts and their
   * children). Applied to lists, reads, updates and deletes; a row outside it is a 404.
   */
  scope?: (user: TokenPayload) => SQL | undefined;
  /** Unique index name → the field and Spanish message of a 409. */
  unique?: Record<string, { field: string; message: string }>;
  /** Foreign-key field → Spanish message when the referenced record does not exist (400). */
  references?: Record<string, string>;
  /**
   * The 409 message when a delete fails because other records still point to this one (PostgreSQL
   * 23503). Default: MESSAGES.referenced.
   */
  inUse?: string;
  operations?: Operation[];
  hooks?: {
    /** Validates and turns the parsed body into the row to insert. */
    beforeCreate?(input: Row, ctx: HookContext): Promise<Row> | Row;
    /** `input` has only the fields the client sent; `current` is the stored (locked) row. */
    beforeUpdate?(input: Row, current: Row, ctx: HookContext): Promise<Row> | Row;
    beforeDelete?(current: Row, ctx: HookContext): Promise<void> | void;
    /** After the write, in its transaction: keep derived data (e.g. debt totals) in step. */
    afterWrite?(change: Change, ctx: HookContext): Promise<void> | void;
    /** After the commit, outside the database (e.g. removing a stored file). */
    afterCommit?(change: Change): Promise<void> | void;
  };
}
