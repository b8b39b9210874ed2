import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { PageLoading } from '../../components/Loading';
import { SMALL_SCREEN_QUERY } from '../../lib/config';
import classes from './layout.module.css';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';
import { useWelcomeToast } from './useWelcomeToast';

const NAVBAR_ID = 'menu-principal';

export function Shell() {
  const small = useMediaQuery(SMALL_SCREEN_QUERY, undefined, { getInitialValueInEffect: false });
  // Wide screens keep the sidebar open unless toggled; small screens show it as an overlay on demand.
  const [wideOpened, setWideOpened] = useState(true);
  const [smallOpened, setSmallOpened] = useState(false);
  const opened = small ? smallOpened : wideOpened;
  const location = useLocation();
  const navigation = useNavigation();
  useWelcomeToast();

  // The overlay closes after navigating, and whenever the screen size class changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation and size change on purpose
  useEffect(() => setSmallOpened(false), [location.key, small]);

  useEffect(() => {
    if (!small || !smallOpened) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setSmallOpened(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [small, smallOpened]);

  const toggle = () => (small ? setSmallOpened((value) => !value) : setWideOpened((value) => !value));

  return (
    <div className={classes.shell} data-navbar={opened ? 'open' : 'closed'}>
      <a className={classes.skipLink} href="#contenido">
        Saltar al contenido
      </a>
      <Sidebar id={NAVBAR_ID} opened={opened} />
      {small && opened ? (
        // Pointer-only backdrop: Escape and the toggle close the overlay from the keyboard.
        <div className={classes.backdrop} aria-hidden="true" onClick={() => setSmallOpened(false)} />
      ) : null}
      <div className={classes.content}>
        <TopBar navbarId={NAVBAR_ID} navbarOpened={opened} overlay={small} onToggleNavbar={toggle} />
        <main id="contenido" className={classes.main} tabIndex={-1}>
          {navigation.state === 'loading' ? <PageLoading /> : <Outlet />}
        </main>
      </div>
    </div>
  );
}
