import { useAbility } from '@casl/react';
import {
  type AppAbility,
  CURRENCIES,
  companiesResource,
  formatMoney,
  SETTLEMENT_STATUS_LABELS,
  SETTLEMENT_STATUSES,
  type Settlement,
  type SettlementStatus,
  settlementsResource,
} from '@cobranzas/shared';
import type { ColumnsOf, FiltersOf } from '../../components/resource/types';
import { listSpec, resourceInfo } from '../../components/resource/types';
import { formatDate } from '../../lib/format';
import type { Tone } from '../debts/common/labels';
import { Pill } from '../debts/common/Pill';

type Settlements = typeof settlementsResource;

export const SETTLEMENTS = resourceInfo(settlementsResource, '/settlements', 'la rendición');

const STATUS_TONES: Record<SettlementStatus, Tone> = { DRAFT: 'orange', CLOSED: 'green' };

export function StatusPill({ status }: { status: SettlementStatus }) {
  return <Pill tone={STATUS_TONES[status]}>{SETTLEMENT_STATUS_LABELS[status]}</Pill>;
}

export const CURRENCY_OPTIONS = CURRENCIES.map((c) => ({
  value: c,
  label: c === 'USD' ? 'Dólares (USD)' : 'Pesos (ARS)',
}));

/** «Nº 12», or «Borrador» before it is closed (the number comes with closing). */
export const numberText = (s: Pick<Settlement, 'number'>) =>
  s.number === null ? 'Borrador' : `Nº ${s.number}`;

/** «01/10/2026 al 31/10/2026». */
export const periodText = (s: Pick<Settlement, 'from' | 'to'>) =>
  `${formatDate(s.from)} al ${formatDate(s.to)}`;

/** How the settlement is named in titles and confirmations. */
export const settlementName = (s: Pick<Settlement, 'number' | 'companyName'>) =>
  s.number === null ? `borrador de ${s.companyName}` : `rendición Nº ${s.number} de ${s.companyName}`;

const money = (s: Settlement, value: string) => formatMoney(value, s.currency);

// On a phone: Nº (a draft says «Borrador»), company and what is transferred.
export const COLUMNS: ColumnsOf<Settlements, Settlement> = [
  { accessor: 'number', title: 'Nº', key: true, noWrap: true, text: numberText },
  { accessor: 'companyName', title: 'Compañía', key: true },
  {
    accessor: 'to',
    title: 'Período',
    sortable: true,
    noWrap: true,
    text: periodText,
    // On two lines: the list has many columns.
    render: (s) => (
      <>
        {formatDate(s.from)} al
        <br />
        {formatDate(s.to)}
      </>
    ),
  },
  // The amounts say $ or US$, the page counts the lines and the VAT follows the commission: these
  // wait for a wide screen (the export and the settlement's page have them all).
  { accessor: 'currency', title: 'Moneda', wideOnly: true },
  { accessor: 'items', title: 'Líneas', textAlign: 'right', wideOnly: true, text: (s) => String(s.items) },
  {
    accessor: 'collected',
    title: 'Cobrado',
    textAlign: 'right',
    noWrap: true,
    text: (s) => money(s, s.collected),
  },
  {
    accessor: 'commission',
    title: 'Comisión',
    textAlign: 'right',
    noWrap: true,
    text: (s) => money(s, s.commission),
  },
  {
    accessor: 'vat',
    title: 'IVA',
    textAlign: 'right',
    noWrap: true,
    wideOnly: true,
    text: (s) => money(s, s.vat),
  },
  { accessor: 'net', title: 'Neto', textAlign: 'right', noWrap: true, text: (s) => money(s, s.net) },
  {
    accessor: 'payable',
    title: 'A transferir',
    key: true,
    textAlign: 'right',
    noWrap: true,
    text: (s) => money(s, s.payable),
  },
  {
    accessor: 'status',
    title: 'Estado',
    text: (s) => SETTLEMENT_STATUS_LABELS[s.status],
    render: (s) => <StatusPill status={s.status} />,
  },
];

const COMPANY_FILTER: FiltersOf<Settlements>[number] = {
  name: 'companyId',
  label: 'Compañía',
  placeholder: 'Todas las compañías',
  source: { definition: companiesResource, label: (c) => String(c.name) },
};

const STATUS_FILTER: FiltersOf<Settlements>[number] = {
  name: 'status',
  label: 'Estado',
  placeholder: 'Borradores y cerradas',
  options: SETTLEMENT_STATUSES.map((s) => ({ value: s, label: SETTLEMENT_STATUS_LABELS[s] })),
};

const CURRENCY_FILTER: FiltersOf<Settlements>[number] = {
  name: 'currency',
  label: 'Moneda',
  placeholder: 'Todas las monedas',
  options: CURRENCY_OPTIONS,
};

/** Staff filter by company and status; a CLIENTE sees only its company's closed ones (the API says so). */
export const STAFF_FILTERS: FiltersOf<Settlements> = [COMPANY_FILTER, STATUS_FILTER, CURRENCY_FILTER];
export const CLIENT_FILTERS: FiltersOf<Settlements> = [CURRENCY_FILTER];

export const SETTLEMENTS_LIST = listSpec({
  definition: settlementsResource,
  columns: COLUMNS,
  filters: STAFF_FILTERS,
});

/** Making, closing and deleting settlements is the ADMIN's (the API checks the role too). */
export function useSettlementAdmin() {
  return useAbility<AppAbility>().can('manage', 'all');
}
