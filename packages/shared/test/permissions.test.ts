import { describe, expect, it } from 'vitest';
import { type Action, defineAbilityFor, type Subject } from '../src/permissions';
import type { UserTypeName } from '../src/userTypes';

const ACTIONS: Exclude<Action, 'manage'>[] = ['view', 'add', 'edit', 'delete'];
const SUBJECTS: Exclude<Subject, 'all'>[] = ['Login', 'Debts', 'SystemManagement', 'debtors', 'tasks'];

/** SPEC.md §6, written out cell by cell: the allowed [action, subject] pairs of each role. */
const ALLOWED: Record<UserTypeName | 'signed-out', string[]> = {
  'signed-out': ['view Login', 'add Login', 'edit Login', 'delete Login'],
  ADMIN: SUBJECTS.flatMap((s) => ACTIONS.map((a) => `${a} ${s}`)),
  GENERAL: [
    'view Login',
    'view Debts',
    'add Debts',
    'edit Debts',
    'view SystemManagement',
    'view debtors',
    'add debtors',
    'edit debtors',
    'delete debtors',
    'view tasks',
    'add tasks',
    'edit tasks',
    'delete tasks',
  ],
  CLIENTE: ['view Login', 'view Debts'],
};

describe('SPEC §6 permission matrix (role × action × subject)', () => {
  for (const [role, allowed] of Object.entries(ALLOWED)) {
    const ability = defineAbilityFor(role === 'signed-out' ? null : { type: role as UserTypeName });
    for (const subject of SUBJECTS) {
      for (const action of ACTIONS) {
        const expected = allowed.includes(`${action} ${subject}`);
        it(`${role} ${expected ? 'may' : 'may not'} ${action} ${subject}`, () => {
          expect(ability.can(action, subject)).toBe(expected);
        });
      }
    }
  }

  it('Not signed in: the only rule is manage Login', () => {
    const rules = defineAbilityFor(null).rules;
    expect(rules).toEqual([{ action: 'manage', subject: 'Login' }]);
  });

  it('Everyone: may view Login', () => {
    for (const type of ['ADMIN', 'GENERAL', 'CLIENTE'] as const) {
      expect(defineAbilityFor({ type }).can('view', 'Login')).toBe(true);
    }
  });

  it('ADMIN: may manage everything', () => {
    expect(defineAbilityFor({ type: 'ADMIN' }).can('manage', 'all')).toBe(true);
  });

  it('GENERAL: may manage debtors and tasks but not delete Debts nor change SystemManagement', () => {
    const ability = defineAbilityFor({ type: 'GENERAL' });
    expect(ability.can('manage', 'debtors')).toBe(true);
    expect(ability.can('manage', 'tasks')).toBe(true);
    expect(ability.can('delete', 'Debts')).toBe(false);
    expect(ability.can('add', 'SystemManagement')).toBe(false);
  });
});
