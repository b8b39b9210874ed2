/**
 * The route table of SPEC §2. Every page is its own lazy module; /login and the layout are
 * separate lazy chunks so the login page loads none of the signed-in app.
 */
import type { Action, Subject } from '@cobranzas/shared';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { PageLoading } from '../components/Loading';
import { RouteError } from './RouteError';

type Lazy = () => Promise<{ Component: ComponentType }>;

/** Loads one export of a page module. */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): Lazy {
  return async () => ({ Component: pick(await load()) });
}

/** Same, behind a SPEC §6 route guard. */
function guarded<M>(
  action: Action,
  subject: Subject,
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
): Lazy {
  return async () => {
    const [{ withPermission }, module] = await Promise.all([import('../components/withPermission'), load()]);
    return { Component: withPermission(action, subject, pick(module)) };
  };
}

type Rule = readonly [Action, Subject];
type CrudPages<M> = {
  list: (m: M) => ComponentType;
  add: (m: M) => ComponentType;
  edit: (m: M) => ComponentType;
};

/** A screen family's list, add and edit routes, each behind its guard. */
function crud<M>(
  base: string,
  load: () => Promise<M>,
  pages: CrudPages<M>,
  rules: { list: Rule; add: Rule; edit: Rule },
): RouteObject[] {
  return [
    { path: `${base}/list`, lazy: guarded(...rules.list, load, pages.list) },
    { path: `${base}/add`, lazy: guarded(...rules.add, load, pages.add) },
    { path: `${base}/edit/:id`, lazy: guarded(...rules.edit, load, pages.edit) },
  ];
}

/** Catalog screens: view SystemManagement to list and open (read-only without edit), add to create. */
const SYSTEM = {
  list: ['view', 'SystemManagement'],
  add: ['add', 'SystemManagement'],
  edit: ['view', 'SystemManagement'],
} as const;

const users = () => import('../features/users/pages');
const companies = () => import('../features/companies/pages');
const eventsTypes = () => import('../features/eventsTypes/pages');
const debtors = () => import('../features/debtors/pages');
const catalogs = () => import('../features/catalogs/pages');
const debtSearch = () => import('../features/debts/search/SearchPage');
const debtForm = () => import('../features/debts/form/DebtFormPage');
const debtView = () => import('../features/debts/view/DebtViewPage');
const debtsByType = () => import('../features/debts/type/DebtsByTypePage');
const imports = () => import('../features/imports/pages');
const rateTables = () => import('../features/rateTables/pages');
const letterTemplates = () => import('../features/letterTemplates/pages');
const settlements = () => import('../features/settlements/pages');
const reconciliations = () => import('../features/reconciliations/pages');
const strategies = () => import('../features/strategies/pages');
const letters = () => import('../features/letters/pages');
const cases = () => import('../features/cases/pages');
const jurisdictions = () => import('../features/jurisdictions/pages');
/**
 * The portfolio import is staff only (DESIGN.md §10.6, STAFF_ONLY_RESOURCES: the API refuses a
 * CLIENTE though it may view Debts). Among SPEC §6's roles, staff is who may add debts.
 */
const STAFF = ['add', 'Debts'] as const;

