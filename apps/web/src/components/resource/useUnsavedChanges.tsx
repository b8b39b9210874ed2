import { type RefObject, useEffect } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmModal } from './ConfirmModal';

/**
 * Warns before leaving a form with unsaved changes: in-app navigation is held by the router
 * (and a dialog asks), closing or reloading the tab by the browser's own prompt.
 * `bypass` lets the form leave after a successful save.
 */
export function UnsavedChangesGuard({ dirty, bypass }: { dirty: boolean; bypass: RefObject<boolean> }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      !bypass.current &&
      // An expired session must still reach /login.
      nextLocation.pathname !== '/login' &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers want returnValue set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  return (
    <ConfirmModal
      opened={blocker.state === 'blocked'}
      title="Cambios sin guardar"
      confirmLabel="Salir sin guardar"
      cancelLabel="Seguir editando"
      danger
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      Hay cambios sin guardar. Si sale de esta página, se perderán.
    </ConfirmModal>
  );
}
