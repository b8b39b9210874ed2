/** The sidebar menu of SPEC §2 as data, and its filter (SPEC §6 "Sidebar filtering"). */
import type { Action, Subject } from '@cobranzas/shared';

export type Permission = readonly [Action, Subject];
export type MenuIcon =
  | 'debts'
  | 'users'
  | 'companies'
  | 'events'
  | 'debtors'
  | 'embargos'
  | 'calendar'
  | 'debtTypes'
  | 'collectionTypes'
  | 'outcomes'
  | 'rates'
  | 'queue'
  | 'settlements'
  | 'reconciliation'
  | 'strategies'
  | 'jurisdictions'
  | 'caseStatuses';

export type MenuLink = {
  label: string;
  to: string;
  /** Shown when any of these is allowed; no rule → shown to everyone. */
  anyOf?: readonly Permission[];
};
export type MenuGroup = {
  kind: 'group';
  label: string;
  icon: MenuIcon;
  anyOf?: readonly Permission[];
  links: readonly MenuLink[];
};
export type MenuHeader = { kind: 'header'; label: string; anyOf?: readonly Permission[] };
export type MenuItem = MenuGroup | MenuHeader;

/** A catalog group for those who may view SystemManagement; Agregar only for those who may add. */
const systemCatalog = (base: string) => ({
  anyOf: [['view', 'SystemManagement']] as const,
  links: [
    { label: 'Agregar', to: `${base}/add`, anyOf: [['add', 'SystemManagement']] as const },
    { label: 'Listar', to: `${base}/list` },
  ],
});

