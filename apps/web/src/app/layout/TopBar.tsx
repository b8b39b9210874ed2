import {
  ActionIcon,
  Burger,
  Button,
  Indicator,
  Menu,
  Popover,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { IconBell, IconKey, IconLogout, IconMessage, IconSearch } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { session } from '../../lib/session';
import { useSession } from '../../lib/useSession';
import classes from './layout.module.css';

const SEARCH_LABEL = 'Buscar deudor por DNI/CUIT';

function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
}

/** A top-bar button with a fixed badge (SPEC §9) that opens a small panel. */
function BadgeMenu({
  label,
  badge,
  icon,
  empty,
}: {
  label: string;
  badge: string;
  icon: ReactNode;
  empty: string;
}) {
  const [opened, setOpened] = useState(false);
  // Mantine closes on Escape only with focus inside the panel, which has nothing focusable.
  useWindowEvent('keydown', (event) => {
    if (opened && event.key === 'Escape') setOpened(false);
  });
  return (
    <Indicator label={badge} size={18} offset={6} color="red.9" className={classes.indicator}>
      <Popover opened={opened} onChange={setOpened} position="bottom-end" width={260} shadow="md" withArrow>
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            radius="xl"
            aria-label={label}
            onClick={() => setOpened((value) => !value)}
          >
            {icon}
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown className={classes.panel}>
          <p className={classes.panelTitle}>{label}</p>
          <p className={classes.panelEmpty}>{empty}</p>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}

/** SPEC §2 top bar: menu toggle, DNI/CUIT search, bell, messages, user name and 'Salir'. */
export function TopBar({
  navbarId,
  navbarOpened,
  overlay,
  onToggleNavbar,
}: {
  navbarId: string;
  navbarOpened: boolean;
  overlay: boolean;
  onToggleNavbar: () => void;
}) {
  const { userData } = useSession();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const name = userData?.name ?? '';

  function onSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (search) navigate(`/debts/search?search=${search}`);
  }

  return (
    <header className={classes.header}>
      <Burger
        className={classes.burger}
        size="sm"
        // The X drawing only where the menu is an overlay; aria-expanded tells the state everywhere.
        opened={overlay && navbarOpened}
        onClick={onToggleNavbar}
        aria-label="Mostrar u ocultar menú"
        aria-expanded={navbarOpened}
        aria-controls={navbarId}
      />

      <search className={classes.search}>
        <form onSubmit={onSearch}>
          <TextInput
            value={search}
            // SPEC §5: numbers only. Anything else typed or pasted is dropped as it comes in.
            onChange={(event) => setSearch(event.currentTarget.value.replace(/\D/g, ''))}
            placeholder={SEARCH_LABEL}
            aria-label={SEARCH_LABEL}
            inputMode="numeric"
            autoComplete="off"
            leftSection={<IconSearch size={16} aria-hidden="true" />}
            radius="xl"
          />
        </form>
      </search>

      <div className={classes.actions}>
        <BadgeMenu label="Notificaciones" badge="3+" icon={<IconBell size={20} />} empty="Sin alertas" />
        <BadgeMenu label="Mensajes" badge="7" icon={<IconMessage size={20} />} empty="Sin mensajes" />
      </div>

      {/* The user's name opens their own things (issue 32: change my password). */}
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <UnstyledButton className={classes.user} aria-label={`${name}: opciones de la cuenta`}>
            <span className={classes.avatar} aria-hidden="true">
              {initials(name)}
            </span>
            <span className={classes.userName} title={name}>
              {name}
            </span>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            leftSection={<IconKey size={16} aria-hidden="true" />}
            onClick={() => navigate('/account/password')}
          >
            Cambiar mi contraseña
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>

      <Button
        className={classes.logout}
        variant="default"
        leftSection={<IconLogout size={16} aria-hidden="true" />}
        onClick={() => session.logout()}
      >
        Salir
      </Button>
    </header>
  );
}
