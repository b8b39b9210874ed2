import { apiCall, decodeJwt, expect, test, unique, uniqueDni } from '../fixtures';

type Page = import('@playwright/test').Page;
type Locator = import('@playwright/test').Locator;
type Task = {
  id: number;
  title: string;
  start: string;
  end: string | null;
  allDay: boolean;
  userId: number | null;
  status: string;
  debtId: number | null;
};

// Each test works on its own week far ahead, so tests running in parallel never share a slot.
// 2031-03-10 is a Monday; the agency runs in UTC−3 (10:00 there is 13:00Z).

const main = (page: Page) => page.getByRole('main');
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

/** The calendar event of a task, by its title. */
const eventOf = (page: Page, title: string) => main(page).locator('[role="button"]', { hasText: title });

/** The point of a day column at a time of the week/day grid (top of the half-hour slot + 5 px). */
async function slotPoint(page: Page, date: string, time: string) {
  const column = main(page).locator(`[role="cell"][data-date="${date}"]`).last();
  const lane = main(page).locator(`[data-time="${time}"]`).last();
  const c = await column.boundingBox();
  const l = await lane.boundingBox();
  if (!c || !l) throw new Error(`No se ve ${date} ${time}`);
  return { x: c.x + c.width / 2, y: l.y + 5 };
}

/**
 * Drags with the mouse, in small steps as a person does (FullCalendar needs real movement), and
 * lets two frames pass before letting go, as a hand does: CI once kept a resize's mirror on screen
 * after a release sent right after the last move.
 */
async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 3, from.y + 6, { steps: 3 });
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.mouse.up();
}

/** The agenda's next reload of its range (it reloads after every change). */
const agendaReload = (page: Page) =>
  page.waitForResponse((r) => r.request().method() === 'GET' && /\/api\/tasks\?.*from=/.test(r.url()));

async function centerOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('El elemento no se ve');
  return { x: box.x + box.width / 2, y: box.y + Math.min(10, box.height / 2) };
}

async function taskNamed(page: Page, title: string): Promise<Task> {
  const found = await apiCall<{ data: Task[] }>(
    page,
    'ADMIN',
    'GET',
    `/tasks?q=${encodeURIComponent(title)}`,
  );
  const task = found.data.find((t) => t.title === title);
  if (!task) throw new Error(`No existe la tarea ${title}`);
  return task;
}

/**
 * CSP violations reported by the browser (the server sends style-src 'self', script-src 'self').
 * None is expected: not FullCalendar's styles, not zod's eval probe (shared sets jitless in browsers).
 */
