import { type Debtor, PROVINCES } from '@cobranzas/shared';
import type { ListColumn, ListFilter, Option, ResourceInfo } from '../../components/resource/types';
import { formatCuit } from '../../lib/format';

export const DEBTORS: ResourceInfo = {
  resource: 'debtors',
  basePath: '/debtors',
  subject: 'debtors',
  noun: 'el deudor',
};

export const PROVINCE_OPTIONS: Option[] = PROVINCES.map((province) => ({ value: province, label: province }));

export const debtorName = (d: Pick<Debtor, 'firstName' | 'lastName'>) => `${d.lastName}, ${d.firstName}`;

export const DEBTOR_COLUMNS: ListColumn<Debtor>[] = [
  { accessor: 'lastName', title: 'Apellido y nombre', sortable: true, key: true, text: debtorName },
  { accessor: 'dni', title: 'DNI', sortable: true, key: true, noWrap: true },
  { accessor: 'cuit', title: 'CUIT/CUIL', text: (d) => (d.cuit ? formatCuit(d.cuit) : ''), noWrap: true },
  { accessor: 'phone', title: 'Teléfono', noWrap: true },
  { accessor: 'city', title: 'Localidad' },
  { accessor: 'province', title: 'Provincia' },
];

export const DEBTOR_FILTERS: ListFilter[] = [
  { name: 'province', label: 'Provincia', placeholder: 'Todas las provincias', options: PROVINCE_OPTIONS },
];
