import { type Action, defineAbilityFor, type Subject, type UserTypeName } from '@cobranzas/shared';
import { describe, expect, it } from 'vitest';
import { filterMenu, MENU, type MenuItem } from '../src/app/layout/menu';

const ALL_LINKS = {
  Cobranzas: [
    'Buscador',
    'Nueva',
    'Preventivas',
    'Extrajudiciales',
    'Judiciales',
    'Expedientes',
    'Importar cartera',
  ],
  Usuarios: ['Agregar', 'Listar'],
  Compañias: ['Agregar', 'Listar'],
  Eventos: ['Agregar', 'Listar'],
  Deudores: ['Agregar', 'Listar'],
  'Tipos de embargos': ['Agregar', 'Listar'],
  Jurisdicciones: ['Agregar', 'Listar'],
  'Estados de expediente': ['Agregar', 'Listar'],
  Agenda: ['Ver Agenda'],
  'Tipos de deuda': ['Agregar', 'Listar'],
  'Tipos de cobranza': ['Agregar', 'Listar'],
  'Resultados de gestión': ['Agregar', 'Listar'],
  'Tasas de interés': ['Agregar', 'Listar'],
  'Modelos de cartas': ['Agregar', 'Listar'],
  Agencia: ['Datos de la agencia', 'Correo y WhatsApp'],
};

/** The menu as "Group: link, link" lines and header lines, in order. */
function outline(items: MenuItem[]): string[] {
  return items.map((item) =>
    item.kind === 'header'
      ? `# ${item.label}`
      : `${item.label}: ${item.links.map((l) => l.label).join(', ')}`,
  );
}

function menuFor(type: UserTypeName | null) {
  const ability = defineAbilityFor(type ? { type } : null);
  return outline(filterMenu(MENU, (action, subject) => ability.can(action, subject)));
}

describe('sidebar menu (SPEC §2)', () => {
  it('has the groups, entries and routes of the spec, in order', () => {
    expect(outline([...MENU])).toEqual([
      // Issue 18, first: the collector's day.
      'Cola de trabajo: Mi cola, Carga de cobradores',
      // Issue 37: the court cases, after the judicial debts.
      'Cobranzas: Buscador, Nueva, Preventivas, Extrajudiciales, Judiciales, Expedientes, Importar cartera',
      // Issue 19: settlements to the client companies.
      'Rendiciones: Nueva, Listado',
      // Issue 35: money in, the ADMIN's.
      'Conciliación: Subir archivo, Archivos, Perfiles',
      // Issue 36: strategies, GENERAL reads them; staff prints the letters they queue.
      'Estrategias: Estrategias, Nueva estrategia, Cartas para imprimir',
      '# Administración',
      ...Object.entries(ALL_LINKS)
        .slice(1)
        .map(([group, links]) => `${group}: ${links.join(', ')}`),
    ]);
    const routes = MENU.flatMap((item) => (item.kind === 'group' ? item.links.map((l) => l.to) : []));
    expect(routes).toEqual([
      '/queue',
      '/collectors',
      '/debts/search',
      '/debts/add',
      '/debts/type/1',
      '/debts/type/2',
      '/debts/type/3',
      '/cases/list',
      '/imports/list',
      '/settlements/add',
      '/settlements/list',
      '/reconciliations/add',
      '/reconciliations/list',
      '/reconciliations/profiles',
      '/strategies/list',
      '/strategies/add',
      '/letters/batches',
      '/users/add',
      '/users/list',
      '/companies/add',
      '/companies/list',
      '/eventsTypes/add',
      '/eventsTypes/list',
      '/debtors/add',
      '/debtors/list',
      '/embargos-types/add',
      '/embargos-types/list',
      '/jurisdictions/add',
      '/jurisdictions/list',
      '/case-statuses/add',
      '/case-statuses/list',
      '/calendar',
      '/debts-types/add',
      '/debts-types/list',
      '/collections-types/add',
      '/collections-types/list',
      '/events-history-types/add',
      '/events-history-types/list',
      '/rate-tables/add',
      '/rate-tables/list',
      '/letter-templates/add',
      '/letter-templates/list',
      '/agency',
      '/agency/messaging',
    ]);
  });
});

