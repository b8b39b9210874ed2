import {
  agencyToday,
  CURRENCIES,
  companiesResource,
  type Settlement,
  type SettlementCreate,
  settlementCreateSchema,
} from '@cobranzas/shared';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { DateField } from '../../components/resource/DateField';
import { FormPage } from '../../components/resource/FormPage';
import { SelectField } from '../../components/resource/fields';
import classes from '../../components/resource/resource.module.css';
import { useOptions } from '../../components/resource/useOptions';
import { formatDate } from '../../lib/format';
import { CURRENCY_OPTIONS, SETTLEMENTS } from './resource';

const byName = (company: { name: string }) => company.name;
const currencyOf = (value: string | null) =>
  CURRENCIES.find((currency) => currency === value) ?? ('ARS' as const);

/**
 * /settlements/add (ADMIN): the draft of a company's payments and deposits in one currency up to a
 * day. The dashboard's «A rendir» links here with ?companyId=…&currency=…; the API answers 409 with
 * its message when there is nothing to settle, shown above the buttons.
 */
export function SettlementAddPage() {
  const [params] = useSearchParams();
  const companyId = params.get('companyId');
  const currency = params.get('currency');
  const defaults = useMemo<SettlementCreate>(
    () => ({
      companyId: companyId && /^\d+$/.test(companyId) ? companyId : '',
      currency: currencyOf(currency),
      to: agencyToday(),
    }),
    [companyId, currency],
  );
  const companies = useOptions(companiesResource, byName);
  return (
    <FormPage
      info={SETTLEMENTS}
      title="Nueva rendición"
      schema={settlementCreateSchema}
      defaults={defaults}
      toForm={() => defaults}
      label={(values) => `borrador hasta el ${formatDate(values.to)}`}
      submitLabel="Generar borrador"
      afterSave={(saved: Settlement) => `/settlements/${saved.id}`}
    >
      {() => (
        <div className={classes.grid}>
          <SelectField
            name="companyId"
            label="Compañía"
            placeholder={companies.loading ? 'Cargando compañías…' : 'Elija la compañía'}
            data={companies.options}
            searchable
            withAsterisk
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <SelectField
            name="currency"
            label="Moneda"
            data={CURRENCY_OPTIONS}
            withAsterisk
            allowDeselect={false}
          />
          <DateField
            name="to"
            label="Hasta"
            description="Entran los pagos y depósitos hasta este día que no estén en otra rendición cerrada."
            withAsterisk
            clearable={false}
            maxDate={agencyToday()}
          />
        </div>
      )}
    </FormPage>
  );
}
