import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../../lib/useSession';

/** Router state the login page sets on its redirect. */
export type WelcomeState = { welcome?: boolean };

/** Greets the user once, right after signing in with the form. */
export function useWelcomeToast(): void {
  const { userData } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const welcome = (location.state as WelcomeState | null)?.welcome === true;

  useEffect(() => {
    if (!welcome || !userData) return;
    // A fixed id: StrictMode's second effect run (and any re-run) shows it only once.
    notifications.show({
      id: 'welcome',
      title: 'Sesión iniciada',
      message: `Bienvenido/a, ${userData.name}`,
    });
    // Drop the flag so that reloading or going back does not greet again.
    const { pathname, search, hash } = location;
    navigate({ pathname, search, hash }, { replace: true, state: null });
  }, [welcome, userData, location, navigate]);
}
