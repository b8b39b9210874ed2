import { LABELS, TASK_STATUSES, type TaskStatus } from '@cobranzas/shared';

/**
 * The colour of a task by its status: the event's background with white text. Each passes WCAG AA
 * (4.5:1) against white text and as text on white: blue 6.2:1, green 6.1:1, grey 6.1:1. Colour is
 * not the only cue: the legend names them, completed tasks carry a check mark and cancelled ones are
 * struck through (calendar.module.css).
 */
export const STATUS_COLORS: Record<TaskStatus, string> = {
  PENDIENTE: '#1f5fb8',
  COMPLETADA: '#237032',
  CANCELADA: '#5c636a',
};

export const STATUS_OPTIONS = TASK_STATUSES.map((status) => ({
  value: status,
  label: LABELS.taskStatus[status],
}));

export const statusLabel = (status: TaskStatus) => LABELS.taskStatus[status];