export const MENU: readonly MenuItem[] = [
  // Not in SPEC §2: the collector's day (issue 18), first for the staff who work debts.
  {
    kind: 'group',
    label: 'Cola de trabajo',
    icon: 'queue',
    anyOf: [['add', 'Debts']],
    links: [
      { label: 'Mi cola', to: '/queue' },
      { label: 'Carga de cobradores', to: '/collectors', anyOf: [['manage', 'all']] },
    ],
  },
  {
    kind: 'group',
    label: 'Cobranzas',
    icon: 'debts',
    anyOf: [['view', 'Debts']],
    links: [
      { label: 'Buscador', to: '/debts/search' },
      { label: 'Nueva', to: '/debts/add', anyOf: [['add', 'Debts']] },
      { label: 'Preventivas', to: '/debts/type/1' },
      { label: 'Extrajudiciales', to: '/debts/type/2' },
      { label: 'Judiciales', to: '/debts/type/3' },
      // Issue 37: the court cases of the judicial debts (a CLIENTE reads its company's).
      { label: 'Expedientes', to: '/cases/list' },
      // Not in SPEC §2: the portfolio import (issue 16), staff only (a CLIENTE may not add debts).
      { label: 'Importar cartera', to: '/imports/list', anyOf: [['add', 'Debts']] },
    ],
  },
  // Not in SPEC §2: settlements to the client companies (issue 19); a CLIENTE lists its closed ones.
  {
    kind: 'group',
    label: 'Rendiciones',
    icon: 'settlements',
    anyOf: [['view', 'Debts']],
    links: [
      { label: 'Nueva', to: '/settlements/add', anyOf: [['manage', 'all']] },
      { label: 'Listado', to: '/settlements/list' },
    ],
  },
  // Not in SPEC §2: money in (issue 35), the ADMIN's.
  {
    kind: 'group',
    label: 'Conciliación',
    icon: 'reconciliation',
    anyOf: [['manage', 'all']],
    links: [
      { label: 'Subir archivo', to: '/reconciliations/add' },
      { label: 'Archivos', to: '/reconciliations/list' },
      { label: 'Perfiles', to: '/reconciliations/profiles' },
    ],
  },
  // Not in SPEC §2: strategies and campaigns (issue 36); GENERAL reads them, the ADMIN writes; the
  // letters they queue are printed by staff (add Debts: never a CLIENTE).
  {
    kind: 'group',
    label: 'Estrategias',
    icon: 'strategies',
    anyOf: [
      ['view', 'SystemManagement'],
      ['add', 'Debts'],
    ],
    links: [
      { label: 'Estrategias', to: '/strategies/list', anyOf: [['view', 'SystemManagement']] },
      { label: 'Nueva estrategia', to: '/strategies/add', anyOf: [['manage', 'all']] },
      { label: 'Cartas para imprimir', to: '/letters/batches', anyOf: [['add', 'Debts']] },
    ],
  },
  { kind: 'header', label: 'Administración', anyOf: [['view', 'SystemManagement']] },
  // SPEC §6 names no rule for these: they follow their routes' guards (issue 32), so nobody is
  // offered a screen that answers «No tiene permisos para ingresar aqui».
  { kind: 'group', label: 'Usuarios', icon: 'users', ...systemCatalog('/users') },
  { kind: 'group', label: 'Compañias', icon: 'companies', ...systemCatalog('/companies') },
  { kind: 'group', label: 'Eventos', icon: 'events', ...systemCatalog('/eventsTypes') },
  {
    kind: 'group',
    label: 'Deudores',
    icon: 'debtors',
    anyOf: [
      ['add', 'debtors'],
      ['view', 'debtors'],
    ],
    // SPEC §6 names this entry's rule; every role it lets in may open both links.
    links: [
      { label: 'Agregar', to: '/debtors/add' },
      { label: 'Listar', to: '/debtors/list' },
    ],
  },
  { kind: 'group', label: 'Tipos de embargos', icon: 'embargos', ...systemCatalog('/embargos-types') },
  // Issue 37: the jurisdictions (each with its calendar of judicial days) and the case statuses.
  { kind: 'group', label: 'Jurisdicciones', icon: 'jurisdictions', ...systemCatalog('/jurisdictions') },
  {
    kind: 'group',
    label: 'Estados de expediente',
    icon: 'caseStatuses',
    ...systemCatalog('/case-statuses'),
  },
  {
    kind: 'group',
    label: 'Agenda',
    icon: 'calendar',
    anyOf: [['view', 'tasks']],
    links: [{ label: 'Ver Agenda', to: '/calendar' }],
  },
  { kind: 'group', label: 'Tipos de deuda', icon: 'debtTypes', ...systemCatalog('/debts-types') },
  // Not in SPEC §2: the catalogs the debt screens need, kept from the UI (issue 4).
  {
    kind: 'group',
    label: 'Tipos de cobranza',
    icon: 'collectionTypes',
    ...systemCatalog('/collections-types'),
  },
  {
    kind: 'group',
    label: 'Resultados de gestión',
    icon: 'outcomes',
    ...systemCatalog('/events-history-types'),
  },
  // Not in SPEC §2: the rate tables of the balance to date (issue 17).
  { kind: 'group', label: 'Tasas de interés', icon: 'rates', ...systemCatalog('/rate-tables') },
  // Issue 17: the letters printed from the debt file (DESIGN.md §10.5).
  { kind: 'group', label: 'Modelos de cartas', icon: 'outcomes', ...systemCatalog('/letter-templates') },
  // Issue 17: the agency's data printed on receipts and letters (DESIGN.md §10.5).
  {
    kind: 'group',
    label: 'Agencia',
    icon: 'companies',
    anyOf: [['view', 'SystemManagement']],
    links: [
      { label: 'Datos de la agencia', to: '/agency' },
      // Issue 36: the SMTP server and sender strategies e-mail with, the ADMIN's.
      { label: 'Correo y WhatsApp', to: '/agency/messaging', anyOf: [['manage', 'all']] },
    ],
  },
];

export type Can = (action: Action, subject: Subject) => boolean;

function allowed(anyOf: readonly Permission[] | undefined, can: Can): boolean {
  return !anyOf || anyOf.some(([action, subject]) => can(action, subject));
}

/** The items and links the user may see, in menu order. A group left without links is dropped. */
export function filterMenu(menu: readonly MenuItem[], can: Can): MenuItem[] {
  const visible: MenuItem[] = [];
  for (const item of menu) {
    if (!allowed(item.anyOf, can)) continue;
    if (item.kind === 'header') {
      visible.push(item);
      continue;
    }
    const links = item.links.filter((link) => allowed(link.anyOf, can));
    if (links.length > 0) visible.push({ ...item, links });
  }
  return visible;
}
