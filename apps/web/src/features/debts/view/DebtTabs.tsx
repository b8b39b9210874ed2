import type { Debt } from '@cobranzas/shared';
import { Tabs } from '@mantine/core';
import { type ComponentType, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { Permissions } from '../common/hooks';
import { DocumentsTab } from './activity/DocumentsTab';
import { EmbargosTab } from './activity/EmbargosTab';
import { EventsTab } from './activity/EventsTab';
import { ObservationsTab } from './activity/ObservationsTab';
import { TasksTab } from './activity/TasksTab';
import { DepositsTab } from './money/DepositsTab';
import { PaymentsTab } from './money/PaymentsTab';
import { ServicesTab } from './money/ServicesTab';
import { QuotasTab } from './quotas/QuotasTab';
import classes from './view.module.css';

type TabProps = { debt: Debt; perms: Permissions };
type TabDef = {
  value: string;
  label: string;
  Component: ComponentType<TabProps>;
  visible?: (p: Permissions) => boolean;
};

const TABS: TabDef[] = [
  { value: 'cuotas', label: 'Cuotas', Component: QuotasTab },
  { value: 'pagos', label: 'Pagos', Component: PaymentsTab },
  { value: 'depositos', label: 'Depósitos', Component: DepositsTab },
  { value: 'servicios', label: 'Servicios', Component: ServicesTab },
  { value: 'gestiones', label: 'Gestiones', Component: EventsTab },
  { value: 'observaciones', label: 'Observaciones', Component: ObservationsTab },
  { value: 'embargos', label: 'Embargos', Component: EmbargosTab },
  { value: 'documentos', label: 'Documentos', Component: DocumentsTab },
  // The agenda is its own subject: a CLIENTE may not see tasks.
  { value: 'tareas', label: 'Tareas', Component: TasksTab, visible: (p) => p.viewTasks },
];

/** The debt file's sections as tabs; the open one is in the URL (?tab=), so a reload keeps it. */
export function DebtTabs({ debt, perms }: TabProps) {
  const [params, setParams] = useSearchParams();
  const tabs = TABS.filter((tab) => !tab.visible || tab.visible(perms));
  const requested = params.get('tab');
  const current = tabs.find((tab) => tab.value === requested)?.value ?? 'cuotas';
  const list = useRef<HTMLDivElement>(null);

  // On phones the row scrolls: bring the open section into sight (e.g. arriving with ?tab=documentos).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the open tab changes
  useEffect(() => {
    const row = list.current;
    const active = row?.querySelector<HTMLElement>('[data-active]');
    if (row && active) row.scrollLeft = Math.max(0, active.offsetLeft - row.clientWidth / 3);
  }, [current]);

  return (
    <Tabs
      className={classes.tabs}
      value={current}
      onChange={(value) =>
        setParams(
          (prev) => {
            const next = new URLSearchParams(prev);
            next.set('tab', value ?? 'cuotas');
            return next;
          },
          { replace: true },
        )
      }
      keepMounted={false}
    >
      <Tabs.List ref={list} className={classes.tabList} aria-label="Secciones de la deuda">
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map(({ value, Component }) => (
        <Tabs.Panel key={value} value={value} className={classes.panel}>
          <Component debt={debt} perms={perms} />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