describe('sidebar filtering per role (SPEC §6)', () => {
  const everything = outline([...MENU]);

  it('ADMIN sees everything', () => {
    expect(menuFor('ADMIN')).toEqual(everything);
  });

  it('GENERAL (view/add/edit Debts, view SystemManagement, manage debtors and tasks) sees what it may open', () => {
    // Every catalog's Agregar needs add SystemManagement (its route's guard, issue 32); «Carga de
    // cobradores» and a new settlement are the ADMIN's (manage all).
    expect(menuFor('GENERAL')).toEqual([
      'Cola de trabajo: Mi cola',
      everything[1],
      'Rendiciones: Listado',
      // Issue 36: it reads the strategies (writing one is the ADMIN's) and prints their letters.
      'Estrategias: Estrategias, Cartas para imprimir',
      '# Administración',
      'Usuarios: Listar',
      'Compañias: Listar',
      'Eventos: Listar',
      'Deudores: Agregar, Listar',
      'Tipos de embargos: Listar',
      // Issue 37: the jurisdictions and case statuses are the ADMIN's to write.
      'Jurisdicciones: Listar',
      'Estados de expediente: Listar',
      'Agenda: Ver Agenda',
      'Tipos de deuda: Listar',
      'Tipos de cobranza: Listar',
      'Resultados de gestión: Listar',
      'Tasas de interés: Listar',
      'Modelos de cartas: Listar',
      // Issue 36: the e-mail and WhatsApp settings are the ADMIN's.
      'Agencia: Datos de la agencia',
    ]);
  });

  it('CLIENTE (view Debts only): Cobranzas without Nueva and its settlements, nothing it may not open', () => {
    // Issue 32: the catalogs SPEC §6 names no rule for follow their routes (view SystemManagement).
    expect(menuFor('CLIENTE')).toEqual([
      // Issue 37: its company's court cases.
      'Cobranzas: Buscador, Preventivas, Extrajudiciales, Judiciales, Expedientes',
      // Issue 19: its company's closed settlements.
      'Rendiciones: Listado',
    ]);
  });

  it('signed out: nothing (every entry needs a permission)', () => {
    expect(menuFor(null)).toEqual([]);
  });

  it('every link of every role opens: its route’s guard allows what the menu offers (issue 32)', () => {
    // The routes' guards (app/routes.tsx): catalogs view/add SystemManagement, debtors SPEC §6.
    const guard: Record<string, [Action, Subject]> = {
      '/users/add': ['add', 'SystemManagement'],
      '/companies/add': ['add', 'SystemManagement'],
      '/eventsTypes/add': ['add', 'SystemManagement'],
      '/embargos-types/add': ['add', 'SystemManagement'],
      '/debts-types/add': ['add', 'SystemManagement'],
      '/users/list': ['view', 'SystemManagement'],
      '/companies/list': ['view', 'SystemManagement'],
      '/eventsTypes/list': ['view', 'SystemManagement'],
      '/embargos-types/list': ['view', 'SystemManagement'],
      '/debts-types/list': ['view', 'SystemManagement'],
      '/debtors/add': ['add', 'Debts'],
      '/debtors/list': ['view', 'Debts'],
      '/reconciliations/add': ['manage', 'all'],
      '/reconciliations/list': ['manage', 'all'],
      '/reconciliations/profiles': ['manage', 'all'],
      '/strategies/list': ['view', 'SystemManagement'],
      '/strategies/add': ['manage', 'all'],
      '/letters/batches': ['add', 'Debts'],
      '/cases/list': ['view', 'Debts'],
      '/jurisdictions/add': ['add', 'SystemManagement'],
      '/jurisdictions/list': ['view', 'SystemManagement'],
      '/case-statuses/add': ['add', 'SystemManagement'],
      '/case-statuses/list': ['view', 'SystemManagement'],
      '/agency': ['view', 'SystemManagement'],
      '/agency/messaging': ['manage', 'all'],
    };
    for (const type of ['ADMIN', 'GENERAL', 'CLIENTE'] as const) {
      const ability = defineAbilityFor({ type });
      const links = filterMenu(MENU, (action, subject) => ability.can(action, subject)).flatMap((item) =>
        item.kind === 'group' ? item.links.map((link) => link.to) : [],
      );
      for (const to of links) {
        const rule = guard[to];
        if (rule) expect(ability.can(...rule), `${type} ${to}`).toBe(true);
      }
    }
  });
});

