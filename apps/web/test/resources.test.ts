import { type ResourceDefinition, usersTypesResource } from '@cobranzas/shared';
import { describe, expect, it } from 'vitest';
import type { ListParams } from '../src/components/resource/http';
import type { ListFilter } from '../src/components/resource/types';
import { CASES_LIST } from '../src/features/cases/CasesListPage';
import { CASE_NOTICES_LIST } from '../src/features/cases/NoticesSection';
import { CASE_STEPS_LIST } from '../src/features/cases/StepsSection';
import {
  CaseStatuses,
  CollectionTypes,
  DebtTypes,
  EmbargoTypes,
  EventHistoryTypes,
} from '../src/features/catalogs/pages';
import { COMPANIES_LIST } from '../src/features/companies/pages';
import { DEBTOR_DEBTS_LIST } from '../src/features/debtors/DebtorDebts';
import { DEBTORS_LIST } from '../src/features/debtors/resource';
import { DEBTS_LIST } from '../src/features/debts/search/DebtList';
import { DEPOSITS_TAB } from '../src/features/deposits/DepositsTab';
import { DOCUMENTS_TAB } from '../src/features/documents/DocumentsTab';
import { EMBARGOS_TAB } from '../src/features/embargos/EmbargosTab';
import { EVENTS_TAB } from '../src/features/events/EventsTab';
import { EventTypes } from '../src/features/eventsTypes/pages';
import { SUB_TYPES_LIST } from '../src/features/eventsTypes/SubTypesEditor';
import { IMPORTS_LIST } from '../src/features/imports/ImportsListPage';
import { DAYS_OFF_LIST } from '../src/features/jurisdictions/CalendarPage';
import { Jurisdictions } from '../src/features/jurisdictions/pages';
import { LETTERS_TAB } from '../src/features/letters/LettersTab';
import { LETTER_TEMPLATES_LIST } from '../src/features/letterTemplates/pages';
import { OBSERVATIONS_TAB } from '../src/features/observations/ObservationsTab';
import { OFFERS_TAB } from '../src/features/offers/OffersTab';
import { PAYMENTS_TAB } from '../src/features/payments/PaymentsTab';
import { PROMISES_TAB } from '../src/features/promises/PromisesTab';
import { QUOTAS_TAB } from '../src/features/quotas/QuotasTab';
import { RATE_TABLES_LIST } from '../src/features/rateTables/pages';
import { SERVICES_TAB } from '../src/features/services/ServicesTab';
import { SETTLEMENTS_LIST } from '../src/features/settlements/resource';
import { STRATEGIES_LIST } from '../src/features/strategies/StrategiesListPage';
import { TASKS_TAB } from '../src/features/tasks/TasksTab';
import { AGENDA_LIST } from '../src/features/tasks/useAgenda';
import { USERS_LIST } from '../src/features/users/resource';
import { sentBy } from '../src/lib/resourceQueries';

/**
 * Every list of the web (catalog pages, users, companies, debtors, the debt lists, the debt file's
 * tabs, the agenda): the types already tie its sort values and filters to the shared definition;
 * this checks at run time that each sortable column, each filter and each fixed parameter it sends
 * is one the definition (and so the API) knows.
 */
/** A list spec of any resource, as the checks read it. */
type AnySpec = {
  definition: ResourceDefinition;
  columns?: readonly { accessor: string; sortable?: boolean }[];
  sorts?: readonly string[];
  filters?: readonly (string | ListFilter)[];
  params?: object;
};

const LISTS: Record<string, AnySpec> = {
  'embargos-types': EmbargoTypes.list,
  'debts-types': DebtTypes.list,
  'collections-types': CollectionTypes.list,
  'events-history-types': EventHistoryTypes.list,
  eventsTypes: EventTypes.list,
  'eventsTypes sub-types': SUB_TYPES_LIST,
  users: USERS_LIST,
  companies: COMPANIES_LIST,
  debtors: DEBTORS_LIST,
  "debtor's debts": DEBTOR_DEBTS_LIST,
  'debts search and stage lists': DEBTS_LIST,
  'tab Cuotas': QUOTAS_TAB,
  'tab Pagos': PAYMENTS_TAB,
  'tab Promesas': PROMISES_TAB,
  'tab Ofertas': OFFERS_TAB,
  'tab Depósitos': DEPOSITS_TAB,
  'tab Servicios': SERVICES_TAB,
  'tab Gestiones': EVENTS_TAB,
  'tab Observaciones': OBSERVATIONS_TAB,
  'tab Embargos': EMBARGOS_TAB,
  'tab Documentos': DOCUMENTS_TAB,
  'tab Cartas': LETTERS_TAB,
  'tab Tareas': TASKS_TAB,
  agenda: AGENDA_LIST,
  imports: IMPORTS_LIST,
  'rate tables': RATE_TABLES_LIST,
  'letter templates': LETTER_TEMPLATES_LIST,
  settlements: SETTLEMENTS_LIST,
  strategies: STRATEGIES_LIST,
  // Issue 37.
  cases: CASES_LIST,
  'case steps': CASE_STEPS_LIST,
  'case notices': CASE_NOTICES_LIST,
  'case statuses': CaseStatuses.list,
  jurisdictions: Jurisdictions.list,
  'judicial days off': DAYS_OFF_LIST,
};

function asked(spec: AnySpec) {
  const fixed = sentBy((spec.params ?? {}) as ListParams);
  const sorts = [
    ...(spec.columns ?? []).filter((column) => column.sortable).map((column) => column.accessor),
    ...(spec.sorts ?? []),
    ...(fixed.sort ? [fixed.sort] : []),
  ];
  const filters = [
    ...(spec.filters ?? []).map((filter) => (typeof filter === 'string' ? filter : filter.name)),
    ...fixed.filters,
  ];
  return { sorts, filters };
}

const filterNames = (definition: ResourceDefinition) => Object.keys(definition.filters);

describe('every web list agrees with its shared definition (issue 15)', () => {
  it.each(Object.entries(LISTS))('%s', (_name, spec) => {
    const { definition } = spec;
    const { sorts, filters } = asked(spec);
    for (const sort of sorts) expect(definition.sortable, `sort ${sort}`).toContain(sort);
    for (const filter of filters) expect(filterNames(definition), `filter ${filter}`).toContain(filter);
    // And the API's own list query accepts what the list sends (no 400 for an unknown parameter).
    for (const sort of sorts) expect(definition.listQuery.safeParse({ sort }).success).toBe(true);
  });

  it('the lists that sort by a column offer at least one', () => {
    for (const spec of [
      USERS_LIST,
      COMPANIES_LIST,
      DEBTORS_LIST,
      DEBTS_LIST,
      EmbargoTypes.list,
      IMPORTS_LIST,
      RATE_TABLES_LIST,
      SETTLEMENTS_LIST,
      CASES_LIST,
    ] as AnySpec[]) {
      expect(asked(spec).sorts.length).toBeGreaterThan(0);
    }
  });

  it("a filter's options come from a resource that sorts by name (the select's order)", () => {
    const sources = (USERS_LIST.filters ?? []).flatMap((filter) =>
      typeof filter !== 'string' && filter.source ? [filter.source.definition] : [],
    );
    expect(sources).toContain(usersTypesResource);
    for (const definition of sources) expect(definition.sortable).toContain('name');
  });
});
