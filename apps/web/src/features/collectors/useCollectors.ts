import { usersResource } from '@cobranzas/shared';
import { useOptions } from '../../components/resource/useOptions';

const byName = (user: { name: string }) => user.name;

/** The collectors one hands debts to: the active GENERAL users, by name, as select options. */
export function useCollectors(enabled = true) {
  return useOptions(usersResource, byName, enabled, { role: 'GENERAL', active: 'true' });
}
