import {
  type Debtor,
  debtorsResource,
  type FilterKeyOf,
  PROVINCES,
  personName,
  type SortKeyOf,
} from '@cobranzas/shared';
import {
  type ListColumn,
  type ListFilter,
  listSpec,
  type Option,
  type ResourceInfo,
} from '../../components/resource/types';
import { formatCuit } from '../../lib/format';

type Debtors = typeof debtorsResource;

export const DEBTORS: ResourceInfo<Debtors> = {
  definition: debtorsResource,
  basePath: '/debtors',
  noun: 'el deudor',
};

export const PROVINCE_OPTIONS: Option[] = PROVINCES.map((province) => ({ value: province, label: province }));

export const DEBTOR_COLUMNS: ListColumn<Debtor, SortKeyOf<Debtors>>[] = [
  { accessor: 'lastName', title: 'Apellido y nombre', sortable: true, key: true, text: personName },
  { accessor: 'dni', title: 'DNI', sortable: true, key: true, noWrap: true },
  { accessor: 'cuit', title: 'CUIT/CUIL', text: (d) => (d.cuit ? formatCuit(d.cuit) : ''), noWrap: true },
  { accessor: 'phone', title: 'Teléfono', noWrap: true },
  { accessor: 'city', title: 'Localidad' },
  { accessor: 'province', title: 'Provincia' },
];

export const DEBTOR_FILTERS: ListFilter<FilterKeyOf<Debtors>>[] = [
  { name: 'province', label: 'Provincia', placeholder: 'Todas las provincias', options: PROVINCE_OPTIONS },
];

export const DEBTORS_LIST = listSpec({
  definition: debtorsResource,
  columns: DEBTOR_COLUMNS,
  filters: DEBTOR_FILTERS,
});
