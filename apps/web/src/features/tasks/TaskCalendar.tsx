/**
 * The FullCalendar 7 part of the agenda, in its own chunk. FullCalendar 7 ships plain CSS files
 * (imported here, so Vite bundles them) and injects no <style> element: the CSP holds.
 */
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Tooltip.css';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import { AGENCY_TIME_ZONE, agencyToday, type Task } from '@cobranzas/shared';
import FullCalendar, {
  type CalendarOptions,
  type EventApi,
  type EventInput,
  type FormatterInput,
  useCalendarController,
} from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import listPlugin from '@fullcalendar/react/list';
import esLocale from '@fullcalendar/react/locales/es';
import classicTheme from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import { ActionIcon, Button, Loader, SegmentedControl, Tooltip, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useMemo } from 'react';
import classes from './calendar.module.css';
import { STATUS_COLORS, statusLabel } from './status';
import { calendarToInstant } from './taskForm';
import type { Range } from './useAgenda';
import { PHONE_QUERY, VIEWS, type ViewKey, viewKeyOf } from './views';

const PLUGINS = [dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin, classicTheme];
const TIME_GRID_HEIGHT = 720;
/** The toolbar's title per view; phones get short month names so it fits on two lines. */
function titleFormat(view: ViewKey, compact: boolean): FormatterInput {
  const month = compact ? 'short' : 'long';
  if (view === 'mes') return { month, year: 'numeric' };
  if (view === 'dia') return { weekday: compact ? 'short' : 'long', day: 'numeric', month, year: 'numeric' };
  return { day: 'numeric', month, year: 'numeric' };
}

const TIME_FORMAT = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;
const pad = (n: number) => String(n).padStart(2, '0');
const hhmm = (time: { hour: number; minute: number }) => `${pad(time.hour)}:${pad(time.minute)}`;
/**
 * An event's hours, "09:30–10:30". By hand: Intl's range formatting drops the 2-digit hour
 * ("9:30–10:30") while the time axis keeps it ("09:00").
 */
const EVENT_TIME: FormatterInput = ({ start, end }) => (end ? `${hhmm(start)}–${hhmm(end)}` : hhmm(start));

/** Where a task moved to, as the PATCH /tasks/{id} body. */
export type TaskMove = { start: string; end: string | null; allDay: boolean };

/** The task of a calendar event, as the API sent it (none on the mirror of a slot being picked). */
const taskOf = (event: EventApi) => event.extendedProps.task as Task;
const statusClass = (event: EventApi) => {
  const task = event.extendedProps.task as Task | undefined;
  return task ? `${classes.event} ${classes[`status${task.status}`] ?? ''}` : classes.event;
};

/** A task as a calendar event: all-day ones by their agency days, timed ones by their instants. */
function toEvent(task: Task, editable: boolean): EventInput {
  const color = STATUS_COLORS[task.status];
  const base = {
    // A changed task is a new event to FullCalendar, so its element (and tooltip) is drawn afresh.
    id: `${task.id}:${task.updatedAt}`,
    title: task.title,
    allDay: task.allDay,
    color,
    contrastColor: '#ffffff',
    editable,
    extendedProps: { task },
  };
  if (task.allDay) {
    const start = agencyToday(new Date(task.start));
    const end = task.end ? agencyToday(new Date(task.end)) : undefined;
    return { ...base, start, ...(end && end > start ? { end } : {}) };
  }
  return { ...base, start: task.start, ...(task.end ? { end: task.end } : {}) };
}

/** The event's new place after a drag or resize. */
export function moveOf(event: EventApi): TaskMove {
  return {
    allDay: event.allDay,
    start: calendarToInstant(event.startStr),
    end: event.endStr ? calendarToInstant(event.endStr) : null,
  };
}

const STEP_LABELS: Record<ViewKey, [string, string]> = {
  mes: ['Mes anterior', 'Mes siguiente'],
  semana: ['Semana anterior', 'Semana siguiente'],
  dia: ['Día anterior', 'Día siguiente'],
  lista: ['Semana anterior', 'Semana siguiente'],
};

export type TaskCalendarProps = {
  tasks: Task[];
  initialView: ViewKey;
  initialDate: string | undefined;
  loading: boolean;
  /** False until the first answer: the empty list then says it is loading, not that there is nothing. */
  loaded: boolean;
  canAdd: boolean;
  canEdit: boolean;
  /** The visible range changed (navigation or view change); `date` is the view's first day. */
  onRangeChange: (range: Range, view: ViewKey, date: string) => void;
  /** A slot or range was picked: FullCalendar's strings, end exclusive. */
  onSelectSlot: (slot: { start: string; end: string; allDay: boolean }) => void;
  onOpenTask: (task: Task) => void;
  /** A task was dragged or resized; `revert` puts it back when the API refuses. */
  onMoveTask: (task: Task, move: TaskMove, revert: () => void) => void;
};

