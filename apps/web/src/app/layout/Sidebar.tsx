import { useAbility } from '@casl/react';
import type { AppAbility } from '@cobranzas/shared';
import { NavLink } from '@mantine/core';
import {
  IconBuildingBank,
  IconBuildingSkyscraper,
  IconCalendarEvent,
  IconCalendarMonth,
  IconCash,
  IconCategory,
  IconFileCheck,
  IconGavel,
  IconListCheck,
  IconMessageCircleCheck,
  IconPercentage,
  IconProgressCheck,
  IconReceipt,
  IconReceiptTax,
  IconRoute,
  IconUserDollar,
  IconUsers,
} from '@tabler/icons-react';
import { type ComponentType, useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';
import logo from '../../assets/logo.svg';
import classes from './layout.module.css';
import { filterMenu, MENU, type MenuGroup, type MenuIcon } from './menu';

const ICONS: Record<MenuIcon, ComponentType<{ size?: number; stroke?: number }>> = {
  debts: IconCash,
  users: IconUsers,
  companies: IconBuildingSkyscraper,
  events: IconCalendarEvent,
  debtors: IconUserDollar,
  embargos: IconGavel,
  calendar: IconCalendarMonth,
  debtTypes: IconCategory,
  collectionTypes: IconReceipt,
  outcomes: IconMessageCircleCheck,
  rates: IconPercentage,
  queue: IconListCheck,
  settlements: IconReceiptTax,
  reconciliation: IconFileCheck,
  strategies: IconRoute,
  jurisdictions: IconBuildingBank,
  caseStatuses: IconProgressCheck,
};

const groups = MENU.filter((item): item is MenuGroup => item.kind === 'group');
const sectionOf = (path: string) => path.split('/')[1];

/**
 * The menu group holding the page at `pathname`: the one linking to it, else the one whose links
 * share its first path segment (/debts/view/3 belongs to Cobranzas, /users/edit/3 to Usuarios).
 */
const groupOf = (pathname: string) =>
  groups.find((group) => group.links.some((link) => link.to === pathname)) ??
  groups.find((group) => group.links.some((link) => sectionOf(link.to) === sectionOf(pathname)));

/** SPEC §2 sidebar: logo link to /, then the menu groups the user may see (SPEC §6). */
export function Sidebar({ id, opened }: { id: string; opened: boolean }) {
  const ability = useAbility<AppAbility>();
  const rules = ability.rules;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `rules` changes identity on every ability update
  const items = useMemo(
    () => filterMenu(MENU, (action, subject) => ability.can(action, subject)),
    [ability, rules],
  );
  const { pathname } = useLocation();
  // The group holding the current page is open: from the start, and after any later navigation.
  const [expanded, setExpanded] = useState<Record<string, boolean>>(() => {
    const current = groupOf(pathname);
    return current ? { [current.label]: true } : {};
  });
  useEffect(() => {
    const current = groupOf(pathname);
    if (current) setExpanded((state) => (state[current.label] ? state : { ...state, [current.label]: true }));
  }, [pathname]);

  return (
    <nav id={id} aria-label="Menú principal" className={classes.navbar} inert={!opened}>
      <Link to="/" className={classes.brand}>
        <img src={logo} alt="Cobranzas" width={232} height={48} />
      </Link>
      <div className={classes.menu}>
        {items.map((item) => {
          if (item.kind === 'header') {
            return (
              <p key={item.label} className={classes.sectionHeader}>
                {item.label}
              </p>
            );
          }
          const Icon = ICONS[item.icon];
          const isOpen = expanded[item.label] ?? false;
          return (
            <NavLink
              key={item.label}
              component="button"
              type="button"
              label={item.label}
              leftSection={<Icon size={20} stroke={1.6} />}
              opened={isOpen}
              onChange={(value) => setExpanded((state) => ({ ...state, [item.label]: value }))}
              aria-expanded={isOpen}
              // A closed group's links are not drawn (Mantine keeps them as a hidden React Activity):
              // ≈ 70 links less to render on every first screen.
              keepMounted={false}
              childrenOffset={30}
              className={classes.group}
            >
              {item.links.map((link) => (
                <NavLink
                  key={link.to}
                  component={Link}
                  to={link.to}
                  label={link.label}
                  active={pathname === link.to}
                  aria-current={pathname === link.to ? 'page' : undefined}
                  className={classes.link}
                />
              ))}
            </NavLink>
          );
        })}
      </div>
    </nav>
  );
}
