import { type Debtor, debtorsResource, PROVINCES, personName } from '@cobranzas/shared';
import { type ColumnsOf, type FiltersOf, listSpec, resourceInfo } from '../../components/resource/types';
import { formatCuit, formatDni } from '../../lib/format';

export const DEBTORS = resourceInfo(debtorsResource, '/debtors', 'el deudor');

export const PROVINCE_OPTIONS = PROVINCES.map((province) => ({ value: province, label: province }));

export const DEBTOR_COLUMNS: ColumnsOf<typeof debtorsResource, Debtor> = [
  { accessor: 'lastName', title: 'Apellido y nombre', sortable: true, key: true, text: personName },
  { accessor: 'dni', title: 'DNI', sortable: true, key: true, noWrap: true, text: (d) => formatDni(d.dni) },
  { accessor: 'cuit', title: 'CUIT/CUIL', text: (d) => (d.cuit ? formatCuit(d.cuit) : ''), noWrap: true },
  { accessor: 'phone', title: 'Teléfono', noWrap: true },
  { accessor: 'city', title: 'Localidad' },
  { accessor: 'province', title: 'Provincia' },
];

export const DEBTOR_FILTERS: FiltersOf<typeof debtorsResource> = [
  { name: 'province', label: 'Provincia', placeholder: 'Todas las provincias', options: PROVINCE_OPTIONS },
];

export const DEBTORS_LIST = listSpec({
  definition: debtorsResource,
  columns: DEBTOR_COLUMNS,
  filters: DEBTOR_FILTERS,
});
