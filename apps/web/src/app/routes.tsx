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

const users = () => import('../features/users/pages');
const companies = () => import('../features/companies/pages');
const eventsTypes = () => import('../features/eventsTypes/pages');
const debtors = () => import('../features/debtors/pages');
const embargosTypes = () => import('../features/embargosTypes/pages');
const debtsTypes = () => import('../features/debtsTypes/pages');
const debts = () => import('../features/debts/pages');

const layoutRoutes: RouteObject[] = [
  {
    index: true,
    lazy: page(
      () => import('../features/home/pages'),
      (m) => m.HomePage,
    ),
  },

  { path: 'users/list', lazy: page(users, (m) => m.UsersListPage) },
  { path: 'users/add', lazy: page(users, (m) => m.UserAddPage) },
  { path: 'users/edit/:id', lazy: page(users, (m) => m.UserEditPage) },

  { path: 'companies/list', lazy: page(companies, (m) => m.CompaniesListPage) },
  { path: 'companies/add', lazy: page(companies, (m) => m.CompanyAddPage) },
  { path: 'companies/edit/:id', lazy: page(companies, (m) => m.CompanyEditPage) },

  { path: 'eventsTypes/list', lazy: page(eventsTypes, (m) => m.EventTypesListPage) },
  { path: 'eventsTypes/add', lazy: page(eventsTypes, (m) => m.EventTypeAddPage) },
  { path: 'eventsTypes/edit/:id', lazy: page(eventsTypes, (m) => m.EventTypeEditPage) },

  { path: 'debtors/list', lazy: guarded('view', 'Debts', debtors, (m) => m.DebtorsListPage) },
  { path: 'debtors/add', lazy: guarded('add', 'Debts', debtors, (m) => m.DebtorAddPage) },
  { path: 'debtors/edit/:id', lazy: page(debtors, (m) => m.DebtorEditPage) },

  { path: 'embargos-types/list', lazy: page(embargosTypes, (m) => m.EmbargoTypesListPage) },
  { path: 'embargos-types/add', lazy: page(embargosTypes, (m) => m.EmbargoTypeAddPage) },
  { path: 'embargos-types/edit/:id', lazy: page(embargosTypes, (m) => m.EmbargoTypeEditPage) },

  { path: 'debts-types/list', lazy: page(debtsTypes, (m) => m.DebtTypesListPage) },
  { path: 'debts-types/add', lazy: page(debtsTypes, (m) => m.DebtTypeAddPage) },
  { path: 'debts-types/edit/:id', lazy: page(debtsTypes, (m) => m.DebtTypeEditPage) },

  { path: 'debts/search', lazy: page(debts, (m) => m.DebtSearchPage) },
  { path: 'debts/add', lazy: guarded('add', 'Debts', debts, (m) => m.DebtAddPage) },
  { path: 'debts/edit/:id', lazy: guarded('edit', 'Debts', debts, (m) => m.DebtEditPage) },
  { path: 'debts/view/:id', lazy: page(debts, (m) => m.DebtViewPage) },
  { path: 'debts/type/:type', lazy: page(debts, (m) => m.DebtsByTypePage) },

  {
    path: 'calendar',
    lazy: page(
      () => import('../features/calendar/pages'),
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
