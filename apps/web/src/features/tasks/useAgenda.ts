import { useAbility } from '@casl/react';
import { type AppAbility, LIST_MAX_LIMIT, type Task, tasksResource, usersResource } from '@cobranzas/shared';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { fetchList, messageOf, retryTransient } from '../../components/resource/http';
import { listSpec, type Option } from '../../components/resource/types';
import { useOptions } from '../../components/resource/useOptions';
import { resourceKeys } from '../../lib/resourceQueries';
import { useSession } from '../../lib/useSession';

/** What the signed-in user may do in the agenda (SPEC §6 subject `tasks`; the API decides anyway). */
export function useAgendaPermissions() {
  const ability = useAbility<AppAbility>();
  return {
    view: ability.can('view', 'tasks'),
    add: ability.can('add', 'tasks'),
    edit: ability.can('edit', 'tasks'),
    remove: ability.can('delete', 'tasks'),
    /** GET /users needs view SystemManagement (ADMIN and GENERAL). */
    listUsers: ability.can('view', 'SystemManagement'),
  };
}
export type AgendaPermissions = ReturnType<typeof useAgendaPermissions>;

/** The visible range of the calendar as instants, [from, to). */
export type Range = { from: string; to: string };

/** Enough pages of 500 for any real agenda; past that the page says what it left out. */
const MAX_PAGES = 10;

export type RangeTasks = { tasks: Task[]; total: number };

/** The agenda's list: the tasks that overlap a range, soonest first, maybe of one user. */
export const AGENDA_LIST = listSpec({
  definition: tasksResource,
  filters: ['from', 'to', 'userId'],
  params: { sort: 'start', order: 'asc', limit: LIST_MAX_LIMIT },
});

/** Every task that overlaps the range (GET /tasks?from&to), page after page, soonest first. */
export async function fetchTasksInRange(
  range: Range,
  userId: number | undefined,
  signal?: AbortSignal,
): Promise<RangeTasks> {
  const tasks: Task[] = [];
  for (let page = 1; ; page++) {
    const answer = await fetchList<Task>(
      tasksResource.path,
      { ...AGENDA_LIST.params, ...range, userId, page },
      signal,
    );
    tasks.push(...answer.data);
    if (tasks.length >= answer.total || answer.data.length === 0 || page >= MAX_PAGES)
      return { tasks, total: answer.total };
  }
}

/** The tasks of the visible range; the previous range's stay on screen while the next one loads. */
export function useRangeTasks(range: Range | null, userId: number | undefined) {
  const query = useQuery({
    queryKey: resourceKeys(tasksResource).other('agenda', { ...range, userId }),
    queryFn: ({ signal }) => fetchTasksInRange(range as Range, userId, signal),
    enabled: range !== null,
    placeholderData: keepPreviousData,
    retry: retryTransient,
  });
  useFailureToast(query.error, query.errorUpdatedAt, 'agenda-tasks', 'No se pudieron cargar las tareas');
  return query;
}

/** A red toast once per failed load (SPEC §7: the list stays empty). */
export function useFailureToast(error: unknown, at: number, id: string, title: string) {
  useEffect(() => {
    if (!error || !at) return;
    notifications.show({ id: `${id}-${at}`, color: 'red', title, message: messageOf(error) });
  }, [error, at, id, title]);
}

const byName = (user: { name: string }) => user.name;
const ACTIVE = { active: 'true' } as const;

/**
 * The agency staff who can hold a task (ADMIN and GENERAL users, active), for the assignee filter
 * and select. The signed-in user is always among them, even when the list cannot be read.
 */
export function useStaff(enabled: boolean) {
  const { userData } = useSession();
  const users = useOptions(usersResource, byName, enabled, ACTIVE);
  const usersError = enabled && users.failed;
  useEffect(() => {
    if (usersError)
      notifications.show({
        id: 'agenda-users',
        color: 'red',
        title: 'No se pudo cargar la lista de usuarios',
        message: 'El filtro y el responsable ofrecen solo su propio usuario.',
      });
  }, [usersError]);
  const options = useMemo<Option[]>(() => {
    const staff = users.records
      .filter((user) => user.role !== 'CLIENTE')
      .map((user) => ({ value: String(user.id), label: user.name }));
    if (userData && !staff.some((option) => option.value === String(userData.sub)))
      staff.unshift({ value: String(userData.sub), label: userData.name });
    return staff;
  }, [users.records, userData]);
  return { options, me: userData ? String(userData.sub) : null };
}