describe('sidebar filtering, one rule at a time (SPEC §6)', () => {
  const only =
    (...allowed: [Action, Subject][]) =>
    (action: Action, subject: Subject) =>
      allowed.some(([a, s]) => a === action && s === subject);
  const has = (items: MenuItem[], line: string) => outline(items).includes(line);
  const groups = (items: MenuItem[]) => items.map((item) => item.label);

  it('view Debts → the Cobranzas section and its entries (Nueva still needs add Debts)', () => {
    expect(groups(filterMenu(MENU, only()))).not.toContain('Cobranzas');
    const items = filterMenu(MENU, only(['view', 'Debts']));
    expect(has(items, 'Cobranzas: Buscador, Preventivas, Extrajudiciales, Judiciales, Expedientes')).toBe(
      true,
    );
  });

  it('add Debts → Nueva and Importar cartera (staff only: a CLIENTE may view debts, not add them)', () => {
    const items = filterMenu(MENU, only(['view', 'Debts'], ['add', 'Debts']));
    expect(
      has(
        items,
        'Cobranzas: Buscador, Nueva, Preventivas, Extrajudiciales, Judiciales, Expedientes, Importar cartera',
      ),
    ).toBe(true);
  });

  it('view SystemManagement → the Administración header', () => {
    expect(groups(filterMenu(MENU, only()))).not.toContain('Administración');
    expect(groups(filterMenu(MENU, only(['view', 'SystemManagement'])))).toContain('Administración');
  });

  it('add or view debtors → Deudores', () => {
    expect(groups(filterMenu(MENU, only()))).not.toContain('Deudores');
    expect(groups(filterMenu(MENU, only(['add', 'debtors'])))).toContain('Deudores');
    expect(groups(filterMenu(MENU, only(['view', 'debtors'])))).toContain('Deudores');
    expect(groups(filterMenu(MENU, only(['edit', 'debtors'])))).not.toContain('Deudores');
  });

  it('view SystemManagement → Tipos de cobranza and Resultados de gestión; add SystemManagement → their Agregar', () => {
    expect(groups(filterMenu(MENU, only()))).not.toContain('Tipos de cobranza');
    const viewing = filterMenu(MENU, only(['view', 'SystemManagement']));
    expect(has(viewing, 'Tipos de cobranza: Listar')).toBe(true);
    expect(has(viewing, 'Resultados de gestión: Listar')).toBe(true);
    const adding = filterMenu(MENU, only(['view', 'SystemManagement'], ['add', 'SystemManagement']));
    expect(has(adding, 'Resultados de gestión: Agregar, Listar')).toBe(true);
  });

  it('add Debts (staff) → Cola de trabajo with Mi cola; manage all (ADMIN) → Carga de cobradores too', () => {
    expect(groups(filterMenu(MENU, only(['view', 'Debts'])))).not.toContain('Cola de trabajo');
    expect(has(filterMenu(MENU, only(['add', 'Debts'])), 'Cola de trabajo: Mi cola')).toBe(true);
    expect(
      has(
        filterMenu(MENU, only(['add', 'Debts'], ['manage', 'all'])),
        'Cola de trabajo: Mi cola, Carga de cobradores',
      ),
    ).toBe(true);
  });

  it('add Debts (staff) → Estrategias with «Cartas para imprimir»; view SystemManagement → the strategies', () => {
    expect(groups(filterMenu(MENU, only(['view', 'Debts'])))).not.toContain('Estrategias');
    expect(has(filterMenu(MENU, only(['add', 'Debts'])), 'Estrategias: Cartas para imprimir')).toBe(true);
    expect(has(filterMenu(MENU, only(['view', 'SystemManagement'])), 'Estrategias: Estrategias')).toBe(true);
  });

  it('manage all (ADMIN) → Agencia → Correo y WhatsApp', () => {
    const viewing = filterMenu(MENU, only(['view', 'SystemManagement']));
    expect(has(viewing, 'Agencia: Datos de la agencia')).toBe(true);
    const managing = filterMenu(MENU, only(['view', 'SystemManagement'], ['manage', 'all']));
    expect(has(managing, 'Agencia: Datos de la agencia, Correo y WhatsApp')).toBe(true);
  });

  it('view tasks → Agenda', () => {
    expect(groups(filterMenu(MENU, only()))).not.toContain('Agenda');
    expect(groups(filterMenu(MENU, only(['view', 'tasks'])))).toContain('Agenda');
  });
});
