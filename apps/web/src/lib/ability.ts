import { type AppAbility, defineAbilityFor, rulesFor } from '@cobranzas/shared';
import { session, type UserData } from './session';

/**
 * The one CASL ability of the signed-in app, kept in step with the session's userData
 * (SPEC §4: setting userData recomputes the permissions). It is updated in place, not
 * replaced, so @casl/react's `Can`/`useAbility` re-render. Loaded with the layout, not /login.
 */
export const ability: AppAbility = defineAbilityFor(null);

let current: UserData | null = null;

function sync(): void {
  const { userData } = session.getState();
  if (userData === current) return;
  current = userData;
  ability.update(rulesFor(userData));
}

sync();
session.subscribe(sync);
