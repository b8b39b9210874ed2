import { MESSAGES, type UserTypeName } from '@cobranzas/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setNavigator } from '../src/lib/navigation';
import { session } from '../src/lib/session';
import { mockApi } from './http';
import { renderApp, signInAs } from './render';

// The screens of issue 4 are big to transform: loaded once, before the timed assertions.
beforeAll(async () => {
  await Promise.all([
    import('../src/features/users/pages'),
    import('../src/features/debtors/pages'),
    import('../src/features/eventsTypes/pages'),
    import('../src/features/catalogs/pages'),
    import('../src/features/rateTables/pages'),
  ]);
}, 60_000);

/** An API with nothing in it: empty lists, and no record behind any id. */
const emptyApi = () =>
  mockApi((config) =>
    /\/\d+$/.test(config.url ?? '')
      ? { status: 404, data: { message: MESSAGES.notFound } }
      : { status: 200, data: { data: [], total: 0, page: 1, limit: 25 } },
  );

afterEach(() => {
  vi.restoreAllMocks();
  setNavigator(null);
  session.start();
});

async function heading(name: string) {
  return screen.findByRole('heading', { level: 1, name }, { timeout: 3000 });
}

describe('routes of SPEC §2, each page lazily loaded', () => {
  const pages: [string, string][] = [
    ['/', 'Inicio'],
    ['/users/list', 'Usuarios'],
    ['/users/add', 'Nuevo usuario'],
    ['/users/edit/4', 'Editar usuario'],
    ['/companies/list', 'Compañías'],
    ['/companies/add', 'Nueva compañía'],
    ['/companies/edit/2', 'Editar compañía'],
    ['/eventsTypes/list', 'Tipos de eventos'],
    ['/eventsTypes/add', 'Nuevo tipo de evento'],
    ['/eventsTypes/edit/1', 'Editar tipo de evento'],
    ['/debtors/list', 'Deudores'],
    ['/debtors/add', 'Nuevo deudor'],
    ['/debtors/edit/9', 'Editar deudor'],
    ['/debtors/view/9', 'Ficha del deudor'],
    ['/embargos-types/list', 'Tipos de embargos'],
    ['/embargos-types/add', 'Nuevo tipo de embargo'],
    ['/embargos-types/edit/3', 'Editar tipo de embargo'],
    ['/debts-types/list', 'Tipos de deuda'],
    ['/debts-types/add', 'Nuevo tipo de deuda'],
    ['/debts-types/edit/1', 'Editar tipo de deuda'],
    ['/rate-tables/list', 'Tasas de interés'],
    ['/rate-tables/add', 'Nueva tabla de tasas'],
    ['/rate-tables/edit/2', 'Editar tabla de tasas'],
    ['/letter-templates/list', 'Modelos de cartas'],
    ['/letter-templates/add', 'Nuevo modelo de carta'],
    ['/letter-templates/edit/2', 'Editar modelo de carta'],
    ['/debts/search', 'Buscador de deudas'],
    ['/debts/add', 'Nueva deuda'],
    ['/debts/edit/5', 'Editar deuda'],
    ['/debts/view/5', 'Detalle de deuda'],
    ['/debts/type/1', 'Deudas preventivas'],
    ['/debts/type/2', 'Deudas extrajudiciales'],
    ['/debts/type/3', 'Deudas judiciales'],
    ['/calendar', 'Agenda'],
    // Issue 16, not in SPEC §2.
    ['/imports/list', 'Importaciones de cartera'],
    ['/imports/add', 'Importar cartera'],
    ['/imports/view/7', 'Importación'],
    // Issue 18.
    ['/queue', 'Mi cola'],
    ['/collectors', 'Carga de cobradores'],
    // Issue 19.
    ['/settlements/list', 'Rendiciones'],
    ['/settlements/add', 'Nueva rendición'],
    ['/settlements/7', 'Rendición'],
    // Issue 35.
    ['/reconciliations/list', 'Conciliación de cobros'],
    ['/reconciliations/add', 'Subir extracto o reporte de cobros'],
    ['/reconciliations/view/7', 'Archivo de cobros'],
    ['/reconciliations/profiles', 'Perfiles de conciliación'],
    // Issue 36.
    ['/strategies/list', 'Estrategias'],
    ['/strategies/add', 'Nueva estrategia'],
    ['/strategies/edit/7', 'Editar estrategia'],
    ['/strategies/view/7', 'Estrategia'],
    ['/strategies/runs/7', 'Ejecución de estrategia'],
    ['/letters/batches', 'Cartas para imprimir'],
    ['/agency/messaging', 'Correo y WhatsApp'],
    // Issue 37.
    ['/cases/list', 'Expedientes'],
    ['/cases/7', 'Expediente'],
    ['/jurisdictions/list', 'Jurisdicciones'],
    ['/jurisdictions/add', 'Nueva jurisdicción'],
    ['/jurisdictions/edit/2', 'Editar jurisdicción'],
    ['/jurisdictions/2/calendar', 'Calendario judicial'],
    ['/case-statuses/list', 'Estados de expediente'],
    ['/case-statuses/add', 'Nuevo estado de expediente'],
    ['/case-statuses/edit/2', 'Editar estado de expediente'],
  ];

  it.each(pages)('%s shows "%s" inside the layout', async (path, title) => {
    signInAs('ADMIN');
    emptyApi();
    renderApp(path);
    expect(await heading(title)).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Menú principal' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { level: 1 }));
  });

  it("shows 'Cargando...' while the page module loads", async () => {
    signInAs('ADMIN');
    renderApp('/calendar');
    expect(screen.getByText('Cargando...')).toBeInTheDocument();
    await heading('Agenda');
    expect(screen.queryByText('Cargando...')).not.toBeInTheDocument();
  });

  it.each(['/no/existe', '/debts/type/4', '/debts/type/preventiva'])(
    '%s shows the not-found image inside the layout',
    async (path) => {
      signInAs('GENERAL');
      renderApp(path);
      expect(await screen.findByRole('img', { name: 'Página no encontrada' })).toBeInTheDocument();
      expect(screen.getByRole('navigation', { name: 'Menú principal' })).toBeInTheDocument();
    },
  );
});