const layoutRoutes: RouteObject[] = [
  {
    index: true,
    lazy: page(
      () => import('../features/home/pages'),
      (m) => m.HomePage,
    ),
  },

  ...crud(
    'users',
    users,
    { list: (m) => m.UsersListPage, add: (m) => m.UserAddPage, edit: (m) => m.UserEditPage },
    SYSTEM,
  ),
  ...crud(
    'companies',
    companies,
    { list: (m) => m.CompaniesListPage, add: (m) => m.CompanyAddPage, edit: (m) => m.CompanyEditPage },
    SYSTEM,
  ),
  ...crud(
    'eventsTypes',
    eventsTypes,
    { list: (m) => m.EventTypesListPage, add: (m) => m.EventTypeAddPage, edit: (m) => m.EventTypeEditPage },
    SYSTEM,
  ),
  // SPEC §6: /debtors/list needs view Debts and /debtors/add add Debts; editing shows a debtor to
  // whoever may view debtors (read-only without edit debtors).
  ...crud(
    'debtors',
    debtors,
    { list: (m) => m.DebtorsListPage, add: (m) => m.DebtorAddPage, edit: (m) => m.DebtorEditPage },
    { list: ['view', 'Debts'], add: ['add', 'Debts'], edit: ['view', 'debtors'] },
  ),
  // Issue 32: the debtor's file (their debts and one history), for whoever may view debtors.
  {
    path: 'debtors/view/:id',
    lazy: guarded(
      'view',
      'debtors',
      () => import('../features/debtors/file/DebtorFilePage'),
      (m) => m.DebtorFilePage,
    ),
  },
  ...crud(
    'embargos-types',
    catalogs,
    { list: (m) => m.EmbargoTypes.List, add: (m) => m.EmbargoTypes.Add, edit: (m) => m.EmbargoTypes.Edit },
    SYSTEM,
  ),
  ...crud(
    'debts-types',
    catalogs,
    { list: (m) => m.DebtTypes.List, add: (m) => m.DebtTypes.Add, edit: (m) => m.DebtTypes.Edit },
    SYSTEM,
  ),
  ...crud(
    'collections-types',
    catalogs,
    {
      list: (m) => m.CollectionTypes.List,
      add: (m) => m.CollectionTypes.Add,
      edit: (m) => m.CollectionTypes.Edit,
    },
    SYSTEM,
  ),
  ...crud(
    'events-history-types',
    catalogs,
    {
      list: (m) => m.EventHistoryTypes.List,
      add: (m) => m.EventHistoryTypes.Add,
      edit: (m) => m.EventHistoryTypes.Edit,
    },
    SYSTEM,
  ),
  // Issue 37: where a court case stands, and the jurisdictions whose calendars count its deadlines
  // (SystemManagement: GENERAL views, ADMIN writes).
  ...crud(
    'case-statuses',
    catalogs,
    { list: (m) => m.CaseStatuses.List, add: (m) => m.CaseStatuses.Add, edit: (m) => m.CaseStatuses.Edit },
    SYSTEM,
  ),
  ...crud(
    'jurisdictions',
    jurisdictions,
    {
      list: (m) => m.JurisdictionsListPage,
      add: (m) => m.JurisdictionAddPage,
      edit: (m) => m.JurisdictionEditPage,
    },
    SYSTEM,
  ),
  {
    path: 'jurisdictions/:id/calendar',
    lazy: guarded('view', 'SystemManagement', jurisdictions, (m) => m.JurisdictionCalendarPage),
  },
  // Issue 17: dated annual rates (SystemManagement: GENERAL views, ADMIN writes).
  ...crud(
    'rate-tables',
    rateTables,
    { list: (m) => m.RateTablesListPage, add: (m) => m.RateTableAddPage, edit: (m) => m.RateTableEditPage },
    SYSTEM,
  ),
  // Issue 17: letter templates (SystemManagement: GENERAL views, ADMIN writes).
  ...crud(
    'letter-templates',
    letterTemplates,
    {
      list: (m) => m.LetterTemplatesListPage,
      add: (m) => m.LetterTemplateAddPage,
      edit: (m) => m.LetterTemplateEditPage,
    },
    SYSTEM,
  ),

  // Issue 17: the agency's own data (SystemManagement: GENERAL views, ADMIN writes).
  {
    path: 'agency',
    lazy: guarded(
      'view',
      'SystemManagement',
      () => import('../features/agency/pages'),
      (m) => m.AgencyPage,
    ),
  },

  // Issue 36: how the agency sends e-mail and WhatsApp, the ADMIN's (the API checks the role too).
  {
    path: 'agency/messaging',
    lazy: guarded(
      'manage',
      'all',
      () => import('../features/agency/MessagingPage'),
      (m) => m.MessagingPage,
    ),
  },

  // Issue 32: anyone signed in changes their own password (no permission beyond the session).
  {
    path: 'account/password',
    lazy: page(
      () => import('../features/users/OwnPasswordPage'),
      (m) => m.OwnPasswordPage,
    ),
  },

  // Each debt screen its own module: the file or the Buscador, opened first, loads none of the others.
  { path: 'debts/search', lazy: page(debtSearch, (m) => m.DebtSearchPage) },
  { path: 'debts/add', lazy: guarded('add', 'Debts', debtForm, (m) => m.DebtAddPage) },
  { path: 'debts/edit/:id', lazy: guarded('edit', 'Debts', debtForm, (m) => m.DebtEditPage) },
  { path: 'debts/view/:id', lazy: page(debtView, (m) => m.DebtViewPage) },
  { path: 'debts/type/:type', lazy: page(debtsByType, (m) => m.DebtsByTypePage) },

  // Issue 37: court cases, guarded like the debts (a CLIENTE reads its company's); a case is opened
  // from its debt's «Expediente» tab.
  { path: 'cases/list', lazy: guarded('view', 'Debts', cases, (m) => m.CasesListPage) },
  { path: 'cases/:id', lazy: guarded('view', 'Debts', cases, (m) => m.CaseViewPage) },

  // Issue 32: the list behind the dashboard's «Cobrado en el período», with its filters.
  {
    path: 'collected',
    lazy: guarded(
      'view',
      'Debts',
      () => import('../features/home/CollectedPage'),
      (m) => m.CollectedPage,
    ),
  },

  // Issue 16: the portfolio import, for staff only (a CLIENTE gets the API's 403 anyway).
  { path: 'imports/list', lazy: guarded(...STAFF, imports, (m) => m.ImportsListPage) },
  { path: 'imports/add', lazy: guarded(...STAFF, imports, (m) => m.ImportAddPage) },
  { path: 'imports/view/:id', lazy: guarded(...STAFF, imports, (m) => m.ImportViewPage) },

  // Issue 35: money in, ADMIN only (the API refuses everyone else: ADMIN_ONLY_RESOURCES).
  {
    path: 'reconciliations/list',
    lazy: guarded('manage', 'all', reconciliations, (m) => m.ReconciliationsListPage),
  },
  {
    path: 'reconciliations/add',
    lazy: guarded('manage', 'all', reconciliations, (m) => m.ReconciliationAddPage),
  },
  {
    path: 'reconciliations/view/:id',
    lazy: guarded('manage', 'all', reconciliations, (m) => m.ReconciliationViewPage),
  },
  {
    path: 'reconciliations/profiles',
    lazy: guarded('manage', 'all', reconciliations, (m) => m.ProfilesPage),
  },

  // Issue 36: strategies, SystemManagement (GENERAL reads them and their runs, a CLIENTE never); only
  // the ADMIN writes one (manage all; the API checks the role too).
  {
    path: 'strategies/list',
    lazy: guarded('view', 'SystemManagement', strategies, (m) => m.StrategiesListPage),
  },
  { path: 'strategies/add', lazy: guarded('manage', 'all', strategies, (m) => m.StrategyAddPage) },
  { path: 'strategies/edit/:id', lazy: guarded('manage', 'all', strategies, (m) => m.StrategyEditPage) },
  {
    path: 'strategies/view/:id',
    lazy: guarded('view', 'SystemManagement', strategies, (m) => m.StrategyViewPage),
  },
  {
    path: 'strategies/runs/:id',
    lazy: guarded('view', 'SystemManagement', strategies, (m) => m.RunViewPage),
  },

  // Issue 36: the day's print batch of the letters strategies queued, for staff only (a CLIENTE never
  // prints letters: the API refuses it too).
  { path: 'letters/batches', lazy: guarded(...STAFF, letters, (m) => m.LetterBatchesPage) },

  // Issue 19: settlements to the client companies, guarded like the debts (a CLIENTE sees its closed
  // ones); making one is the ADMIN's (the API checks the role too).
  {
    path: 'settlements/list',
    lazy: guarded('view', 'Debts', settlements, (m) => m.SettlementsListPage),
  },
  { path: 'settlements/add', lazy: guarded('manage', 'all', settlements, (m) => m.SettlementAddPage) },
  { path: 'settlements/:id', lazy: guarded('view', 'Debts', settlements, (m) => m.SettlementViewPage) },

  // Issue 18: the collector's queue (staff: a CLIENTE has none) and, for an ADMIN, everyone's load.
  {
    path: 'queue',
    lazy: guarded(
      ...STAFF,
      () => import('../features/queue/pages'),
      (m) => m.QueuePage,
    ),
  },
  {
    path: 'collectors',
    lazy: guarded(
      'manage',
      'all',
      () => import('../features/collectors/pages'),
      (m) => m.CollectorsLoadPage,
    ),
  },

  {
    path: 'calendar',
    lazy: guarded(
      'view',
      'tasks',
      () => import('../features/tasks/pages'),
      (m) => m.CalendarPage,
    ),
  },

  {
    path: '*',
    lazy: page(
      () => import('../components/NotFoundPage'),
      (m) => m.NotFoundPage,
    ),
  },
];

export const routes: RouteObject[] = [
  {
    id: 'root',
    // Shown while the first route's modules load.
    HydrateFallback: PageLoading,
    ErrorBoundary: RouteError,
    children: [
      {
        path: '/login',
        lazy: page(
          () => import('../features/auth/LoginPage'),
          (m) => m.LoginPage,
        ),
      },
      {
        id: 'layout',
        path: '/',
        lazy: page(
          () => import('./layout/AppLayout'),
          (m) => m.AppLayout,
        ),
        // A pathless route so that page errors render inside the layout.
        children: [{ id: 'pages', ErrorBoundary: RouteError, children: layoutRoutes }],
      },
    ],
  },
];
