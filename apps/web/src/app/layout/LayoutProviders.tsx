import { AbilityProvider } from '@casl/react';
import { useMediaQuery } from '@mantine/hooks';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { ability } from '../../lib/ability';
import { SMALL_SCREEN_QUERY, TOAST_AUTO_CLOSE_MS } from '../../lib/config';
import { session } from '../../lib/session';

/** What the signed-in app needs and /login does not: permissions, server state, toasts. */
export function LayoutProviders({ children }: { children: ReactNode }) {
  const small = useMediaQuery(SMALL_SCREEN_QUERY, undefined, { getInitialValueInEffect: false });
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
      }),
  );

  // SPEC §7: a failed refresh returns its message to the caller; here the caller tells the user.
  useEffect(() => {
    session.setRefreshErrorHandler((message) =>
      notifications.show({ color: 'red', title: 'No se pudo renovar la sesión', message }),
    );
    return () => session.setRefreshErrorHandler(undefined);
  }, []);

  return (
    <AbilityProvider value={ability}>
      <QueryClientProvider client={queryClient}>
        {/* SPEC §9: toasts close after 5 seconds. */}
        {/* At the bottom, so toasts never cover the top bar's actions. */}
        <Notifications
          autoClose={TOAST_AUTO_CLOSE_MS}
          position={small ? 'bottom-center' : 'bottom-right'}
          zIndex={1000}
        />
        {children}
      </QueryClientProvider>
    </AbilityProvider>
  );
}
