import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/global.css';
import 'virtual:mantine-variables.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Indicator.css';
import '@mantine/core/styles/NavLink.css';
import '@mantine/core/styles/Accordion.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import './overrides.css';

import { MantineProvider } from '@mantine/core';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { FullScreenLoading } from '../../components/Loading';
import { useSession } from '../../lib/useSession';
import { theme } from '../theme';
import { LayoutProviders } from './LayoutProviders';
import { Shell } from './Shell';

/** SPEC §2 layout of every route but /login. Signed out: 'Cargando' while it sends the user to /login. */
export function AppLayout() {
  const { isLogin } = useSession();
  const navigate = useNavigate();

  useEffect(() => {
    if (!isLogin) navigate('/login', { replace: true });
  }, [isLogin, navigate]);

  if (!isLogin) return <FullScreenLoading />;
  return (
    // No <style> injection (CSP: style-src 'self'): the theme's variables are the static
    // virtual:mantine-variables.css, generated from the same theme at build time.
    <MantineProvider
      theme={theme}
      forceColorScheme="light"
      withCssVariables={false}
      withGlobalClasses={false}
    >
      <LayoutProviders>
        <Shell />
      </LayoutProviders>
    </MantineProvider>
  );
}