describe('layout while signed out (SPEC §2)', () => {
  it("shows 'Cargando' and sends the user to /login", async () => {
    signInAs(null);
    const { router } = renderApp('/users/list');
    expect(await screen.findByText('Cargando')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Bienvenido a Cobranzas' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('route guards (SPEC §6)', () => {
  const cases: [UserTypeName, string, string | null][] = [
    // [role, path, page title — or null when the guard refuses]
    ['CLIENTE', '/debtors/list', 'Deudores'],
    ['CLIENTE', '/debtors/add', null],
    ['CLIENTE', '/debts/add', null],
    ['CLIENTE', '/debts/edit/1', null],
    ['CLIENTE', '/debts/view/1', 'Detalle de deuda'],
    ['CLIENTE', '/debtors/edit/1', null],
    ['GENERAL', '/debtors/edit/1', 'Editar deudor'],
    ['CLIENTE', '/debtors/view/1', null],
    ['GENERAL', '/debtors/view/1', 'Ficha del deudor'],
    // Catalog screens: view SystemManagement to list and open, add SystemManagement to create.
    ['CLIENTE', '/users/list', null],
    ['CLIENTE', '/companies/edit/1', null],
    ['CLIENTE', '/collections-types/list', null],
    ['GENERAL', '/users/list', 'Usuarios'],
    ['GENERAL', '/companies/edit/1', 'Editar compañía'],
    ['GENERAL', '/users/add', null],
    ['GENERAL', '/events-history-types/add', null],
    ['GENERAL', '/events-history-types/list', 'Resultados de gestión'],
    ['ADMIN', '/collections-types/add', 'Nuevo tipo de cobranza'],
    // Rate tables (issue 17): SystemManagement like the catalogs.
    ['CLIENTE', '/rate-tables/list', null],
    ['GENERAL', '/rate-tables/list', 'Tasas de interés'],
    ['GENERAL', '/rate-tables/add', null],
    ['ADMIN', '/rate-tables/add', 'Nueva tabla de tasas'],
    // Letter templates (issue 17): SystemManagement like the catalogs.
    ['CLIENTE', '/letter-templates/list', null],
    ['GENERAL', '/letter-templates/list', 'Modelos de cartas'],
    ['GENERAL', '/letter-templates/add', null],
    ['ADMIN', '/letter-templates/add', 'Nuevo modelo de carta'],
    ['GENERAL', '/debtors/list', 'Deudores'],
    ['GENERAL', '/debtors/add', 'Nuevo deudor'],
    ['GENERAL', '/debts/add', 'Nueva deuda'],
    ['GENERAL', '/debts/edit/1', 'Editar deuda'],
    ['ADMIN', '/debts/edit/1', 'Editar deuda'],
    // The portfolio import is for staff only (DESIGN.md §10.6).
    ['CLIENTE', '/imports/list', null],
    ['CLIENTE', '/imports/add', null],
    ['CLIENTE', '/imports/view/1', null],
    ['GENERAL', '/imports/list', 'Importaciones de cartera'],
    ['GENERAL', '/imports/add', 'Importar cartera'],
    // Settlements (issue 19): whoever views debts lists and opens them; only an ADMIN makes one.
    ['CLIENTE', '/settlements/list', 'Rendiciones'],
    ['CLIENTE', '/settlements/add', null],
    ['GENERAL', '/settlements/list', 'Rendiciones'],
    ['GENERAL', '/settlements/add', null],
    ['ADMIN', '/settlements/add', 'Nueva rendición'],
    // Money in (issue 35): the ADMIN's alone.
    ['GENERAL', '/reconciliations/list', null],
    ['GENERAL', '/reconciliations/add', null],
    ['CLIENTE', '/reconciliations/view/1', null],
    ['GENERAL', '/reconciliations/profiles', null],
    // Strategies (issue 36): GENERAL reads them and their runs, only an ADMIN writes, a CLIENTE never.
    ['GENERAL', '/strategies/list', 'Estrategias'],
    ['GENERAL', '/strategies/view/1', 'Estrategia'],
    ['GENERAL', '/strategies/runs/1', 'Ejecución de estrategia'],
    ['GENERAL', '/strategies/add', null],
    ['GENERAL', '/strategies/edit/1', null],
    ['CLIENTE', '/strategies/list', null],
    ['CLIENTE', '/strategies/view/1', null],
    ['CLIENTE', '/strategies/runs/1', null],
    // The letters strategies queue are printed by staff; e-mail and WhatsApp settings are the ADMIN's.
    ['GENERAL', '/letters/batches', 'Cartas para imprimir'],
    ['CLIENTE', '/letters/batches', null],
    ['GENERAL', '/agency/messaging', null],
    ['CLIENTE', '/agency/messaging', null],
    ['ADMIN', '/agency/messaging', 'Correo y WhatsApp'],
  ];

  it.each(cases)('%s on %s', async (role, path, title) => {
    signInAs(role);
    emptyApi();
    renderApp(path);
    if (title) {
      expect(await heading(title)).toBeInTheDocument();
      expect(screen.queryByText(MESSAGES.forbidden)).not.toBeInTheDocument();
    } else {
      expect(await screen.findByText(MESSAGES.forbidden)).toBeInTheDocument();
      expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    }
  });

  it('/debtors/list needs view Debts: a user with no Debts rule is refused', async () => {
    signInAs('SIN_PERFIL' as UserTypeName);
    renderApp('/debtors/list');
    expect(await screen.findByText(MESSAGES.forbidden)).toBeInTheDocument();
  });
});

describe('sidebar per role (SPEC §6)', () => {
  it('CLIENTE: Cobranzas without Nueva, no Administración, Deudores or Agenda', async () => {
    signInAs('CLIENTE');
    const { user } = renderApp('/');
    await heading('Inicio');
    const nav = screen.getByRole('navigation', { name: 'Menú principal' });
    await user.click(within(nav).getByRole('button', { name: 'Cobranzas' }));
    expect(await within(nav).findByRole('link', { name: 'Buscador' })).toHaveAttribute(
      'href',
      '/debts/search',
    );
    expect(within(nav).queryByRole('link', { name: 'Nueva' })).not.toBeInTheDocument();
    expect(within(nav).queryByText('Administración')).not.toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'Deudores' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'Agenda' })).not.toBeInTheDocument();
    // Issue 32: nor the catalogs it may not open (their routes need view SystemManagement).
    expect(within(nav).queryByRole('button', { name: 'Usuarios' })).not.toBeInTheDocument();
  });

  it('GENERAL: every group, the header and Agenda → Ver Agenda', async () => {
    signInAs('GENERAL');
    const { user } = renderApp('/');
    await heading('Inicio');
    const nav = screen.getByRole('navigation', { name: 'Menú principal' });
    const groups = within(nav)
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(groups).toEqual([
      'Cola de trabajo',
      'Cobranzas',
      'Rendiciones',
      'Estrategias',
      'Usuarios',
      'Compañias',
      'Eventos',
      'Deudores',
      'Tipos de embargos',
      'Jurisdicciones',
      'Estados de expediente',
      'Agenda',
      'Tipos de deuda',
      'Tipos de cobranza',
      'Resultados de gestión',
      'Tasas de interés',
      'Modelos de cartas',
      'Agencia',
    ]);
    expect(within(nav).getByText('Administración')).toBeInTheDocument();
    await user.click(within(nav).getByRole('button', { name: 'Agenda' }));
    expect(await within(nav).findByRole('link', { name: 'Ver Agenda' })).toHaveAttribute('href', '/calendar');
    expect(within(nav).getByRole('link', { name: 'Cobranzas' })).toHaveAttribute('href', '/');
  });

  it('the group of the current page is open and its entry marked current', async () => {
    signInAs('ADMIN');
    renderApp('/debts/type/3');
    await heading('Deudas judiciales');
    const nav = screen.getByRole('navigation', { name: 'Menú principal' });
    expect(within(nav).getByRole('button', { name: 'Cobranzas' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav).getByRole('link', { name: 'Judiciales' })).toHaveAttribute('aria-current', 'page');
  });
});

function Broken(): never {
  throw new Error('boom');
}

describe('routing errors (SPEC §8)', () => {
  it('a page that fails shows the fixed text inside the layout', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    signInAs('ADMIN');
    const { router } = renderApp('/');
    await heading('Inicio');
    // A route the table does not know is the not-found page, so force a real routing error instead.
    router.patchRoutes('pages', [{ path: '/roto', Component: Broken }]);
    await router.navigate('/roto');
    await waitFor(() => expect(screen.getByText(MESSAGES.routingError)).toBeInTheDocument());
    expect(screen.getByRole('navigation', { name: 'Menú principal' })).toBeInTheDocument();
  });
});
