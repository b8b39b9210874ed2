import type { Action, Subject } from '@cobranzas/shared';
import type { ComponentType } from 'react';
import { RequirePermission } from './RequirePermission';

/** A page component wrapped in its route guard (used by the route table). */
export function withPermission(action: Action, subject: Subject, Page: ComponentType): ComponentType {
  function Guarded() {
    return (
      <RequirePermission action={action} subject={subject}>
        <Page />
      </RequirePermission>
    );
  }
  Guarded.displayName = `withPermission(${action}, ${subject})`;
  return Guarded;
}