export default function TaskCalendar({
  tasks,
  initialView,
  initialDate,
  loading,
  loaded,
  canAdd,
  canEdit,
  onRangeChange,
  onSelectSlot,
  onOpenTask,
  onMoveTask,
}: TaskCalendarProps) {
  const controller = useCalendarController();
  const compact = useMediaQuery(PHONE_QUERY, undefined, { getInitialValueInEffect: false }) ?? false;
  const view = controller.view;
  const viewKey = view ? viewKeyOf(view.type) : initialView;
  const [prevLabel, nextLabel] = STEP_LABELS[viewKey];
  const events = useMemo(() => tasks.map((task) => toEvent(task, canEdit)), [tasks, canEdit]);
  const buttons = controller.getButtonState();

  const options: CalendarOptions = {
    plugins: PLUGINS,
    controller,
    locale: esLocale,
    timeZone: AGENCY_TIME_ZONE,
    firstDay: 1,
    initialView: VIEWS[initialView].type,
    titleFormat: titleFormat(viewKey, compact),
    // The list's day headings: "16 de noviembre" on phones (the year is in the title).
    ...(compact ? { listDayAltFormat: { day: 'numeric', month: 'long' } as const } : {}),
    initialDate,
    headerToolbar: false,
    // The time grids scroll inside a fixed height (08:00 on top); month and list grow with their rows.
    height: viewKey === 'semana' || viewKey === 'dia' ? TIME_GRID_HEIGHT : 'auto',
    scrollTime: '08:00:00',
    slotHeaderFormat: TIME_FORMAT,
    eventTimeFormat: EVENT_TIME,
    allDayText: 'Todo el día',
    noEventsText: loaded ? 'No hay tareas en este período.' : 'Cargando tareas…',
    nowIndicator: true,
    dayMaxEvents: true,
    navLinks: true,
    eventInteractive: true,
    editable: canEdit,
    selectable: canAdd,
    selectMirror: true,
    selectLongPressDelay: 400,
    eventLongPressDelay: 400,
    events,
    class: classes.root,
    eventClass: (info) => statusClass(info.event),
    eventTitleClass: classes.title,
    listItemEventTimeClass: classes.listTime,
    listItemEventTitleClass: classes.listTitle,
    eventDidMount: (info) => {
      const task = info.event.extendedProps.task as Task | undefined;
      if (!task) return;
      // A tooltip with what the colour says, for pointer users.
      info.el.title = `${task.title} — ${statusLabel(task.status)}${task.userName ? ` — ${task.userName}` : ''}`;
    },
    datesSet: (info) => {
      onRangeChange(
        { from: calendarToInstant(info.startStr), to: calendarToInstant(info.endStr) },
        viewKeyOf(info.view.type),
        agencyToday(info.view.currentStart),
      );
    },
    select: (info) => {
      info.view.calendar.unselect();
      onSelectSlot({ start: info.startStr, end: info.endStr, allDay: info.allDay });
    },
    eventClick: (info) => {
      info.jsEvent.preventDefault();
      // Where the calendar shows it: a move or resize is drawn before the reload brings it back.
      onOpenTask({ ...taskOf(info.event), ...moveOf(info.event) });
    },
    eventDrop: (info) => onMoveTask(taskOf(info.event), moveOf(info.event), info.revert),
    eventResize: (info) => onMoveTask(taskOf(info.event), moveOf(info.event), info.revert),
  };

  return (
    <div className={classes.calendarBox}>
      <div className={classes.toolbar}>
        <div className={classes.nav}>
          <Tooltip label={prevLabel} withArrow>
            <ActionIcon variant="default" size="lg" aria-label={prevLabel} onClick={() => controller.prev()}>
              <IconChevronLeft size={18} aria-hidden="true" />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={nextLabel} withArrow>
            <ActionIcon variant="default" size="lg" aria-label={nextLabel} onClick={() => controller.next()}>
              <IconChevronRight size={18} aria-hidden="true" />
            </ActionIcon>
          </Tooltip>
          <Button variant="default" onClick={() => controller.today()} disabled={buttons.today.isDisabled}>
            Hoy
          </Button>
        </div>
        <div className={classes.titleBox}>
          <h2 className={classes.viewTitle} aria-live="polite">
            {view?.title ?? ''}
          </h2>
          {/* Always there (a live region must exist before it speaks) and always as wide. */}
          <span className={classes.loading} role="status">
            {loading ? (
              <>
                <Loader size="xs" aria-hidden="true" />
                <VisuallyHidden>Cargando tareas…</VisuallyHidden>
              </>
            ) : null}
          </span>
        </div>
        <SegmentedControl
          className={classes.views}
          aria-label="Vista"
          value={viewKey}
          onChange={(value) => controller.changeView(VIEWS[value as ViewKey].type)}
          data={Object.entries(VIEWS).map(([value, { label }]) => ({ value, label }))}
        />
      </div>
      <div className={classes.calendar} data-view={viewKey}>
        <FullCalendar {...options} />
      </div>
    </div>
  );
}
