import './styles';
import {
  type Case,
  caseStatusesResource,
  casesResource,
  companiesResource,
  jurisdictionsResource,
} from '@cobranzas/shared';
import { useMemo } from 'react';
import { ListPage } from '../../components/resource/ListPage';
import { type ColumnsOf, type FiltersOf, listSpec, resourceInfo } from '../../components/resource/types';
import { formatDate } from '../../lib/format';
import { usePermissions } from '../debts/common/hooks';
import { DeadlineBadge } from './DeadlineBadge';
import { useCaseCatalogs } from './hooks';

type Cases = typeof casesResource;

export const CASES = resourceInfo(casesResource, '/cases', 'el expediente');

const COLUMNS: ColumnsOf<Cases, Case> = [
  { accessor: 'caption', title: 'Carátula', key: true },
  { accessor: 'number', title: 'N.º de expediente', sortable: true, noWrap: true },
  { accessor: 'jurisdictionName', title: 'Jurisdicción' },
  { accessor: 'court', title: 'Juzgado' },
  { accessor: 'statusName', title: 'Estado' },
  { accessor: 'lawyerName', title: 'Abogado' },
  {
    accessor: 'nextDeadlineOn',
    title: 'Próximo vencimiento',
    sortable: true,
    key: true,
    noWrap: true,
    text: (c) => formatDate(c.nextDeadlineOn),
    render: (c) => <DeadlineBadge on={c.nextDeadlineOn} />,
  },
];

const byName = (record: Record<string, unknown>) => String(record.name ?? '');

/** The staff's filters; the lawyers' options are the agency's users (see useCaseCatalogs). */
const filtersFor = (lawyers: { value: string; label: string }[]): FiltersOf<Cases> => [
  {
    name: 'jurisdictionId',
    label: 'Jurisdicción',
    placeholder: 'Todas las jurisdicciones',
    source: { definition: jurisdictionsResource, label: byName },
  },
  {
    name: 'statusId',
    label: 'Estado',
    placeholder: 'Todos los estados',
    source: { definition: caseStatusesResource, label: byName },
  },
  { name: 'lawyerId', label: 'Abogado', placeholder: 'Todos los abogados', options: lawyers },
  {
    name: 'companyId',
    label: 'Empresa',
    placeholder: 'Todas las empresas',
    source: { definition: companiesResource, label: byName },
  },
];

export const CASES_LIST = listSpec({ definition: casesResource, columns: COLUMNS, filters: filtersFor([]) });

const NO_FILTERS: FiltersOf<Cases> = [];
const label = (c: Case) => c.caption;
const openPath = (c: Case) => `/cases/${c.id}`;

/**
 * /cases/list: the court cases, the nearest deadline flagged (within 5 days, or past). The staff
 * filters by jurisdiction, status, lawyer and company; a CLIENTE sees its company's. A case is opened
 * from its debt (the debt's «Expediente» tab), so there is no «Agregar» here.
 */
export function CasesListPage() {
  const perms = usePermissions();
  const { lawyers } = useCaseCatalogs(perms.catalogs);
  const filters = useMemo(
    () => (perms.catalogs ? filtersFor(lawyers) : NO_FILTERS),
    [perms.catalogs, lawyers],
  );
  return (
    <ListPage<Cases, Case>
      info={CASES}
      title="Expedientes"
      columns={COLUMNS}
      filters={filters}
      searchPlaceholder="Buscar por carátula, número o juzgado"
      exportName="expedientes"
      label={label}
      openPath={openPath}
      canAdd={false}
      canDelete={false}
    />
  );
}
