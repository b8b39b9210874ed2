import { agencyToday } from '@cobranzas/shared';
import { apiCall, apiToken, esDate, expect, test, unique, uniqueCuit, uniqueDni } from '../fixtures';

type Page = import('@playwright/test').Page;

/** The label of the focused control (Mantine puts it on a <label for>; a textarea too). */
const focusedLabel = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement as HTMLInputElement | null;
    return active?.labels?.[0]?.textContent ?? active?.getAttribute('aria-label') ?? '';
  });

/** Tab until the control labelled `label` has the focus (the dialog's order is the form's). */
async function tabTo(page: Page, label: string) {
  for (let i = 0; i < 15; i++) {
    if ((await focusedLabel(page)).startsWith(label)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`No se llegó a «${label}» con Tab (foco en «${await focusedLabel(page)}»)`);
}

/** Every day of the week but today (agency time, UTC−3): hours that exclude now, whatever the time. */
const notToday = () => {
  const shifted = new Date(Date.now() - 3 * 3_600_000);
  const today = shifted.getUTCDay() === 0 ? 7 : shifted.getUTCDay();
  return [1, 2, 3, 4, 5, 6, 7].filter((day) => day !== today);
};

/** A collector of his own (his queue holds only this test's debts), with three debtors to call. */
async function collectorWithThreeDebts(page: Page) {
  const { alias, password, userId } = await newCollector(page);
  const company = await apiCall<{ id: number }>(page, 'ADMIN', 'POST', '/companies', {
    name: unique('Cola S.A. '),
    cuit: uniqueCuit(),
  });
  const callType = unique('Llamada de cola ');
  await apiCall(page, 'ADMIN', 'POST', '/events-types', { name: callType });
  const debts: number[] = [];
  for (const [i, lastName] of ['Acosta', 'Benítez', 'Cabrera'].entries()) {
    debts.push(
      await debtFor(
        page,
        userId,
        company.id,
        { lastName: unique(lastName), phone: `11 5555-000${i}` },
        i + 1,
      ),
    );
  }
  return { alias, password, callType, debts };
}

/** A debt of `amount` hundred thousand pesos for a new debtor with `debtor`'s fields, assigned to `userId`. */
async function debtFor(
  page: Page,
  userId: number,
  companyId: number,
  debtor: Record<string, unknown>,
  amount: number,
) {
  const person = await apiCall<{ id: number }>(page, 'ADMIN', 'POST', '/debtors', {
    dni: uniqueDni(),
    firstName: 'Juana',
    ...debtor,
  });
  const debt = await apiCall<{ id: number }>(page, 'ADMIN', 'POST', '/debts', {
    debtorId: person.id,
    companyId,
    originalAmount: `${amount * 100_000}.00`,
    assignedUserId: userId,
  });
  return debt.id;
}

/** A new GENERAL user; the agency's contact hours opened all week and all day. */
async function newCollector(page: Page) {
  // Contact hours all week and all day: the test must not depend on the hour CI runs at.
  const agency = await apiCall<Record<string, unknown>>(page, 'ADMIN', 'GET', '/agency');
  const token = await apiToken(page, 'ADMIN');
  const put = await page.request.fetch('/api/agency', {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}` },
    data: {
      name: agency.name || 'Estudio de cobranzas',
      cuit: agency.cuit ?? uniqueCuit(),
      address: agency.address,
      city: agency.city,
      phone: agency.phone,
      email: agency.email,
      vatStatus: agency.vatStatus,
      contactDays: [1, 2, 3, 4, 5, 6, 7],
      contactFrom: '00:00',
      contactTo: '24:00',
    },
  });
  expect(put.ok(), `PUT /agency → ${put.status()} ${await put.text()}`).toBe(true);

  const types = await apiCall<{ data: { id: number; role: string }[] }>(page, 'ADMIN', 'GET', '/users-types');
  const general = types.data.find((type) => type.role === 'GENERAL');
  const alias = unique('cola')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
  const password = 'Cola-e2e-2026';
  const user = await apiCall<{ id: number }>(page, 'ADMIN', 'POST', '/users', {
    name: 'Cobrador de la cola',
    alias,
    password,
    userTypeId: general?.id,
  });
  return { alias, password, userId: user.id };
}

async function signIn(page: Page, alias: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('usuario', { exact: true }).fill(alias);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).not.toHaveURL(/\/login$/);
}

test.describe('Mi cola (issue 18)', () => {
  test('a collector works three debts of the queue with the keyboard, taking a promise on one', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    // The height the issue measured «Guardar» against (issue 32).
    await page.setViewportSize({ width: 1366, height: 900 });
    const { alias, password, callType, debts } = await collectorWithThreeDebts(page);

    await signIn(page, alias, password);
    await page.goto('/queue');
    await expect(page.getByText('Quedan 3 para hoy')).toBeVisible({ timeout: 30_000 });

    // Enter works the highlighted (first) debt: the one-step dialog opens on the contact type.
    await page
      .getByRole('row', { name: /Abrir deuda/ })
      .first()
      .focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Registrar gestión' });
    const working = dialog.getByRole('region', { name: 'Deuda en gestión' });
    const worked: string[] = [];
    for (let i = 0; i < 3; i++) {
      await expect(working).toBeVisible();
      const name = (await working.locator('p').first().textContent()) ?? '';
      expect(worked).not.toContain(name);
      worked.push(name);
      const type = dialog.getByRole('combobox', { name: /^Tipo de gestión/ });
      await expect(type).toBeFocused();
      // «Guardar» is in sight at 1366 × 900 (the buttons stick to the dialog's bottom).
      await expect(dialog.getByRole('button', { name: 'Guardar' })).toBeInViewport({ ratio: 1 });
      if (i === 0) {
        // The whole name, typed over whatever the dialog started from: other runs' types share its prefix.
        await page.keyboard.type(callType);
        await expect(page.getByRole('option', { name: callType })).toBeVisible();
        await page.keyboard.press('ArrowDown');
        await page.keyboard.press('Enter');
      }
      // From the second debt on, the dialog starts from the type this collector logged last.
      await expect(type).toHaveValue(callType);
      await tabTo(page, 'Detalle');
      await page.keyboard.type(i === 1 ? 'Promete pagar 5.000 hoy.' : 'No atiende.');
      if (i === 1) {
        await tabTo(page, 'Importe prometido');
        await page.keyboard.type('5000');
        await tabTo(page, 'Fecha prometida');
        await page.keyboard.type(esDate(agencyToday()));
      }
      await expect(dialog.getByRole('button', { name: 'Guardar' })).toBeInViewport({ ratio: 1 });
      await page.keyboard.press('Control+Enter');
      if (i === 1)
        await expect(
          page.getByText(`Gestión registrada. Promesa de $ 5.000,00 para el ${esDate(agencyToday())}.`),
        ).toBeVisible();
      if (i < 2) await expect(working).not.toContainText(name);
    }
    // The page is done: the dialog closes and the queue is empty for today.
    await expect(dialog).toBeHidden();
    await expect(page.getByText('No hay deudas para trabajar ahora.')).toBeVisible();

    // One contact on each debt, by phone; one promise of 5.000,00 due today on one of them.
    let promises = 0;
    for (const id of debts) {
      const events = await apiCall<{ data: { channel: string | null }[] }>(
        page,
        'ADMIN',
        'GET',
        `/events?debtId=${id}`,
      );
      expect(events.data).toHaveLength(1);
      expect(events.data[0]?.channel).toBe('PHONE');
      const taken = await apiCall<{ data: { amount: string; dueDate: string }[] }>(
        page,
        'ADMIN',
        'GET',
        `/promises?debtId=${id}`,
      );
      for (const promise of taken.data) {
        expect(promise).toMatchObject({ amount: '5000.00', dueDate: agencyToday() });
        promises++;
      }
    }
    expect(promises).toBe(1);
  });
});

test.describe('The queue never goes silent (issue 32, DESIGN.md §11.2)', () => {
  /** A collector with one debtor to call, one without a phone and one whose company does not call today. */
  async function collectorWithBlockedDebts(page: Page) {
    const { alias, password, userId } = await newCollector(page);
    const open = await apiCall<{ id: number }>(page, 'ADMIN', 'POST', '/companies', {
      name: unique('Abierta S.A. '),
      cuit: uniqueCuit(),
    });
    const closed = await apiCall<{ id: number }>(page, 'ADMIN', 'POST', '/companies', {
      name: unique('Cerrada hoy S.A. '),
      cuit: uniqueCuit(),
      contactDays: notToday(),
      contactFrom: '09:00',
      contactTo: '18:00',
    });
    const names = { callable: unique('Acosta'), noPhone: unique('Benítez'), closed: unique('Cabrera') };
    await debtFor(page, userId, open.id, { lastName: names.callable, phone: '11 5555-0001' }, 1);
    const noPhone = await apiCall<{ id: number }>(page, 'ADMIN', 'POST', '/debtors', {
      dni: uniqueDni(),
      firstName: 'Juana',
      lastName: names.noPhone,
      email: 'benitez@correo.example',
    });
    await apiCall(page, 'ADMIN', 'POST', '/debts', {
      debtorId: noPhone.id,
      companyId: open.id,
      originalAmount: '900000.00',
      assignedUserId: userId,
    });
    await debtFor(page, userId, closed.id, { lastName: names.closed, phone: '11 5555-0003' }, 5);
    return { alias, password, names, noPhoneId: noPhone.id };
  }

  test('a debt that cannot be called now stays, after the callable one, with why and what can still be done', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const { alias, password, names, noPhoneId } = await collectorWithBlockedDebts(page);
    await signIn(page, alias, password);
    await page.goto('/queue');
    await expect(page.getByText('Quedan 3 para hoy')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('1 se puede llamar ahora · 2 necesitan otra gestión')).toBeVisible();
    await expect(page.getByText('¡Buen trabajo!')).toHaveCount(0);
    const callable = page.getByRole('region', { name: 'Para llamar ahora (1)' });
    await expect(callable.getByRole('row', { name: /Abrir deuda/ })).toHaveCount(1);
    await expect(callable).toContainText(names.callable);
    const others = page.getByRole('region', { name: 'No se pueden llamar ahora (2)' });
    const noPhone = others.getByRole('row', { name: new RegExp(names.noPhone) });
    await expect(noPhone).toContainText('Sin teléfono disponible');
    await expect(noPhone.getByRole('link', { name: /^Escribir correo/ })).toHaveAttribute(
      'href',
      'mailto:benitez@correo.example',
    );
    const closed = others.getByRole('row', { name: new RegExp(names.closed) });
    await expect(closed).toContainText(/Hoy no es día de contacto \(.+, de 09:00 a 18:00\)/);
    // Looking for a phone is the debtor's file.
    await noPhone.getByRole('link', { name: /^Buscar teléfono/ }).click();
    await expect(page).toHaveURL(new RegExp(`/debtors/edit/${noPhoneId}$`));
  });

  test('on a 390 px phone the queue is cards: no sideways scroll, no keyboard tips', async ({ page }) => {
    test.setTimeout(90_000);
    const { alias, password, names } = await collectorWithBlockedDebts(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, alias, password);
    await page.goto('/queue');
    await expect(page.getByText('Quedan 3 para hoy')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(page.getByText(/Con ↑ y ↓/)).toHaveCount(0);
    const card = page.getByRole('article', { name: new RegExp(names.noPhone) });
    await expect(card).toContainText('Sin teléfono disponible');
    await expect(card).toContainText('Puntaje');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: new RegExp(`^Registrar gestión \\(${names.callable}`) }).click();
    await expect(page.getByRole('dialog', { name: 'Registrar gestión' })).toBeVisible();
  });
});
