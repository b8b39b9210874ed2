import { useAbility } from '@casl/react';
import {
  type AppAbility,
  type Debtor,
  type DebtorCreate,
  debtorCreateSchema,
  debtorUpdateSchema,
  personName,
} from '@cobranzas/shared';
import { useParams } from 'react-router';
import { FormPage } from '../../components/resource/FormPage';
import { ListPage } from '../../components/resource/ListPage';
import { formatCuit } from '../../lib/format';
import { DebtorDebts } from './DebtorDebts';
import { DebtorFields } from './DebtorFields';
import { DEBTOR_COLUMNS, DEBTOR_FILTERS, DEBTORS } from './resource';

export function DebtorsListPage() {
  return (
    <ListPage
      info={DEBTORS}
      title="Deudores"
      columns={DEBTOR_COLUMNS}
      filters={DEBTOR_FILTERS}
      searchPlaceholder="Buscar por nombre, DNI o CUIT"
      exportName="deudores"
      label={personName}
      openPath={(debtor) => `/debtors/view/${debtor.id}`}
    />
  );
}

export function DebtorAddPage() {
  return <DebtorFormPage />;
}

export function DebtorEditPage() {
  const { id } = useParams();
  return <DebtorFormPage id={id} />;
}

const EMPTY: DebtorCreate = {
  dni: '',
  cuit: '',
  firstName: '',
  lastName: '',
  birthDate: null,
  email: '',
  phone: '',
  altPhone: '',
  address: '',
  city: '',
  province: null,
  postalCode: '',
  employer: '',
  notes: '',
  phoneOwner: 'DEUDOR',
  altPhoneOwner: 'DEUDOR',
  emailOwner: 'DEUDOR',
  phoneClosedOn: null,
  altPhoneClosedOn: null,
  emailClosedOn: null,
  phoneKind: null,
  altPhoneKind: null,
};

const text = (value: string | null) => value ?? '';

function DebtorFormPage({ id }: { id?: string | undefined }) {
  const ability = useAbility<AppAbility>();
  return (
    <FormPage
      info={DEBTORS}
      title={id === undefined ? 'Nuevo deudor' : 'Editar deudor'}
      id={id}
      schema={id === undefined ? debtorCreateSchema : debtorUpdateSchema}
      defaults={EMPTY}
      toForm={(debtor: Debtor) => ({
        dni: debtor.dni,
        cuit: debtor.cuit ? formatCuit(debtor.cuit) : '',
        firstName: debtor.firstName,
        lastName: debtor.lastName,
        birthDate: debtor.birthDate,
        email: text(debtor.email),
        phone: text(debtor.phone),
        altPhone: text(debtor.altPhone),
        address: text(debtor.address),
        city: text(debtor.city),
        province: debtor.province,
        postalCode: text(debtor.postalCode),
        employer: text(debtor.employer),
        notes: text(debtor.notes),
        phoneOwner: debtor.phoneOwner,
        altPhoneOwner: debtor.altPhoneOwner,
        emailOwner: debtor.emailOwner,
        phoneClosedOn: debtor.phoneClosedOn,
        altPhoneClosedOn: debtor.altPhoneClosedOn,
        emailClosedOn: debtor.emailClosedOn,
        phoneKind: debtor.phoneKind,
        altPhoneKind: debtor.altPhoneKind,
      })}
      label={(values) => personName({ firstName: values.firstName ?? '', lastName: values.lastName ?? '' })}
      after={({ record }) => (ability.can('view', 'Debts') ? <DebtorDebts debtorId={record.id} /> : null)}
    >
      {() => <DebtorFields />}
    </FormPage>
  );
}
