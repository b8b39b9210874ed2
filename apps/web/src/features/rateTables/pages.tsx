import {
  agencyToday,
  type RateTable,
  rateTableCreateSchema,
  rateTablesResource,
  rateTableUpdateSchema,
} from '@cobranzas/shared';
import { useParams } from 'react-router';
import type { z } from 'zod';
import { FormPage } from '../../components/resource/FormPage';
import { TextareaField, TextField } from '../../components/resource/fields';
import { ListPage } from '../../components/resource/ListPage';
import classes from '../../components/resource/resource.module.css';
import { type ColumnsOf, listSpec, resourceInfo } from '../../components/resource/types';
import { formatDate, formatPercent, percentForInput } from '../../lib/format';
import { EntriesEditor, type EntryRow } from './EntriesEditor';
import { ImportRates } from './ImportRates';

type RateTables = typeof rateTablesResource;

const RATE_TABLES = resourceInfo(rateTablesResource, '/rate-tables', 'la tabla de tasas');

/** The rate in force today: the last entry from today or before (entries come sorted by date). */
export function currentRate(table: Pick<RateTable, 'entries'>, today = agencyToday()) {
  return table.entries.findLast((entry) => entry.from <= today) ?? null;
}

const COLUMNS: ColumnsOf<RateTables, RateTable> = [
  { accessor: 'name', title: 'Nombre', sortable: true, key: true },
  {
    accessor: 'current',
    title: 'Tasa vigente',
    key: true,
    noWrap: true,
    text: (table) => {
      const rate = currentRate(table);
      return rate ? `${formatPercent(rate.annualRate)} desde ${formatDate(rate.from)}` : '';
    },
  },
  {
    accessor: 'entries',
    title: 'Tasas',
    textAlign: 'right',
    text: (table) => String(table.entries.length),
  },
  { accessor: 'description', title: 'Descripción' },
];

export const RATE_TABLES_LIST = listSpec({ definition: rateTablesResource, columns: COLUMNS });

export function RateTablesListPage() {
  return (
    <ListPage
      info={RATE_TABLES}
      title="Tasas de interés"
      columns={COLUMNS}
      searchPlaceholder="Buscar por nombre o descripción"
      exportName="tasas-de-interes"
      label={(table) => table.name}
    />
  );
}

export function RateTableAddPage() {
  return <RateTableFormPage />;
}

export function RateTableEditPage() {
  const { id } = useParams();
  return <RateTableFormPage id={id} />;
}

type RateTableForm = { name: string; description: string; entries: EntryRow[] };
type FormSchema = z.ZodType<z.output<typeof rateTableUpdateSchema>, RateTableForm>;

const EMPTY: RateTableForm = { name: '', description: '', entries: [] };

function RateTableFormPage({ id }: { id?: string | undefined }) {
  return (
    <FormPage
      info={RATE_TABLES}
      title={id === undefined ? 'Nueva tabla de tasas' : 'Editar tabla de tasas'}
      id={id}
      // The form holds a new row's date as null until picked; the schema refuses it (Spanish message).
      schema={(id === undefined ? rateTableCreateSchema : rateTableUpdateSchema) as FormSchema}
      defaults={EMPTY}
      toForm={(table: RateTable): RateTableForm => ({
        name: table.name,
        description: table.description ?? '',
        entries: table.entries.map((entry) => ({
          from: entry.from,
          annualRate: percentForInput(entry.annualRate),
        })),
      })}
      label={(values: { name?: string }) => values.name ?? ''}
      after={({ record, readOnly }) => (readOnly ? null : <ImportRates rateTableId={record.id} />)}
    >
      {({ readOnly }) => (
        <div className={classes.grid}>
          <div className={classes.wide}>
            <TextField name="name" label="Nombre" withAsterisk autoComplete="off" maxLength={120} />
          </div>
          <div className={classes.wide}>
            <TextareaField name="description" label="Descripción" minRows={2} />
          </div>
          <div className={classes.wide}>
            <EntriesEditor readOnly={readOnly} />
          </div>
        </div>
      )}
    </FormPage>
  );
}
