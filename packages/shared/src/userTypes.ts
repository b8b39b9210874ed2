/** The three user types of SPEC.md §3, with the fixed ids seeded in the database. */
export const USER_TYPES = ['ADMIN', 'GENERAL', 'CLIENTE'] as const;
export type UserTypeName = (typeof USER_TYPES)[number];

export const USER_TYPE_IDS: Record<UserTypeName, number> = { ADMIN: 1, GENERAL: 2, CLIENTE: 3 };

export function isUserTypeName(value: unknown): value is UserTypeName {
  return typeof value === 'string' && (USER_TYPES as readonly string[]).includes(value);
}
