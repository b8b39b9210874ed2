import type { Subject } from '@cobranzas/shared';
import type { ReactNode } from 'react';

export type Option = { value: string; label: string };
export type Identified = { id: number };

export type ListColumn<T> = {
  /** The record field; also the API `sort` value when `sortable`. */
  accessor: string;
  title: string;
  sortable?: boolean;
  /** The cell as text: shown when there is no `render`, and always what the CSV export writes. */
  text?: (record: T) => string;
  render?: (record: T) => ReactNode;
  /** Still shown on phones (under 576 px); the other columns are left out there. */
  key?: boolean;
  width?: number | string;
  /** Keeps the cell on one line (phone numbers, CUITs). */
  noWrap?: boolean;
  textAlign?: 'left' | 'center' | 'right';
  /** Not written to the CSV export. */
  noExport?: boolean;
};

/** A select filter kept in the URL under `name`, with fixed options or options read from the API. */
export type ListFilter = {
  name: string;
  label: string;
  /** Placeholder when nothing is chosen, e.g. 'Todas las compañías'. */
  placeholder: string;
  options?: Option[];
  source?: { resource: string; label: (record: Record<string, unknown>) => string };
};

/** What a list and its forms know about their resource. */
export type ResourceInfo = {
  /** API path without the leading slash: 'users', 'embargos-type'… */
  resource: string;
  /** The screens' base path: '/users', '/embargos-types'… */
  basePath: string;
  subject: Subject;
  /** 'el usuario', 'la compañía': used in confirmations and toasts. */
  noun: string;
};
