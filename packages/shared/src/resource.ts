import { z } from 'zod';
import { type ApiResource, RESOURCE_SUBJECTS } from './permissions';
import { listQuerySchema, unknownParam } from './schemas/list';

/** The generic calls of a resource (DESIGN.md §7): GET list, GET one, POST, PATCH, DELETE. */
export const OPERATIONS = ['list', 'read', 'create', 'update', 'delete'] as const;
export type Operation = (typeof OPERATIONS)[number];

/** What a resource is, said once (issue 15): the API module and the web feature both read it. */
export interface ResourceSpec<
  P extends ApiResource,
  I extends z.ZodObject,
  S extends readonly [string, ...string[]],
  F extends z.ZodRawShape,
  C extends z.ZodType | undefined,
  U extends z.ZodType | undefined,
> {
  /** URL segment under /api (`/api/${path}`), also the key of RESOURCE_SUBJECTS that guards it. */
  path: P;
  /** Spanish plural for the API docs (the tag of its routes). */
  label: string;
  /** An item as the API answers it. */
  item: I;
  /** The POST body (absent: no create). */
  create?: C;
  /** The PATCH body (absent: no update). */
  update?: U;
  /** The list's `sort` values; the first is the default order unless the module says otherwise. */
  sortable: S;
  /** The list's typed filters: query parameter → its schema. */
  filters?: F;
  /** The generic calls it has. Default: all five, less create/update without their schema. */
  operations?: readonly Operation[];
  /**
   * Whether its list takes `q`, the text search (default true). Without it, `q` is an unknown
   * parameter like any other (400) and the API docs do not list it (issue 30).
   */
  searchable?: boolean;
  /**
   * Fields a CLIENTE never receives (DESIGN.md §11.2): the API leaves them out of every answer to it,
   * so the item schema must declare them optional.
   */
  clientHidden?: readonly (keyof z.infer<I> & string)[];
}

export type ResourceDefinition<
  P extends ApiResource = ApiResource,
  I extends z.ZodObject = z.ZodObject,
  S extends readonly [string, ...string[]] = readonly [string, ...string[]],
  F extends z.ZodRawShape = z.ZodRawShape,
  C extends z.ZodType | undefined = z.ZodType | undefined,
  U extends z.ZodType | undefined = z.ZodType | undefined,
> = Required<Pick<ResourceSpec<P, I, S, F, C, U>, 'path' | 'label' | 'item' | 'sortable'>> & {
  create: C;
  update: U;
  filters: F;
  operations: readonly Operation[];
  searchable: boolean;
  /** Fields a CLIENTE never receives (ResourceSpec.clientHidden). */
  clientHidden: readonly string[];
  /** The permission subject of SPEC.md §6 that guards every call. */
  subject: (typeof RESOURCE_SUBJECTS)[P];
  /** The list's whole query: conventions, sortable values and filters; any other key is a 400. */
  listQuery: ReturnType<typeof listQueryOf<S, F>>;
};

const listQueryOf = <const S extends readonly [string, ...string[]], F extends z.ZodRawShape>(
  sortable: S,
  filters: F,
  searchable = true,
) => {
  const query = listQuerySchema(sortable).extend(filters);
  if (searchable) return query;
  // Typed as the searchable query: a list without `q` simply never receives one.
  const { q: _q, ...shape } = query.shape;
  return z.object(shape).catchall(unknownParam) as unknown as typeof query;
};

/**
 * One resource's definition: its path, permission subject, schemas, sortable fields and filters.
 * The API's crudModule must map every sortable value and filter to SQL (its types say so), the web's
 * lists sort only by these values, and test/resources.test.ts checks that both agree with it.
 */
export function defineResource<
  const P extends ApiResource,
  I extends z.ZodObject,
  const S extends readonly [string, ...string[]],
  F extends z.ZodRawShape = Record<never, never>,
  C extends z.ZodType | undefined = undefined,
  U extends z.ZodType | undefined = undefined,
>(spec: ResourceSpec<P, I, S, F, C, U>): ResourceDefinition<P, I, S, F, C, U> {
  const filters = (spec.filters ?? {}) as F;
  const operations =
    spec.operations ??
    OPERATIONS.filter(
      (op) =>
        (op !== 'create' || spec.create !== undefined) && (op !== 'update' || spec.update !== undefined),
    );
  return {
    path: spec.path,
    label: spec.label,
    item: spec.item,
    create: spec.create as C,
    update: spec.update as U,
    sortable: spec.sortable,
    filters,
    operations,
    searchable: spec.searchable ?? true,
    clientHidden: spec.clientHidden ?? [],
    subject: RESOURCE_SUBJECTS[spec.path],
    listQuery: listQueryOf(spec.sortable, filters, spec.searchable),
  };
}

/** A definition's sort values and filter names, for the modules and lists that must cover them. */
/** A row as this role may receive it: a CLIENTE's without the definition's clientHidden fields. */
export function visibleTo<T extends object>(
  definition: Pick<ResourceDefinition, 'clientHidden'>,
  role: string,
  row: T,
): T {
  if (role !== 'CLIENTE' || definition.clientHidden.length === 0) return row;
  const copy: Record<string, unknown> = { ...(row as Record<string, unknown>) };
  for (const field of definition.clientHidden) delete copy[field];
  return copy as T;
}

export type SortKeyOf<D extends ResourceDefinition> = D['sortable'][number];
export type FilterKeyOf<D extends ResourceDefinition> = keyof D['filters'] & string;
export type ItemOf<D extends ResourceDefinition> = z.infer<D['item']>;
export type ListQueryOf<D extends ResourceDefinition> = z.output<D['listQuery']>;
export type CreateOf<D extends ResourceDefinition> = D['create'] extends z.ZodType
  ? z.output<D['create']>
  : never;
export type UpdateOf<D extends ResourceDefinition> = D['update'] extends z.ZodType
  ? Partial<z.output<D['update']>>
  : never;
