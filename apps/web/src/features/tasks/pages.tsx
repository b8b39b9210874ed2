import '../../components/resource/mantineStyles';
import { agencyToday, TASK_STATUSES, type Task, tasksResource } from '@cobranzas/shared';
import { Button, Select, Skeleton, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { RequirePermission } from '../../components/RequirePermission';
import { messageOf } from '../../components/resource/http';
import { PageHeader } from '../../components/resource/PageHeader';
import { Callout } from '../../components/resource/states';
import { formatDate } from '../../lib/format';
import { useSaveRecord } from '../../lib/resourceQueries';
import { useSession } from '../../lib/useSession';
import classes from './calendar.module.css';
import { STATUS_COLORS, statusLabel } from './status';
import type { TaskMove } from './TaskCalendar';
import { type DialogTarget, TaskDialog } from './TaskDialog';
import { formValuesForDay, formValuesForSlot, taskWhen } from './taskForm';
import { type Range, useAgendaPermissions, useRangeTasks, useStaff } from './useAgenda';
import { useAgendaParams } from './useAgendaParams';
import { PHONE_QUERY, type ViewKey } from './views';

// FullCalendar is the heavy part: its own chunk, loaded while the header is already on screen.
const TaskCalendar = lazy(() => import('./TaskCalendar'));

/** /calendar: the agenda, for whoever may view tasks (SPEC §6 "view tasks: Agenda"). */
export function CalendarPage() {
  return (
    <RequirePermission action="view" subject="tasks">
      <AgendaPage />
    </RequirePermission>
  );
}

const NO_TASKS: Task[] = [];
const ALL = 'todos';
const MINE = 'mias';

function AgendaPage() {
  const perms = useAgendaPermissions();
  const { userData } = useSession();
  const { state: params, update } = useAgendaParams();
  const staff = useStaff(perms.listUsers);
  // The agenda reloads in the background: the moved task is already where it was dropped.
  const { mutateAsync: saveTask } = useSaveRecord(tasksResource, { wait: false });
  const [range, setRange] = useState<Range | null>(null);
  const [dialog, setDialogState] = useState<{ target: DialogTarget; key: number } | null>(null);
  // A new key per opening: the dialog starts from its target's values every time.
  const openings = useRef(0);
  const setDialog = useCallback((target: DialogTarget | null) => {
    openings.current += 1;
    setDialogState(target ? { target, key: openings.current } : null);
  }, []);

  // SPEC §6 gives ADMIN and GENERAL the same tasks; by default a GENERAL sees its own, an ADMIN all.
  const me = staff.me;
  const byDefault = userData?.type === 'ADMIN' ? ALL : MINE;
  const assignee = params.assignee === me ? MINE : (params.assignee ?? byDefault);
  const userId = assignee === ALL ? undefined : assignee === MINE ? userData?.sub : Number(assignee);
  const tasks = useRangeTasks(range, userId);

  // Read once: the first view and day come from the URL, else the screen size decides.
  const [initial] = useState(() => ({
    view: params.view ?? ((window.matchMedia(PHONE_QUERY).matches ? 'lista' : 'mes') as ViewKey),
    date: params.date ?? undefined,
  }));

  const filterOptions = useMemo(
    () => [
      { value: ALL, label: 'Todos los responsables' },
      { value: MINE, label: 'Mis tareas' },
      ...staff.options.filter((option) => option.value !== me),
    ],
    [staff.options, me],
  );

  /** A new task goes to the user the filter shows, else to the signed-in user. */
  const newAssignee = assignee === ALL || assignee === MINE ? me : assignee;

  const rangeRef = useRef<Range | null>(null);
  const onRangeChange = useCallback(
    (next: Range, view: ViewKey, date: string) => {
      if (rangeRef.current?.from !== next.from || rangeRef.current?.to !== next.to) {
        rangeRef.current = next;
        setRange(next);
      }
      update({ vista: view, fecha: date });
    },
    [update],
  );

  const onMoveTask = useCallback(
    async (task: Task, move: TaskMove, revert: () => void) => {
      try {
        await saveTask({ id: task.id, body: move });
        notifications.show({
          color: 'green',
          title: 'Tarea reprogramada',
          message: `«${task.title}» quedó para el ${taskWhen(move, formatDate)}.`,
        });
      } catch (error) {
        revert();
        notifications.show({ color: 'red', title: 'No se pudo reprogramar', message: messageOf(error) });
      }
    },
    [saveTask],
  );

  function newTask() {
    // Today when it is on screen, else the first day shown.
    const now = new Date().toISOString();
    const day =
      !range || (range.from <= now && now < range.to) ? agencyToday() : agencyToday(new Date(range.from));
    setDialog({ kind: 'create', values: formValuesForDay(day, newAssignee) });
  }

  const shown = tasks.data?.tasks ?? NO_TASKS;
  const total = tasks.data?.total ?? 0;

  return (
    <section className={classes.page} aria-labelledby="page-title">
      <PageHeader
        title="Agenda"
        actions={
          perms.add ? (
            <Button leftSection={<IconPlus size={18} aria-hidden="true" />} onClick={newTask}>
              Nueva tarea
            </Button>
          ) : undefined
        }
      />
      <div className={classes.bar}>
        <Select
          className={classes.filter}
          label="Responsable"
          data={filterOptions}
          value={assignee}
          onChange={(value) => update({ responsable: value === byDefault || value === null ? null : value })}
          allowDeselect={false}
          searchable
          nothingFoundMessage="Sin coincidencias"
        />
        <ul className={classes.legend} aria-label="Colores por estado">
          {TASK_STATUSES.map((status) => (
            <li key={status} className={classes.legendItem}>
              {/* A style set by React (CSSOM), which the CSP allows; the colours live in status.ts. */}
              <span
                className={classes.swatch}
                style={{ background: STATUS_COLORS[status] }}
                aria-hidden="true"
              />
              {statusLabel(status)}
            </li>
          ))}
        </ul>
      </div>
      {tasks.data && shown.length < total ? (
        <Callout tone="warning" title="Hay más tareas de las que se muestran" className={classes.notice}>
          Se muestran {shown.length} de {total} tareas de este período. Elija un responsable o una vista más
          corta para verlas todas.
        </Callout>
      ) : null}
      <Suspense fallback={<CalendarSkeleton />}>
        <TaskCalendar
          tasks={shown}
          initialView={initial.view}
          initialDate={initial.date}
          loading={tasks.isFetching}
          loaded={tasks.data !== undefined || tasks.isError}
          canAdd={perms.add}
          canEdit={perms.edit}
          onRangeChange={onRangeChange}
          onSelectSlot={(slot) => setDialog({ kind: 'create', values: formValuesForSlot(slot, newAssignee) })}
          onOpenTask={(task) => setDialog({ kind: 'edit', task })}
          onMoveTask={(task, move, revert) => void onMoveTask(task, move, revert)}
        />
      </Suspense>
      {dialog ? (
        <TaskDialog
          key={dialog.key}
          target={dialog.target}
          perms={perms}
          staff={staff.options}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </section>
  );
}

/** While the calendar's code loads: its shape in grey. */
function CalendarSkeleton() {
  return (
    <div className={classes.calendarBox} role="status" aria-busy="true">
      <VisuallyHidden>Cargando el calendario…</VisuallyHidden>
      <div className={classes.skeletonBar}>
        <Skeleton height={34} width={120} />
        <Skeleton height={28} width={180} />
        <Skeleton height={34} width={260} />
      </div>
      <Skeleton height={480} />
    </div>
  );
}
