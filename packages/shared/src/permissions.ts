import { Ability, AbilityBuilder } from '@casl/ability';
import type { UserTypeName } from './userTypes';

/** Actions and subjects of SPEC.md §6. `manage` and `all` are CASL's wildcards. */
export type Action = 'manage' | 'view' | 'add' | 'edit' | 'delete';
export type Subject = 'Login' | 'Debts' | 'SystemManagement' | 'debtors' | 'tasks' | 'all';
export type AppAbility = Ability<[Action, Subject]>;

/** What the rules need to know about the signed-in user (null when nobody is signed in). */
export type AbilityUser = { type: UserTypeName } | null;

/** The rules of SPEC.md §6, defined once for the web and the API. */
export function defineAbilityFor(user: AbilityUser): AppAbility {
  const { can, build } = new AbilityBuilder<AppAbility>(Ability);
  if (!user) {
    can('manage', 'Login');
    return build();
  }
  can('view', 'Login');
  switch (user.type) {
    case 'ADMIN':
      can('manage', 'all');
      break;
    case 'GENERAL':
      can(['view', 'add', 'edit'], 'Debts');
      can('view', 'SystemManagement');
      can('manage', 'debtors');
      can('manage', 'tasks');
      break;
    case 'CLIENTE':
      can('view', 'Debts');
      break;
  }
  return build();
}

/** The rules as plain data, for `ability.update(rulesFor(user))` when userData changes. */
export function rulesFor(user: AbilityUser) {
  return defineAbilityFor(user).rules;
}

/** DESIGN.md §6: which subject guards each API resource. */
export const RESOURCE_SUBJECTS = {
  debts: 'Debts',
  quotas: 'Debts',
  payments: 'Debts',
  deposits: 'Debts',
  services: 'Debts',
  events: 'Debts',
  observations: 'Debts',
  promises: 'Debts',
  /** Settlement offers (DESIGN.md §10.3, §10.6): approving or rejecting one also needs the ADMIN role. */
  offers: 'Debts',
  embargos: 'Debts',
  /** Issue 19 (DESIGN.md §10.4, §10.6): creating, closing and deleting one also needs the ADMIN role. */
  settlements: 'Debts',
  documents: 'Debts',
  report: 'Debts',
  /** Staff only (STAFF_ONLY_RESOURCES): a CLIENTE is refused though it may view Debts. */
  imports: 'Debts',
  /** Issue 36: letters sent (cartas documento) and the day's print batch; staff only. */
  letters: 'Debts',
  'letter-batches': 'Debts',
  /** Issue 37 (DESIGN.md §11.6): court cases, their steps and notices; a CLIENTE reads its company's. */
  cases: 'Debts',
  'case-steps': 'Debts',
  'case-notices': 'Debts',
  debtors: 'debtors',
  tasks: 'tasks',
  users: 'SystemManagement',
  'users-types': 'SystemManagement',
  companies: 'SystemManagement',
  'debts-types': 'SystemManagement',
  'collections-types': 'SystemManagement',
  'events-types': 'SystemManagement',
  eventsSubTypes: 'SystemManagement',
  'events-history-types': 'SystemManagement',
  'embargos-type': 'SystemManagement',
  /** Issue 17: dated annual rates (DESIGN.md §10.6). */
  'rate-tables': 'SystemManagement',
  /** Issue 17: letter templates (DESIGN.md §10.5): ADMIN edits, GENERAL views to print, CLIENTE never. */
  'letter-templates': 'SystemManagement',
  /** Issue 35 (DESIGN.md §11.4): money in, ADMIN only (ADMIN_ONLY_RESOURCES). */
  reconciliations: 'SystemManagement',
  'reconciliation-profiles': 'SystemManagement',
  /** Issue 36 (DESIGN.md §11.5): ADMIN writes, GENERAL views, CLIENTE never (SystemManagement). */
  strategies: 'SystemManagement',
  'strategy-runs': 'SystemManagement',
  /** Issue 37: the case statuses and each jurisdiction's calendar; ADMIN edits, GENERAL reads. */
  'case-statuses': 'SystemManagement',
  jurisdictions: 'SystemManagement',
  'judicial-days-off': 'SystemManagement',
  /** Viewing also needs the ADMIN role: the API checks it on the route (GENERAL may view the rest). */
  audit: 'SystemManagement',
} as const satisfies Record<string, Subject>;
export type ApiResource = keyof typeof RESOURCE_SUBJECTS;

/** DESIGN.md §10.6: resources of the agency's own work, which a CLIENTE never reaches (403). */
export const STAFF_ONLY_RESOURCES: readonly ApiResource[] = [
  'imports',
  'observations',
  'letters',
  'letter-batches',
];
export const isStaffOnly = (resource: ApiResource) => STAFF_ONLY_RESOURCES.includes(resource);

/** Resources only an ADMIN reaches, whatever the method (a GENERAL may view the rest of SystemManagement). */
export const ADMIN_ONLY_RESOURCES: readonly ApiResource[] = ['reconciliations', 'reconciliation-profiles'];
export const isAdminOnly = (resource: ApiResource) => ADMIN_ONLY_RESOURCES.includes(resource);

/** DESIGN.md §6: the action an HTTP method needs. */
export const METHOD_ACTIONS = {
  GET: 'view',
  HEAD: 'view',
  POST: 'add',
  PATCH: 'edit',
  PUT: 'edit',
  DELETE: 'delete',
} as const satisfies Record<string, Action>;
export type HttpMethod = keyof typeof METHOD_ACTIONS;

/**
 * The action a call needs: METHOD_ACTIONS, except that cancelling an import (DELETE /imports/{id})
 * is part of adding debts, which GENERAL may do, not a delete of data (DESIGN.md §10.6).
 */
export const actionFor = (resource: ApiResource, method: HttpMethod): Action =>
  resource === 'imports' && method === 'DELETE' ? 'add' : METHOD_ACTIONS[method];
