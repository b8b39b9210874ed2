import {
  type Catalog,
  type CatalogCreate,
  type caseStatusesResource,
  catalogCreateSchema,
  catalogUpdateSchema,
  type collectionsTypesResource,
  type debtsTypesResource,
  type eventsTypesResource,
  type jurisdictionsResource,
  MESSAGES,
} from '@cobranzas/shared';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import type { z } from 'zod';
import { FormPage } from '../../components/resource/FormPage';
import { TextareaField, TextField } from '../../components/resource/fields';
import { ListPage } from '../../components/resource/ListPage';
import classes from '../../components/resource/resource.module.css';
import { type ListColumn, listSpec, type ResourceInfo } from '../../components/resource/types';
import { formatDate } from '../../lib/format';

/** The catalogs' definitions: one shape (name, description, maybe more), one list query. */
type CatalogDefinition =
  | typeof debtsTypesResource
  | typeof collectionsTypesResource
  | typeof eventsTypesResource
  | typeof caseStatusesResource
  | typeof jurisdictionsResource;

export type CatalogConfig = {
  info: ResourceInfo<CatalogDefinition>;
  titles: { list: string; add: string; edit: string };
  exportName: string;
  /** Ids seeded by the system: never deleted, shown read-only. */
  fixedIds?: readonly number[];
  /** Extra sections under the edit form (an event type's sub-types). */
  after?: (context: { record: Catalog; readOnly: boolean }) => ReactNode;
  /** A line under the add form (what can be done after saving). */
  addNote?: string;
  /** Fields beyond name and description (an event type's outcomes), saved with the record. */
  extra?: {
    schemas: { create: z.ZodType<Record<string, unknown>>; update: z.ZodType<Record<string, unknown>> };
    defaults: Record<string, unknown>;
    toForm: (record: Catalog) => Record<string, unknown>;
    fields: (context: { readOnly: boolean }) => ReactNode;
  };
  /** List columns after the description (a collection type's prescription years). */
  columns?: ListColumn<Catalog, never>[];
  /** Where a row leads (default: its edit page), e.g. a jurisdiction's calendar. */
  openPath?: (record: Catalog) => string;
};

const COLUMNS: ListColumn<Catalog, 'name' | 'createdAt'>[] = [
  { accessor: 'name', title: 'Nombre', sortable: true, key: true },
  { accessor: 'description', title: 'Descripción' },
  {
    accessor: 'createdAt',
    title: 'Creado',
    sortable: true,
    text: (c) => formatDate(c.createdAt),
    width: 120,
  },
];

const EMPTY: CatalogCreate = { name: '', description: '' };

/** The list, add and edit screens of a name + description catalog. */
export function makeCatalog(config: CatalogConfig) {
  const fixed = (id: number) => config.fixedIds?.includes(id) ?? false;

  const columns = config.columns ? [...COLUMNS.slice(0, 2), ...config.columns, ...COLUMNS.slice(2)] : COLUMNS;
  const list = listSpec({ definition: config.info.definition, columns });

  function List() {
    return (
      <ListPage<CatalogDefinition, Catalog>
        info={config.info}
        title={config.titles.list}
        columns={columns}
        searchPlaceholder="Buscar por nombre"
        exportName={config.exportName}
        label={(c) => c.name}
        deletable={(c) => !fixed(c.id)}
        openPath={config.openPath}
      />
    );
  }

  function Form({ id }: { id?: string | undefined }) {
    const { extra } = config;
    const schema = id === undefined ? catalogCreateSchema : catalogUpdateSchema;
    const extraSchema = id === undefined ? extra?.schemas.create : extra?.schemas.update;
    return (
      <FormPage
        info={config.info}
        title={id === undefined ? config.titles.add : config.titles.edit}
        id={id}
        schema={(extraSchema ?? schema) as typeof schema}
        defaults={{ ...EMPTY, ...extra?.defaults }}
        toForm={(record: Catalog) => ({
          name: record.name,
          description: record.description ?? '',
          ...extra?.toForm(record),
        })}
        label={(values) => values.name ?? ''}
        locked={(record) => (fixed(record.id) ? MESSAGES.fixedRecord : null)}
        after={config.after}
      >
        {({ readOnly }) => (
          <div className={classes.grid}>
            <TextField name="name" label="Nombre" withAsterisk autoComplete="off" />
            <div className={classes.wide}>
              <TextareaField name="description" label="Descripción" />
            </div>
            {extra ? <div className={classes.wide}>{extra.fields({ readOnly })}</div> : null}
            {id === undefined && config.addNote ? <p className={classes.hint}>{config.addNote}</p> : null}
          </div>
        )}
      </FormPage>
    );
  }

  function Add() {
    return <Form />;
  }

  function Edit() {
    const { id } = useParams();
    return <Form id={id} />;
  }

  return { List, Add, Edit, list };
}
