import {
  CURRENCIES,
  DEBT_STATUSES,
  debtsResource,
  type FilterKeyOf,
  LABELS,
  PRESCRIPTION_WARNING_DAYS,
} from '@cobranzas/shared';
import { Button } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFilter, IconSearch, IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { DateField } from '../../../components/resource/DateField';
import { SelectField, TextField } from '../../../components/resource/fields';
import type { ListPatch, ListState } from '../../../components/resource/listParams';
import { usePermissions } from '../common/hooks';
import { useDebtCatalogs } from '../common/useCatalogs';
import classes from './search.module.css';

/** The URL names of the debt filters (the API's query parameters). */
export const FILTER_NAMES = [
  'companyId',
  'debtTypeId',
  'collectionTypeId',
  'status',
  'assignedUserId',
  'reference',
  'defaultFrom',
  'defaultTo',
  // The dashboard's figures open the debts placed in their period, in their currency (issue 32).
  'createdFrom',
  'createdTo',
  'currency',
  // «Prescribe en los próximos N días» (issue 37); the dashboard's «Prescriben en 60 días» links with it.
  'prescribesWithinDays',
  // No field of its own: set by the link from an import's page (issue 16), shown as a removable note.
  'importId',
] as const satisfies readonly FilterKeyOf<typeof debtsResource>[];
type Values = Record<(typeof FILTER_NAMES)[number] | 'q', string | null>;

const STATUS_OPTIONS = DEBT_STATUSES.map((s) => ({ value: s, label: LABELS.debtStatus[s] }));
const CURRENCY_OPTIONS = CURRENCIES.map((c) => ({
  value: c,
  label: c === 'USD' ? 'Dólares (USD)' : 'Pesos (ARS)',
}));

/** «Prescribe en los próximos N días» as the API takes it (a whole number of days, 1 to 3650). */
const DAYS_MESSAGE = 'Un número entero de días, de 1 a 3.650.';
const validDays = (value: string) =>
  /^\d+$/.test(value) && debtsResource.filters.prescribesWithinDays.safeParse(value).success;

function valuesOf(state: ListState): Values {
  const values = { q: state.q || null } as Values;
  for (const name of FILTER_NAMES) values[name] = state.filters[name] ?? null;
  return values;
}

/** The filter form over GET /debts; applied on 'Buscar', kept in the URL. */
export function DebtFilters({
  state,
  update,
  stage = true,
}: {
  state: ListState;
  update: (patch: ListPatch) => void;
  /** Offer the stage filter (not on the stage lists). */
  stage?: boolean;
}) {
  const perms = usePermissions();
  const catalogs = useDebtCatalogs();
  const phone = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  const active = FILTER_NAMES.filter((name) => state.filters[name]).length + (state.q ? 1 : 0);
  const [open, setOpen] = useState(false);
  const form = useForm<Values>({ defaultValues: valuesOf(state) });

  // Back/forward or a link changed the filters: the form follows the URL.
  const { reset } = form;
  useEffect(() => reset(valuesOf(state)), [state, reset]);

  const apply = form.handleSubmit(({ q, ...filters }) => {
    const trimmed = Object.fromEntries(Object.entries(filters).map(([k, v]) => [k, v?.trim() || null]));
    const days = trimmed.prescribesWithinDays;
    if (days && !validDays(days)) {
      form.setError(
        'prescribesWithinDays',
        { type: 'validate', message: DAYS_MESSAGE },
        { shouldFocus: true },
      );
      return;
    }
    update({ q: q?.trim() ?? '', filters: trimmed });
  });
  const clear = () => update({ q: '', filters: Object.fromEntries(FILTER_NAMES.map((n) => [n, null])) });

  return (
    <FormProvider {...form}>
      <search className={classes.filters}>
        {state.filters.importId ? (
          <p className={classes.importNote}>
            <span>
              Solo las deudas creadas por la{' '}
              <Link to={`/imports/view/${state.filters.importId}`}>
                importación N.º {state.filters.importId}
              </Link>
              .
            </span>
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconX size={14} />}
              onClick={() => update({ filters: { importId: null } })}
            >
              Ver todas
            </Button>
          </p>
        ) : null}
        {phone ? (
          <Button
            variant="default"
            leftSection={<IconFilter size={16} />}
            onClick={() => setOpen((value) => !value)}
            aria-expanded={open}
            aria-controls="filtros-deudas"
            fullWidth
          >
            {active ? `Filtros (${active})` : 'Filtros'}
          </Button>
        ) : null}
        <form id="filtros-deudas" onSubmit={apply} hidden={phone && !open} aria-label="Filtros de deudas">
          <div className={classes.filterGrid}>
            <div className={classes.wide}>
              <TextField name="q" label="Texto" placeholder="Deudor, DNI, referencia, expediente…" />
            </div>
            {perms.catalogs ? (
              <SelectField name="companyId" label="Compañía" data={catalogs.companies} clearable searchable />
            ) : null}
            {stage ? <SelectField name="debtTypeId" label="Etapa" data={catalogs.stages} clearable /> : null}
            {perms.catalogs ? (
              <SelectField
                name="collectionTypeId"
                label="Tipo de cobranza"
                data={catalogs.collectionTypes}
                clearable
              />
            ) : null}
            <SelectField name="status" label="Estado" data={STATUS_OPTIONS} clearable />
            {perms.catalogs ? (
              <SelectField
                name="assignedUserId"
                label="Asignada a"
                data={catalogs.staff}
                clearable
                searchable
              />
            ) : null}
            <TextField name="reference" label="Referencia del cliente" />
            <DateField name="defaultFrom" label="Mora desde" />
            <DateField name="defaultTo" label="Mora hasta" />
            <DateField name="createdFrom" label="Ingresada desde" />
            <DateField name="createdTo" label="Ingresada hasta" />
            <SelectField name="currency" label="Moneda" data={CURRENCY_OPTIONS} clearable />
            <TextField
              name="prescribesWithinDays"
              label="Prescribe en los próximos N días"
              inputMode="numeric"
              autoComplete="off"
              placeholder={`p. ej. ${PRESCRIPTION_WARNING_DAYS}`}
            />
            <div className={classes.filterActions}>
              <Button variant="default" leftSection={<IconX size={16} />} onClick={clear} disabled={!active}>
                Limpiar
              </Button>
              <Button type="submit" leftSection={<IconSearch size={16} />}>
                Buscar
              </Button>
            </div>
          </div>
        </form>
      </search>
    </FormProvider>
  );
}
