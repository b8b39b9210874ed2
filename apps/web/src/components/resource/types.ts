import type { FilterKeyOf, ResourceDefinition, SortKeyOf } from '@cobranzas/shared';
import type { ReactNode } from 'react';
import type { ListParamsOf } from '../../lib/resourceQueries';

export type Option = { value: string; label: string };
export type Identified = { id: number };

/**
 * A column of a server-sorted list. A sortable one's accessor is the API `sort` value, so it must be
 * one of the definition's `sortable` (S): a column the API cannot sort by does not compile.
 */
export type ListColumn<T, S extends string = string> = ColumnSort<S> & {
  title: string;
  /** The cell as text: shown when there is no `render`, and always what the CSV export writes. */
  text?: (record: T) => string;
  render?: (record: T) => ReactNode;
  /** Still shown on phones (under 576 px); the other columns are left out there. */
  key?: boolean;
  /** Shown only on wide screens (WIDE_UP): a list with many columns keeps the rest readable. */
  wideOnly?: boolean;
  width?: number | string;
  /** Keeps the cell on one line (phone numbers, CUITs). */
  noWrap?: boolean;
  textAlign?: 'left' | 'center' | 'right';
  /** Not written to the CSV export. */
  noExport?: boolean;
};

type ColumnSort<S extends string> =
  | { accessor: S; sortable: true }
  | {
      /** The record field. */
      accessor: string;
      sortable?: false;
    };

/** A select filter kept in the URL under `name`, with fixed options or options read from the API. */
export type ListFilter<F extends string = string> = {
  /** The URL and API parameter: one of the definition's filters (F). */
  name: F;
  label: string;
  /** Placeholder when nothing is chosen, e.g. 'Todas las compañías'. */
  placeholder: string;
  options?: Option[];
  source?: { definition: ResourceDefinition; label: (record: Record<string, unknown>) => string };
};

/** The columns of a list of D's records (T: the record as listed), sortable by D's `sortable`. */
export type ColumnsOf<D extends ResourceDefinition, T> = ListColumn<T, SortKeyOf<D>>[];

/** The select filters of a list of D's records: only D's filters. */
export type FiltersOf<D extends ResourceDefinition> = ListFilter<FilterKeyOf<D>>[];

/** What a list and its forms know about their resource. */
export type ResourceInfo<D extends ResourceDefinition = ResourceDefinition> = {
  /** The shared definition: the API path and the permission subject come from it. */
  definition: D;
  /** The screens' base path: '/users', '/embargos-types'… */
  basePath: string;
  /** 'el usuario', 'la compañía': used in confirmations and toasts. */
  noun: string;
};

/**
 * What a list asks of the API, said once where the list is made: its resource, the columns it may
 * sort by, the filters the user picks and the parameters it always sends. The types check them
 * against the definition; test/resources.test.ts checks them again at run time.
 */
export type ListSpec<D extends ResourceDefinition = ResourceDefinition> = {
  definition: D;
  // biome-ignore lint/suspicious/noExplicitAny: the spec speaks of accessors, not of the record type
  columns?: readonly ListColumn<any, SortKeyOf<D>>[];
  /** Sort values read from the URL besides the columns' (a list without a column for them). */
  sorts?: readonly SortKeyOf<D>[];
  filters?: readonly (ListFilter<FilterKeyOf<D>> | FilterKeyOf<D>)[];
  params?: ListParamsOf<D>;
};

/** A resource's screens: its definition, base path and noun. */
export const resourceInfo = <D extends ResourceDefinition>(
  definition: D,
  basePath: string,
  noun: string,
): ResourceInfo<D> => ({ definition, basePath, noun });

/** A list spec, typed by its definition. */
export const listSpec = <D extends ResourceDefinition>(spec: ListSpec<D>) => spec;
