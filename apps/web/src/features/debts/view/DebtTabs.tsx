import { DEBT_TYPE_IDS, type Debt } from '@cobranzas/shared';
import { Skeleton, Tabs } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { type ComponentType, lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { QuotasTab } from '../../quotas/QuotasTab';
import type { Permissions } from '../common/hooks';
import type { TabProps } from './RecordTab';
import classes from './view.module.css';

/**
 * A tab loaded when it is first opened: the file's first screen fetches and runs only the open one
 * (issue 38). «Cuotas», where the file opens, comes with the page.
 */
const tab = <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType<TabProps>) =>
  lazy(async () => ({ default: pick(await load()) }));

const PaymentsTab = tab(
  () => import('../../payments/PaymentsTab'),
  (m) => m.PaymentsTab,
);
const DepositsTab = tab(
  () => import('../../deposits/DepositsTab'),
  (m) => m.DepositsTab,
);
const PromisesTab = tab(
  () => import('../../promises/PromisesTab'),
  (m) => m.PromisesTab,
);
const OffersTab = tab(
  () => import('../../offers/OffersTab'),
  (m) => m.OffersTab,
);
const ServicesTab = tab(
  () => import('../../services/ServicesTab'),
  (m) => m.ServicesTab,
);
const LedgerTab = tab(
  () => import('../../ledger/LedgerTab'),
  (m) => m.LedgerTab,
);
const EventsTab = tab(
  () => import('../../events/EventsTab'),
  (m) => m.EventsTab,
);
const ObservationsTab = tab(
  () => import('../../observations/ObservationsTab'),
  (m) => m.ObservationsTab,
);
const EmbargosTab = tab(
  () => import('../../embargos/EmbargosTab'),
  (m) => m.EmbargosTab,
);
const DocumentsTab = tab(
  () => import('../../documents/DocumentsTab'),
  (m) => m.DocumentsTab,
);
const DebtCaseTab = tab(
  () => import('../../cases/DebtCaseTab'),
  (m) => m.DebtCaseTab,
);
const LettersTab = tab(
  () => import('../../letters/LettersTab'),
  (m) => m.LettersTab,
);
const TasksTab = tab(
  () => import('../../tasks/TasksTab'),
  (m) => m.TasksTab,
);
const HistoryTab = tab(
  () => import('./HistoryTab'),
  (m) => m.HistoryTab,
);

type TabDef = {
  value: string;
  label: string;
  Component: ComponentType<TabProps>;
  visible?: (p: Permissions, debt: Debt) => boolean;
};

const TABS: TabDef[] = [
  { value: 'cuotas', label: 'Cuotas', Component: QuotasTab },
  { value: 'pagos', label: 'Pagos', Component: PaymentsTab },
  { value: 'depositos', label: 'Depósitos', Component: DepositsTab },
  { value: 'promesas', label: 'Promesas', Component: PromisesTab },
  { value: 'ofertas', label: 'Ofertas', Component: OffersTab },
  { value: 'servicios', label: 'Servicios', Component: ServicesTab },
  { value: 'movimientos', label: 'Movimientos', Component: LedgerTab },
  { value: 'gestiones', label: 'Gestiones', Component: EventsTab },
  // Internal notes: the API refuses them to a CLIENTE (403), the tab is not offered.
  { value: 'observaciones', label: 'Observaciones', Component: ObservationsTab, visible: (p) => p.staff },
  { value: 'embargos', label: 'Embargos', Component: EmbargosTab },
  { value: 'documentos', label: 'Documentos', Component: DocumentsTab },
  // Issue 37: the court case of a judicial debt (or the form that opens it).
  {
    value: 'expediente',
    label: 'Expediente',
    Component: DebtCaseTab,
    visible: (_p, debt) => debt.debtTypeId === DEBT_TYPE_IDS.JUDICIAL || debt.judicialCase !== null,
  },
  // Letters sent and cartas documento (issue 36): the agency's own work, never a CLIENTE's (403).
  { value: 'cartas', label: 'Cartas', Component: LettersTab, visible: (p) => p.staff },
  // The agenda is its own subject: a CLIENTE may not see tasks.
  { value: 'tareas', label: 'Tareas', Component: TasksTab, visible: (p) => p.viewTasks },
  // Who changed what: it names the agency's people, so not for a CLIENTE (the API refuses it too).
  { value: 'historial', label: 'Historial', Component: HistoryTab, visible: (p) => p.staff },
];

/** The debt file's sections as tabs; the open one is in the URL (?tab=), so a reload keeps it. */
export function DebtTabs({ debt, perms }: TabProps) {
  const [params, setParams] = useSearchParams();
  const tabs = TABS.filter((tab) => !tab.visible || tab.visible(perms, debt));
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
  const { more, scroll } = useScrollEdges(list);

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
      {/* Sections hidden past an edge: that edge fades and gets a button that scrolls the row. */}
      <div
        className={classes.tabStrip}
        data-more-left={more.left || undefined}
        data-more-right={more.right || undefined}
      >
        {more.left ? (
          <button
            type="button"
            className={classes.tabScroll}
            data-side="left"
            tabIndex={-1}
            aria-label="Ver las secciones anteriores"
            onClick={() => scroll(-1)}
          >
            <IconChevronLeft size={18} aria-hidden="true" />
          </button>
        ) : null}
        <Tabs.List ref={list} className={classes.tabList} aria-label="Secciones de la deuda">
          {tabs.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {more.right ? (
          <button
            type="button"
            className={classes.tabScroll}
            data-side="right"
            tabIndex={-1}
            aria-label="Ver más secciones"
            onClick={() => scroll(1)}
          >
            <IconChevronRight size={18} aria-hidden="true" />
          </button>
        ) : null}
      </div>
      {tabs.map(({ value, Component }) => (
        <Tabs.Panel key={value} value={value} className={classes.panel}>
          <Suspense fallback={<TabLoading />}>
            <Component debt={debt} perms={perms} />
          </Suspense>
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

function TabLoading() {
  return <Skeleton height={160} role="status" aria-label="Cargando la sección" />;
}

/**
 * Whether a horizontally scrolling row has more past its left and right edges (kept up to date on
 * scroll and resize), and a scroll by most of its width. The buttons it feeds are for pointers:
 * from the keyboard the arrow keys move between tabs and the effect above follows the open one.
 */
function useScrollEdges(ref: React.RefObject<HTMLDivElement | null>) {
  const [more, setMore] = useState({ left: false, right: false });
  const measure = useCallback(() => {
    const row = ref.current;
    if (!row) return;
    const left = row.scrollLeft > 1;
    const right = row.scrollLeft + row.clientWidth < row.scrollWidth - 1;
    setMore((prev) => (prev.left === left && prev.right === right ? prev : { left, right }));
  }, [ref]);
  useEffect(() => {
    const row = ref.current;
    if (!row) return;
    measure();
    row.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(row);
    return () => {
      row.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [ref, measure]);
  const scroll = (direction: 1 | -1) => {
    const row = ref.current;
    row?.scrollBy({ left: direction * row.clientWidth * 0.6, behavior: 'smooth' });
  };
  return { more, scroll };
}
