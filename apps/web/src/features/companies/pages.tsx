import {
  type Company,
  type CompanyCreate,
  companiesResource,
  companyCreateSchema,
  companyUpdateSchema,
  PROMISE_MAX_DAYS_DEFAULT,
} from '@cobranzas/shared';
import { useParams } from 'react-router';
import { ActiveBadge } from '../../components/resource/ActiveBadge';
import { FormPage } from '../../components/resource/FormPage';
import { CuitField, SwitchField, TextField } from '../../components/resource/fields';
import { ListPage } from '../../components/resource/ListPage';
import classes from '../../components/resource/resource.module.css';
import { type ColumnsOf, type FiltersOf, listSpec, resourceInfo } from '../../components/resource/types';
import { activeLabel, formatCuit, formatPercent, percentForInput } from '../../lib/format';
import { ACTIVE_OPTIONS } from '../users/resource';
import { CONTACT_RULES_EMPTY, ContactRulesFields, contactRulesForm } from './ContactRulesFields';
import { OFFER_LIMITS_EMPTY, OfferLimitsFields, offerLimitsForm } from './OfferLimitsFields';
import { StageCommissionFields } from './StageCommissionFields';

type Companies = typeof companiesResource;

const COMPANIES = resourceInfo(companiesResource, '/companies', 'la compañía');

const COLUMNS: ColumnsOf<Companies, Company> = [
  { accessor: 'name', title: 'Razón social', sortable: true, key: true },
  {
    accessor: 'cuit',
    title: 'CUIT',
    sortable: true,
    key: true,
    text: (c) => formatCuit(c.cuit),
    noWrap: true,
  },
  { accessor: 'contactName', title: 'Contacto' },
  { accessor: 'email', title: 'Correo electrónico' },
  { accessor: 'phone', title: 'Teléfono', noWrap: true },
  {
    accessor: 'commissionRate',
    title: 'Comisión',
    text: (c) => formatPercent(c.commissionRate),
    textAlign: 'right',
  },
  {
    accessor: 'active',
    title: 'Estado',
    text: (c) => activeLabel(c.active, true),
    render: (c) => <ActiveBadge active={c.active} feminine />,
  },
];

const FILTERS: FiltersOf<Companies> = [
  { name: 'active', label: 'Estado', placeholder: 'Activas e inactivas', options: ACTIVE_OPTIONS },
];

export const COMPANIES_LIST = listSpec({ definition: companiesResource, columns: COLUMNS, filters: FILTERS });

export function CompaniesListPage() {
  return (
    <ListPage
      info={COMPANIES}
      title="Compañías"
      columns={COLUMNS}
      filters={FILTERS}
      searchPlaceholder="Buscar por razón social o CUIT"
      exportName="companias"
      label={(c) => c.name}
    />
  );
}

export function CompanyAddPage() {
  return <CompanyFormPage />;
}

export function CompanyEditPage() {
  const { id } = useParams();
  return <CompanyFormPage id={id} />;
}

const EMPTY: CompanyCreate = {
  name: '',
  cuit: '',
  email: '',
  phone: '',
  address: '',
  contactName: '',
  commissionRate: '0',
  commissionRateExtrajudicial: '',
  commissionRateJudicial: '',
  promiseGraceDays: '0',
  promiseMaxDays: String(PROMISE_MAX_DAYS_DEFAULT),
  active: true,
  ...OFFER_LIMITS_EMPTY,
  ...CONTACT_RULES_EMPTY,
};

function CompanyFormPage({ id }: { id?: string | undefined }) {
  return (
    <FormPage
      info={COMPANIES}
      title={id === undefined ? 'Nueva compañía' : 'Editar compañía'}
      id={id}
      schema={id === undefined ? companyCreateSchema : companyUpdateSchema}
      defaults={EMPTY}
      toForm={(company: Company) => ({
        name: company.name,
        cuit: formatCuit(company.cuit),
        email: company.email ?? '',
        phone: company.phone ?? '',
        address: company.address ?? '',
        contactName: company.contactName ?? '',
        commissionRate: percentForInput(company.commissionRate),
        commissionRateExtrajudicial: percentForInput(company.commissionRateExtrajudicial),
        commissionRateJudicial: percentForInput(company.commissionRateJudicial),
        promiseGraceDays: String(company.promiseGraceDays),
        promiseMaxDays: String(company.promiseMaxDays),
        active: company.active,
        ...offerLimitsForm(company),
        ...contactRulesForm(company),
      })}
      label={(values) => values.name ?? ''}
    >
      {() => (
        <div className={classes.grid}>
          <TextField name="name" label="Razón social" withAsterisk autoComplete="organization" />
          <CuitField name="cuit" label="CUIT" withAsterisk />
          <TextField
            name="commissionRate"
            label="Comisión"
            inputMode="decimal"
            rightSection="%"
            description="Porcentaje de lo cobrado, hasta dos decimales."
          />
          <StageCommissionFields />
          <TextField
            name="promiseGraceDays"
            label="Días de gracia de las promesas"
            inputMode="numeric"
            description="Días después del vencimiento en que un pago todavía cumple la promesa (0 a 60)."
          />
          <TextField
            name="promiseMaxDays"
            label="Plazo máximo de las promesas"
            inputMode="numeric"
            rightSection="días"
            rightSectionWidth={48}
            description="Hasta cuántos días desde hoy puede prometerse un pago (1 a 365)."
          />
          <TextField name="contactName" label="Persona de contacto" autoComplete="off" />
          <TextField name="email" label="Correo electrónico" type="email" autoComplete="off" />
          <TextField name="phone" label="Teléfono" type="tel" autoComplete="off" />
          <div className={classes.wide}>
            <TextField name="address" label="Domicilio" autoComplete="off" />
          </div>
          <OfferLimitsFields />
          <ContactRulesFields />
          <div className={classes.wide}>
            <SwitchField
              name="active"
              label="Activa"
              description="Si tiene deudas cargadas, desactívela en lugar de eliminarla."
            />
          </div>
        </div>
      )}
    </FormPage>
  );
}
