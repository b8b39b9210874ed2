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

/** A collector of his own (his queue holds only this test's debts), with three debtors to call. */
async function collectorWithThreeDebts(page: Page) {
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
  const company = await apiCall<{ id: number }>(page, 'ADMIN', 'POST', '/companies', {
    name: unique('Cola S.A. '),
    cuit: uniqueCuit(),
  });
  const callType = unique('Llamada de cola ');
  await apiCall(page, 'ADMIN', 'POST', '/events-types', { name: callType });
  const debts: number[] = [];
  for (const [i, lastName] of ['Acosta', 'Benítez', 'Cabrera'].entries()) {
    const debtor = await apiCall<{ id: number }>(page, 'ADMIN', 'POST', '/debtors', {
      dni: uniqueDni(),
      firstName: 'Juana',
      lastName: unique(lastName),
      phone: `11 5555-000${i}`,
    });
    const debt = await apiCall<{ id: number }>(page, 'ADMIN', 'POST', '/debts', {
      debtorId: debtor.id,
      companyId: company.id,
      originalAmount: `${(i + 1) * 100_000}.00`,
      assignedUserId: user.id,
    });
    debts.push(debt.id);
  }
  return { alias, password, callType, debts };
}

test.describe('Mi cola (issue 18)', () => {
  test('a collector works three debts of the queue with the keyboard, taking a promise on one', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const { alias, password, callType, debts } = await collectorWithThreeDebts(page);

    await page.goto('/login');
    await page.getByLabel('usuario', { exact: true }).fill(alias);
    await page.getByLabel('Contraseña', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page).not.toHaveURL(/\/login$/);
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
      await expect(dialog.getByRole('combobox', { name: /^Tipo de gestión/ })).toBeFocused();
      // The whole name: other runs' types share its prefix.
      await page.keyboard.type(callType);
      await expect(page.getByRole('option', { name: callType })).toBeVisible();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await expect(dialog.getByRole('combobox', { name: /^Tipo de gestión/ })).toHaveValue(callType);
      await tabTo(page, 'Detalle');
      await page.keyboard.type(i === 1 ? 'Promete pagar 5.000 hoy.' : 'No atiende.');
      if (i === 1) {
        await tabTo(page, 'Importe prometido');
        await page.keyboard.type('5000');
        await tabTo(page, 'Fecha prometida');
        await page.keyboard.type(esDate(agencyToday()));
      }
      await page.keyboard.press('Control+Enter');
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
