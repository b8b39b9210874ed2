import { useSyncExternalStore } from 'react';
import { type SessionState, session } from './session';

/** The auth state (isLogin, userData) for React components. */
export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.getState);
}
