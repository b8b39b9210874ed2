import { useAbility } from '@casl/react';
import type { Action, AppAbility, Subject } from '@cobranzas/shared';
import { MESSAGES } from '@cobranzas/shared';
import type { ReactNode } from 'react';
import classes from './RequirePermission.module.css';

/** SPEC §8 "Missing permission": the fixed text. Also shown inside a page when the API answers 403. */
export function ForbiddenNotice() {
  return (
    <div className={classes.root} role="alert">
      {MESSAGES.forbidden}
    </div>
  );
}

/** SPEC §6 route guards: the page when allowed, otherwise the fixed "no permission" text. */
export function RequirePermission({
  action,
  subject,
  children,
}: {
  action: Action;
  subject: Subject;
  children: ReactNode;
}) {
  const ability = useAbility<AppAbility>();
  if (ability.can(action, subject)) return children;
  return <ForbiddenNotice />;
}
