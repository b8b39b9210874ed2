import { MESSAGES, type Task } from '@cobranzas/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setNavigator } from '../../src/lib/navigation';
import { session } from '../../src/lib/session';
import { bodyOf, mockApi } from '../http';
import { renderApp, signInAs } from '../render';

// FullCalendar is big to transform: loaded once, before the timed assertions.
beforeAll(async () => {
  Element.prototype.scrollIntoView ??= () => {};
  await Promise.all([
    import('../../src/features/tasks/pages'),
    import('../../src/features/tasks/TaskCalendar'),
    import('../../src/app/layout/AppLayout'),
  ]);
}, 60_000);

afterEach(() => {
  setNavigator(null);
  session.start();
});

const at = '2031-03-01T12:00:00.000Z';
// The week of Monday 2031-03-10, in the list view (which jsdom can lay out: no sizes needed).
const WEEK = '/calendar?vista=lista&fecha=2031-03-10';

function task(overrides: Partial<Task> = {}): Task {
  return {
    id: 5,
    title: 'Llamar a Pérez',
    description: null,
    start: '2031-03-12T13:00:00.000Z',
    end: '2031-03-12T14:00:00.000Z',
    allDay: false,
    userId: 1,
    userName: 'Ana Pérez',
    debtId: null,
    status: 'PENDIENTE',
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

const users = [
  { id: 1, name: 'Ana Pérez', role: 'GENERAL' },
  { id: 2, name: 'Bruno Díaz', role: 'ADMIN' },
  { id: 3, name: 'Carla Cliente', role: 'CLIENTE' },
];

const list = (data: unknown[]) => ({ status: 200, data: { data, total: data.length, page: 1, limit: 500 } });

/** An API with these tasks; every write answers as the server would. */
function agendaApi(
  tasks: Task[],
  overrides: (config: InternalAxiosRequestConfig) => unknown = () => undefined,
) {
  return mockApi((config) => {
    const own = overrides(config);
    if (own) return own as { status: number; data?: unknown };
    const url = config.url ?? '';
    if (url === '/tasks' && config.method === 'get') return list(tasks);
    if (url === '/users' && config.method === 'get') return list(users);
    if (url === '/tasks' && config.method === 'post')
      return { status: 201, data: task({ id: 9, ...(bodyOf(config) as object) }) };
    if (/^\/tasks\/\d+$/.test(url) && config.method === 'patch')
      return { status: 200, data: task(bodyOf(config) as object) };
    if (/^\/tasks\/\d+$/.test(url) && config.method === 'delete') return { status: 204 };
    return list([]);
  });
}

const taskLoads = (requests: InternalAxiosRequestConfig[]) =>
  requests.filter((r) => r.url === '/tasks' && r.method === 'get');
const user = () => userEvent.setup({ delay: null });

/** The calendar event of a task (FullCalendar renders it as a focusable button). */
const eventOf = async (title: string) =>
  (await screen.findByText(title, {}, { timeout: 8000 })).closest('[role="button"]') as HTMLElement;

describe('Agenda /calendar (issue 6)', { timeout: 40_000 }, () => {
  it('GENERAL sees its own tasks by default: GET /tasks of the visible week with its userId', async () => {
    signInAs('GENERAL');
    const { requests } = agendaApi([task()]);
    renderApp(WEEK);
    expect(await screen.findByRole('heading', { level: 1, name: 'Agenda' })).toBeInTheDocument();
    await eventOf('Llamar a Pérez');
    const params = taskLoads(requests)[0]?.params;
    expect(params).toMatchObject({
      userId: 1,
      from: '2031-03-10T03:00:00.000Z',
      to: '2031-03-17T03:00:00.000Z',
      sort: 'start',
      limit: 500,
    });
    expect(screen.getByRole('combobox', { name: 'Responsable' })).toHaveValue('Mis tareas');
    // The legend names each status colour.
    const legend = screen.getByRole('list', { name: 'Colores por estado' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Pendiente', 'Completada', 'Cancelada']);
  });

  it('ADMIN sees everyone’s by default; the filter narrows to one user and keeps it in the URL', async () => {
    signInAs('ADMIN');
    const { requests } = agendaApi([task()]);
    const { router } = renderApp(WEEK);
    await eventOf('Llamar a Pérez');
    expect(taskLoads(requests)[0]?.params.userId).toBeUndefined();
    const filter = screen.getByRole('combobox', { name: 'Responsable' });
    expect(filter).toHaveValue('Todos los responsables');

    await user().click(filter);
    // Mantine's dropdown is still fading in: its options count as hidden for a moment.
    const bruno = await screen.findByRole('option', { name: 'Bruno Díaz', hidden: true });
    // Staff only: a CLIENTE user never holds tasks; the signed-in user is "Mis tareas".
    const options = screen.getAllByRole('option', { hidden: true }).map((option) => option.textContent);
    expect(options).toEqual(['Todos los responsables', 'Mis tareas', 'Bruno Díaz']);
    await user().click(bruno);
    await waitFor(() => expect(taskLoads(requests).at(-1)?.params.userId).toBe(2));
    expect(router.state.location.search).toContain('responsable=2');
  });

  it('"Nueva tarea" creates a task: POST /tasks with the instants in agency time and the assignee', async () => {
    signInAs('GENERAL');
    const { requests } = agendaApi([]);
    renderApp(WEEK);
    expect(
      await screen.findByText('No hay tareas en este período.', {}, { timeout: 8000 }),
    ).toBeInTheDocument();
    const u = user();
    await u.click(screen.getByRole('button', { name: 'Nueva tarea' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva tarea' });
    // The week on screen is not this week: the new task starts on its first day.
    expect(within(dialog).getByRole('textbox', { name: /^Día( \*)?$/ })).toHaveValue('10/03/2031');
    await u.type(within(dialog).getByRole('textbox', { name: /^Título/ }), 'Visitar al deudor');
    const time = within(dialog).getByRole('textbox', { name: /^Hora( \*)?$/ });
    await u.clear(time);
    await u.type(time, '10:30');
    await u.type(within(dialog).getByRole('textbox', { name: /^Hora de fin/ }), '11:15');
    const before = taskLoads(requests).length;
    await u.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    expect(
      await screen.findByText('Se agregó la tarea «Visitar al deudor» a la agenda.'),
    ).toBeInTheDocument();
    expect(bodyOf(requests.find((r) => r.method === 'post'))).toEqual({
      title: 'Visitar al deudor',
      description: null,
      allDay: false,
      start: '2031-03-10T10:30:00-03:00',
      end: '2031-03-10T11:15:00-03:00',
      userId: 1,
      status: 'PENDIENTE',
    });
    await waitFor(() => expect(taskLoads(requests).length).toBeGreaterThan(before));
  });

  it('checks the form: a time is needed unless all day, and the end cannot come before the start', async () => {
    signInAs('GENERAL');
    const { requests } = agendaApi([]);
    renderApp(WEEK);
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Nueva tarea' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva tarea' });
    await u.type(within(dialog).getByRole('textbox', { name: /^Título/ }), 'Audiencia');
    await u.type(within(dialog).getByRole('textbox', { name: /^Hora de fin/ }), '08:00');
    await u.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('El fin no puede ser anterior al inicio.')).toBeInTheDocument();
    await u.clear(within(dialog).getByRole('textbox', { name: /^Hora( \*)?$/ }));
    await u.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Indique la hora o marque «Todo el día».')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'post')).toBe(false);

    // All day, over three days: from the agency's midnight to the one after the last day.
    await u.click(within(dialog).getByRole('switch', { name: 'Todo el día' }));
    await u.type(within(dialog).getByRole('textbox', { name: /^Hasta el día/ }), '12/03/2031');
    await u.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await screen.findByText('Se agregó la tarea «Audiencia» a la agenda.');
    expect(bodyOf(requests.find((r) => r.method === 'post'))).toMatchObject({
      allDay: true,
      start: '2031-03-10T00:00:00-03:00',
      end: '2031-03-13T00:00:00-03:00',
    });
  });

  it('a click on a task opens it: editing sends PATCH with the changes', async () => {
    signInAs('GENERAL');
    const { requests } = agendaApi([task()]);
    renderApp(WEEK);
    const u = user();
    await u.click(await eventOf('Llamar a Pérez'));
    const dialog = await screen.findByRole('dialog', { name: 'Editar tarea' });
    expect(within(dialog).getByRole('textbox', { name: /^Día( \*)?$/ })).toHaveValue('12/03/2031');
    expect(within(dialog).getByRole('textbox', { name: /^Hora( \*)?$/ })).toHaveValue('10:00');
    expect(within(dialog).getByRole('textbox', { name: /^Hora de fin/ })).toHaveValue('11:00');
    const title = within(dialog).getByRole('textbox', { name: /^Título/ });
    await u.clear(title);
    await u.type(title, 'Llamar a Pérez (celular)');
    await u.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Se guardó la tarea «Llamar a Pérez (celular)».')).toBeInTheDocument();
    const patch = requests.find((r) => r.method === 'patch');
    expect(patch?.url).toBe('/tasks/5');
    expect(bodyOf(patch)).toEqual({
      title: 'Llamar a Pérez (celular)',
      description: null,
      allDay: false,
      start: '2031-03-12T10:00:00-03:00',
      end: '2031-03-12T11:00:00-03:00',
      userId: 1,
      status: 'PENDIENTE',
    });
  });

  it('"Completar" sends PATCH {status: COMPLETADA} and reloads the tasks', async () => {
    signInAs('GENERAL');
    const { requests } = agendaApi([task()]);
    renderApp(WEEK);
    const u = user();
    await u.click(await eventOf('Llamar a Pérez'));
    const dialog = await screen.findByRole('dialog', { name: 'Editar tarea' });
    const before = taskLoads(requests).length;
    await u.click(within(dialog).getByRole('button', { name: 'Completar' }));
    expect(await screen.findByText('Se completó «Llamar a Pérez».')).toBeInTheDocument();
    const patch = requests.find((r) => r.method === 'patch');
    expect(patch?.url).toBe('/tasks/5');
    expect(bodyOf(patch)).toEqual({ status: 'COMPLETADA' });
    await waitFor(() => expect(taskLoads(requests).length).toBeGreaterThan(before));
  });

  it('"Eliminar" asks first, then sends DELETE /tasks/{id}', async () => {
    signInAs('GENERAL');
    const { requests } = agendaApi([task()]);
    renderApp(WEEK);
    const u = user();
    await u.click(await eventOf('Llamar a Pérez'));
    await u.click(
      within(await screen.findByRole('dialog', { name: 'Editar tarea' })).getByRole('button', {
        name: 'Eliminar',
      }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Confirmar eliminación' });
    expect(confirm).toHaveTextContent(
      '¿Eliminar la tarea «Llamar a Pérez»? Esta acción no se puede deshacer.',
    );
    expect(requests.some((r) => r.method === 'delete')).toBe(false);
    await u.click(within(confirm).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Se eliminó la tarea «Llamar a Pérez».')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'delete')?.url).toBe('/tasks/5');
  });

  it('a task linked to a debt offers "Ver deuda", which opens the debt file', async () => {
    signInAs('GENERAL');
    agendaApi([task({ debtId: 12, status: 'COMPLETADA' })]);
    renderApp(WEEK);
    await user().click(await eventOf('Llamar a Pérez'));
    const dialog = await screen.findByRole('dialog', { name: 'Editar tarea' });
    expect(dialog).toHaveTextContent('Vinculada a la deuda N.º 12');
    expect(within(dialog).getByRole('link', { name: 'Ver deuda' })).toHaveAttribute('href', '/debts/view/12');
    // Already completed: nothing to complete.
    expect(within(dialog).queryByRole('button', { name: 'Completar' })).not.toBeInTheDocument();
  });

  it('a failed load tells the user and leaves the agenda empty', async () => {
    signInAs('GENERAL');
    agendaApi([], (config) =>
      config.url === '/tasks' ? { status: 500, data: { message: 'Ocurrió un error interno.' } } : undefined,
    );
    renderApp(WEEK);
    expect(
      await screen.findByText('No se pudieron cargar las tareas', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Ocurrió un error interno.')).toBeInTheDocument();
  });

  it('is guarded by view tasks: CLIENTE gets the fixed text', async () => {
    signInAs('CLIENTE');
    const { requests } = agendaApi([task()]);
    renderApp('/calendar');
    expect(await screen.findByText(MESSAGES.forbidden)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'Agenda' })).not.toBeInTheDocument();
    expect(taskLoads(requests)).toHaveLength(0);
  });
});
