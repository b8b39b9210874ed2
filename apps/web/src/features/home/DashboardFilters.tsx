import { companiesResource } from '@cobranzas/shared';
import { Button } from '@mantine/core';
import { IconFilter, IconX } from '@tabler/icons-react';
import { useEffect } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { DateField } from '../../components/resource/DateField';
import { SelectField } from '../../components/resource/fields';
import { useOptions } from '../../components/resource/useOptions';
import type { ReportFilters } from './api';
import classes from './home.module.css';

type Values = { company: string | null; start: string | null; end: string | null };
const byName = (record: { name: string }) => record.name;
const valuesOf = (filters: ReportFilters): Values => ({
  company: filters.company ?? null,
  start: filters.start ?? null,
  end: filters.end ?? null,
});
const filtersOf = (values: Partial<Values>): ReportFilters => ({
  company: values.company || undefined,
  start: values.start || undefined,
  end: values.end || undefined,
});

/**
 * Company (agency staff only: a CLIENTE's figures are always its own company's) and period.
 * The period is the one of the reports: debts placed and money collected between start and end.
 */
export function DashboardFilters({
  filters,
  onApply,
  onDraft,
  chooseCompany,
}: {
  filters: ReportFilters;
  onApply: (filters: ReportFilters) => void;
  /** What the form holds now, applied or not (the spreadsheet downloads it). */
  onDraft?: (filters: ReportFilters) => void;
  chooseCompany: boolean;
}) {
  const companies = useOptions(companiesResource, byName, chooseCompany);
  const form = useForm<Values>({ defaultValues: valuesOf(filters) });
  const { reset, watch } = form;
  useEffect(() => reset(valuesOf(filters)), [filters, reset]);
  useEffect(() => {
    if (!onDraft) return;
    const subscription = watch((values) => onDraft(filtersOf(values)));
    return () => subscription.unsubscribe();
  }, [watch, onDraft]);
  const active = Object.values(filters).some(Boolean);

  const submit = form.handleSubmit((values) => {
    if (values.start && values.end && values.end < values.start) {
      form.setError('end', { message: 'La fecha final no puede ser anterior a la inicial.' });
      return;
    }
    onApply(filtersOf(values));
  });

  return (
    <FormProvider {...form}>
      <form className={classes.filters} onSubmit={submit} aria-label="Filtros del tablero">
        {chooseCompany ? (
          <SelectField
            className={classes.company}
            name="company"
            label="Compañía"
            placeholder="Todas"
            data={companies.options}
            searchable
            clearable
          />
        ) : null}
        <DateField className={classes.date} name="start" label="Desde" />
        <DateField className={classes.date} name="end" label="Hasta" />
        <div className={classes.filterActions}>
          <Button type="submit" leftSection={<IconFilter size={16} />}>
            Aplicar
          </Button>
          {active ? (
            <Button variant="default" leftSection={<IconX size={16} />} onClick={() => onApply({})}>
              Limpiar
            </Button>
          ) : null}
        </div>
      </form>
    </FormProvider>
  );
}
