import { type Action, defineAbilityFor, type Subject, type UserTypeName } from '@cobranzas/shared';
import { describe, expect, it } from 'vitest';
import { filterMenu, MENU, type MenuItem } from '../src/app/layout/menu';

const ALL_LINKS = {
  Cobranzas: ['Buscador', 'Nueva', 'Preventivas', 'Extrajudiciales', 'Judiciales', 'Importar cartera'],
  Usuarios: ['Agregar', 'Listar'],
  Compañias: ['Agregar', 'Listar'],
  Eventos: ['Agregar', 'Listar'],
  Deudores: ['Agregar', 'Listar'],
  'Tipos de embargos': ['Agregar', 'Listar'],
  Agenda: ['Ver Agenda'],
  'Tipos de deuda': ['Agregar', 'Listar'],
  'Tipos de cobranza': ['Agregar', 'Listar'],
  'Resultados de gestión': ['Agregar', 'Listar'],
  'Tasas de interés': ['Agregar', 'Listar'],
  'Modelos de cartas': ['Agregar', 'Listar'],
  Agencia: ['Datos de la agencia'],
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
      'Cobranzas: Buscador, Nueva, Preventivas, Extrajudiciales, Judiciales, Importar cartera',
      // Issue 19: settlements to the client companies.
      'Rendiciones: Nueva, Listado',
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
      '/imports/list',
      '/settlements/add',
      '/settlements/list',
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
    ]);
  });
});

describe('sidebar filtering per role (SPEC §6)', () => {
  const everything = outline([...MENU]);

  it('ADMIN sees everything', () => {
    expect(menuFor('ADMIN')).toEqual(everything);
  });

  it('GENERAL (view/add/edit Debts, view SystemManagement, manage debtors and tasks) sees everything', () => {
    // …except Agregar in the four catalogs outside SPEC §2, which needs add SystemManagement.
    // …and «Carga de cobradores» and a new settlement, which are the ADMIN's (manage all).
    expect(menuFor('GENERAL')).toEqual([
      'Cola de trabajo: Mi cola',
      everything[1],
      'Rendiciones: Listado',
      ...everything.slice(3, -5),
      'Tipos de cobranza: Listar',
      'Resultados de gestión: Listar',
      'Tasas de interés: Listar',
      'Modelos de cartas: Listar',
      'Agencia: Datos de la agencia',
    ]);
  });

  it('CLIENTE (view Debts only): Cobranzas without Nueva, no header, no Deudores, no Agenda', () => {
    expect(menuFor('CLIENTE')).toEqual([
      'Cobranzas: Buscador, Preventivas, Extrajudiciales, Judiciales',
      // Issue 19: its company's closed settlements.
      'Rendiciones: Listado',
      'Usuarios: Agregar, Listar',
      'Compañias: Agregar, Listar',
      'Eventos: Agregar, Listar',
      'Tipos de embargos: Agregar, Listar',
      'Tipos de deuda: Agregar, Listar',
    ]);
  });

  it('signed out: only the entries with no rule', () => {
    expect(menuFor(null)).toEqual([
      'Usuarios: Agregar, Listar',
      'Compañias: Agregar, Listar',
      'Eventos: Agregar, Listar',
      'Tipos de embargos: Agregar, Listar',
      'Tipos de deuda: Agregar, Listar',
    ]);
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
    expect(has(items, 'Cobranzas: Buscador, Preventivas, Extrajudiciales, Judiciales')).toBe(true);
  });

  it('add Debts → Nueva and Importar cartera (staff only: a CLIENTE may view debts, not add them)', () => {
    const items = filterMenu(MENU, only(['view', 'Debts'], ['add', 'Debts']));
    expect(
      has(items, 'Cobranzas: Buscador, Nueva, Preventivas, Extrajudiciales, Judiciales, Importar cartera'),
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

  it('view tasks → Agenda', () => {
    expect(groups(filterMenu(MENU, only()))).not.toContain('Agenda');
    expect(groups(filterMenu(MENU, only(['view', 'tasks'])))).toContain('Agenda');
  });
});