async function watchCsp(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

test.describe('Agenda /calendar (issue 6)', () => {
  test('GENERAL creates a task in a slot, drags it, resizes it and completes it: the API stores each step', async ({
    page,
    signIn,
  }) => {
    test.setTimeout(60_000);
    const violations = await watchCsp(page);
    const title = unique('Llamar a Sosa');
    const token = await signIn('GENERAL', '/calendar?vista=semana&fecha=2031-03-10');
    const me = Number(decodeJwt(token).sub);
    await expect(page.getByRole('heading', { level: 1, name: 'Agenda' })).toBeVisible();
    await expect(main(page).getByRole('combobox', { name: 'Responsable' })).toHaveValue('Mis tareas');
    await expect(main(page).getByRole('heading', { level: 2 })).toHaveText('10–16 de marzo de 2031');

    // Click the Wednesday 10:00 slot: the dialog opens on that day and half hour.
    const slot = await slotPoint(page, '2031-03-12', '10:00:00');
    await page.mouse.click(slot.x, slot.y);
    let form = dialog(page, 'Nueva tarea');
    await expect(form.getByRole('textbox', { name: 'Día', exact: true })).toHaveValue('12/03/2031');
    await expect(form.getByRole('textbox', { name: 'Hora', exact: true })).toHaveValue('10:00');
    await expect(form.getByRole('textbox', { name: 'Hora de fin' })).toHaveValue('10:30');
    await form.getByRole('textbox', { name: 'Título' }).fill(title);
    await form.getByRole('textbox', { name: 'Hora de fin' }).fill('11:00');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText(`Se agregó la tarea «${title}» a la agenda.`)).toBeVisible();
    await expect(form).toHaveCount(0);
    const event = eventOf(page, title);
    await expect(event).toContainText('10:00–11:00');
    // Pending is blue (#1f5fb8) with white text: the theme's CSS and our colours are applied.
    await expect(event).toHaveCSS('background-color', 'rgb(31, 95, 184)');
    let task = await taskNamed(page, title);
    expect(task).toMatchObject({
      start: '2031-03-12T13:00:00.000Z',
      end: '2031-03-12T14:00:00.000Z',
      allDay: false,
      userId: me,
      status: 'PENDIENTE',
      debtId: null,
    });

    // Drag it to Thursday 14:00 (PATCH start and end, same length).
    const reloaded = agendaReload(page);
    await drag(page, await centerOf(event), await slotPoint(page, '2031-03-13', '14:00:00'));
    await expect(page.getByText(`«${title}» quedó para el 13/03/2031 14:00.`)).toBeVisible();
    await expect(event).toContainText('14:00–15:00');
    await expect
      .poll(async () => {
        const t = await taskNamed(page, title);
        return [t.start, t.end];
      })
      .toEqual(['2031-03-13T17:00:00.000Z', '2031-03-13T18:00:00.000Z']);

    // Resize it from its bottom edge down to 16:00 (PATCH end), once the reload after the move has
    // landed: a redraw between pressing and dragging would drop the resize.
    await reloaded;
    const box = await event.boundingBox();
    if (!box) throw new Error('El evento no se ve');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const bottom = { x: box.x + box.width / 2, y: box.y + box.height - 2 };
    const target = await slotPoint(page, '2031-03-13', '15:30:00');
    await drag(page, bottom, { x: bottom.x, y: target.y + 16 });
    await expect(event).toContainText('14:00–16:00');
    await expect.poll(async () => (await taskNamed(page, title)).end).toBe('2031-03-13T19:00:00.000Z');

    // Open it and complete it.
    await event.click();
    form = dialog(page, 'Editar tarea');
    await expect(form.getByRole('textbox', { name: 'Hora', exact: true })).toHaveValue('14:00');
    await expect(form.getByRole('textbox', { name: 'Hora de fin' })).toHaveValue('16:00');
    await form.getByRole('button', { name: 'Completar' }).click();
    await expect(page.getByText(`Se completó «${title}».`)).toBeVisible();
    await expect.poll(async () => (await taskNamed(page, title)).status).toBe('COMPLETADA');
    task = await taskNamed(page, title);
    expect(task).toMatchObject({ start: '2031-03-13T17:00:00.000Z', end: '2031-03-13T19:00:00.000Z' });
    // Completed is green (#237032).
    await expect(event).toHaveCSS('background-color', 'rgb(35, 112, 50)');

    expect(await violations()).toEqual([]);
  });

  test('the filter: GENERAL sees its own tasks by default, ADMIN everyone’s; a task can be edited and deleted', async ({
    page,
    signIn,
  }) => {
    test.setTimeout(60_000);
    const mine = unique('Propia');
    const admins = unique('Del administrador');
    await apiCall(page, 'GENERAL', 'POST', '/tasks', { title: mine, start: '2031-03-18T12:00:00Z' });
    await apiCall(page, 'ADMIN', 'POST', '/tasks', {
      title: admins,
      start: '2031-03-19T03:00:00Z',
      allDay: true,
    });

    await signIn('GENERAL', '/calendar?vista=lista&fecha=2031-03-17');
    await expect(eventOf(page, mine)).toBeVisible();
    await expect(eventOf(page, admins)).toHaveCount(0);
    const filter = main(page).getByRole('combobox', { name: 'Responsable' });
    await filter.click();
    await page.getByRole('option', { name: 'Todos los responsables' }).click();
    await expect(eventOf(page, admins)).toBeVisible();
    await expect(page).toHaveURL(/responsable=todos/);
    await page.reload();
    await expect(filter).toHaveValue('Todos los responsables');
    await expect(eventOf(page, admins)).toBeVisible();

    // Edit: an all-day task moved to another day by the form.
    await eventOf(page, admins).click();
    const form = dialog(page, 'Editar tarea');
    await expect(form.getByRole('switch', { name: 'Todo el día' })).toBeChecked();
    const day = form.getByRole('textbox', { name: 'Día', exact: true });
    await day.fill('20/03/2031');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText(`Se guardó la tarea «${admins}».`)).toBeVisible();
    await expect.poll(async () => (await taskNamed(page, admins)).start).toBe('2031-03-20T03:00:00.000Z');

    // Delete, after a confirmation.
    await eventOf(page, mine).click();
    await dialog(page, 'Editar tarea').getByRole('button', { name: 'Eliminar' }).click();
    const confirm = dialog(page, 'Confirmar eliminación');
    await expect(confirm).toContainText(`¿Eliminar la tarea «${mine}»?`);
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await expect(page.getByText(`Se eliminó la tarea «${mine}».`)).toBeVisible();
    await expect(eventOf(page, mine)).toHaveCount(0);
    const left = await apiCall<{ data: Task[] }>(
      page,
      'ADMIN',
      'GET',
      `/tasks?q=${encodeURIComponent(mine)}`,
    );
    expect(left.data).toEqual([]);

    // ADMIN starts on everyone's tasks.
    await signIn('ADMIN', '/calendar?vista=lista&fecha=2031-03-17');
    await expect(main(page).getByRole('combobox', { name: 'Responsable' })).toHaveValue(
      'Todos los responsables',
    );
    await expect(eventOf(page, admins)).toBeVisible();
  });

  test('a task linked to a debt opens the debt file', async ({ page, signIn }) => {
    test.setTimeout(60_000);
    const title = unique('Seguimiento de deuda');
    const companies = await apiCall<{ data: { id: number; name: string }[] }>(
      page,
      'ADMIN',
      'GET',
      `/companies?q=${encodeURIComponent('Frávega')}`,
    );
    const company = companies.data[0];
    if (!company) throw new Error('Falta la compañía de global-setup');
    const debtor = await apiCall<{ id: number }>(page, 'ADMIN', 'POST', '/debtors', {
      dni: uniqueDni(),
      firstName: 'Marta',
      lastName: 'Sosa',
    });
    const debt = await apiCall<{ id: number }>(page, 'ADMIN', 'POST', '/debts', {
      debtorId: debtor.id,
      companyId: company.id,
      originalAmount: '1000.00',
    });
    await apiCall(page, 'GENERAL', 'POST', '/tasks', {
      title,
      start: '2031-03-25T15:00:00Z',
      debtId: debt.id,
    });
    await signIn('GENERAL', '/calendar?vista=dia&fecha=2031-03-25');
    await eventOf(page, title).click();
    const form = dialog(page, 'Editar tarea');
    await expect(form).toContainText(`Vinculada a la deuda N.º ${debt.id}`);
    await form.getByRole('link', { name: 'Ver deuda' }).click();
    await expect(page).toHaveURL(new RegExp(`/debts/view/${debt.id}$`));
    // The debt file is another lazy page: give it time on a busy machine.
    await expect(page.getByRole('heading', { level: 1, name: 'Detalle de deuda' })).toBeVisible({
      timeout: 15_000,
    });
  });

  test('on a phone (390 px) the agenda opens on the list and fits the screen', async ({ page, signIn }) => {
    const title = unique('Visita al deudor');
    await apiCall(page, 'GENERAL', 'POST', '/tasks', { title, start: '2031-04-08T14:00:00Z' });
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn('GENERAL', '/calendar?fecha=2031-04-07');
    await expect(main(page).getByRole('radio', { name: 'Lista' })).toBeChecked();
    await expect(eventOf(page, title)).toContainText('11:00');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // Keyboard: the event is focusable and Enter opens it.
    await eventOf(page, title).focus();
    await page.keyboard.press('Enter');
    await expect(dialog(page, 'Editar tarea')).toBeVisible();
  });
});
