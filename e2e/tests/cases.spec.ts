import { addMonthsClamped, agencyToday } from '@cobranzas/shared';
import { apiCall, daysAgo, esDate, expect, test, unique, uniqueCuit, uniqueDni } from '../fixtures';

type Page = import('@playwright/test').Page;

/**
 * A judicial debt of a company of its own and a jurisdiction whose calendar has a day off on
 * Wednesday 03/09/2025 (September 2025 has no national holiday): a notice on Monday 01/09/2025 with
 * 5 working days ends on Tuesday 09/09/2025 (Tue 2 (1), Wed 3 off, Thu 4 (2), Fri 5 (3), Mon 8 (4),
 * Tue 9 (5)).
 */
async function judicialDebt(page: Page) {
  const company = unique('Banco Juicio');
  const { id: companyId } = await apiCall<{ id: number }>(page, 'ADMIN', 'POST', '/companies', {
    name: company,
    cuit: uniqueCuit(),
  });
  const lastName = unique('Demandado');
  const debtor = await apiCall<{ id: number }>(page, 'ADMIN', 'POST', '/debtors', {
    dni: uniqueDni(),
    firstName: 'Ana',
    lastName,
  });
  const debt = await apiCall<{ id: number }>(page, 'ADMIN', 'POST', '/debts', {
    debtorId: debtor.id,
    companyId,
    debtTypeId: 3,
    defaultDate: daysAgo(400),
    originalAmount: '150000.00',
  });
  const jurisdiction = unique('Jurisdicción');
  const { id: jurisdictionId } = await apiCall<{ id: number }>(page, 'ADMIN', 'POST', '/jurisdictions', {
    name: jurisdiction,
  });
  await apiCall(page, 'ADMIN', 'POST', '/judicial-days-off', {
    kind: 'INHABIL',
    jurisdictionId,
    from: '2025-09-03',
    name: 'Asueto judicial',
  });
  return { company, lastName, debt, jurisdiction };
}

test.describe('Expedientes (issue 37)', () => {
  test('a GENERAL opens the case of a judicial debt with its carátula drafted, adds a step with a deadline in working days, and the judicial list shows it', async ({
    page,
    signIn,
  }) => {
    test.setTimeout(120_000);
    const { company, lastName, debt, jurisdiction } = await judicialDebt(page);
    await signIn('GENERAL', `/debts/view/${debt.id}?tab=expediente`);
    const open = page.getByRole('form', { name: 'Abrir expediente' });
    await expect(open.getByRole('textbox', { name: 'Carátula' })).toHaveValue(
      `${company.toUpperCase()} c/ ${lastName.toUpperCase()}, ANA s/ EJECUTIVO`,
    );
    await open.getByRole('combobox', { name: 'Jurisdicción' }).fill(jurisdiction);
    await page
      .getByRole('listbox', { name: 'Jurisdicción' })
      .getByRole('option', { name: jurisdiction })
      .click();
    await open.getByRole('textbox', { name: 'N.º de expediente' }).fill('4321/2025');
    await open.getByRole('button', { name: 'Abrir expediente' }).click();
    await page.getByRole('link', { name: 'Ver expediente' }).click();

    await expect(page.getByRole('heading', { name: 'Expediente', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Agregar paso' }).click();
    const dialog = page.getByRole('dialog', { name: 'Agregar paso' });
    await dialog.getByRole('textbox', { name: 'Fecha' }).fill('01/09/2025');
    await dialog.getByRole('textbox', { name: 'Título' }).fill('Intimación de pago notificada');
    await dialog.getByRole('textbox', { name: 'Plazo en días hábiles' }).fill('5');
    await expect(dialog.getByText('Vence el 09/09/2025')).toBeVisible();
    await expect(dialog.getByText('Asueto judicial')).toBeVisible();
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      page.getByText('Plazo de 5 días hábiles desde la notificación del 01/09/2025'),
    ).toBeVisible();

    // The deadline is the lawyer's task, still pending: the judicial list shows it as the next one
    // (the jurisdiction on a wide screen only).
    await page.setViewportSize({ width: 1600, height: 900 });
    await page.goto(`/debts/type/3?q=${encodeURIComponent(lastName)}`);
    const row = page.getByRole('row', { name: new RegExp(lastName) });
    await expect(row).toContainText(jurisdiction);
    await expect(row.getByRole('link', { name: /4321\/2025/ })).toBeVisible();
    await expect(row).toContainText('09/09/2025');
  });

  test('a CLIENTE reads its company’s case without internal notes and cannot add steps', async ({
    page,
    signIn,
  }) => {
    const token = await signIn('CLIENTE', '/');
    const companyId = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString())
      .companyId as number;
    const debtor = await apiCall<{ id: number }>(page, 'ADMIN', 'POST', '/debtors', {
      dni: uniqueDni(),
      firstName: 'Luis',
      lastName: unique('Cliente'),
    });
    const debt = await apiCall<{ id: number }>(page, 'ADMIN', 'POST', '/debts', {
      debtorId: debtor.id,
      companyId,
      debtTypeId: 3,
      originalAmount: '1000.00',
    });
    const kase = await apiCall<{ id: number; caption: string }>(page, 'ADMIN', 'POST', '/cases', {
      debtId: debt.id,
      internalNotes: 'Estrategia reservada',
    });
    await page.goto(`/cases/${kase.id}`);
    await expect(page.getByRole('heading', { name: kase.caption })).toBeVisible();
    await expect(page.getByText('Solo lectura')).toBeVisible();
    await expect(page.getByText('Estrategia reservada')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Agregar paso' })).toHaveCount(0);
  });

  test('a debt shows when its claim prescribes and why, and the list finds it among those that prescribe soon', async ({
    page,
    signIn,
  }) => {
    // Five years from a default date 5 years and 20 days ago: it prescribes in 20 days.
    const defaultDate = addMonthsClamped(daysAgo(-20), -60);
    const prescribesOn = addMonthsClamped(defaultDate, 60);
    const lastName = unique('Prescribe');
    const debtor = await apiCall<{ id: number }>(page, 'ADMIN', 'POST', '/debtors', {
      dni: uniqueDni(),
      firstName: 'Marta',
      lastName,
    });
    const { id: companyId } = await apiCall<{ id: number }>(page, 'ADMIN', 'POST', '/companies', {
      name: unique('Financiera'),
      cuit: uniqueCuit(),
    });
    const debt = await apiCall<{ id: number }>(page, 'ADMIN', 'POST', '/debts', {
      debtorId: debtor.id,
      companyId,
      defaultDate,
      originalAmount: '5000.00',
    });
    await signIn('GENERAL', `/debts/view/${debt.id}`);
    const fact = page.getByRole('button', { name: new RegExp(esDate(prescribesOn)) });
    await expect(fact).toBeVisible();
    await fact.click();
    await expect(page.getByText(`Plazo de 5 años desde la mora del ${esDate(defaultDate)}`)).toBeVisible();

    await page.goto(`/debts/search?companyId=${companyId}&prescribesWithinDays=60`);
    await expect(page.getByRole('row', { name: new RegExp(lastName) })).toContainText(esDate(prescribesOn));
    expect(agencyToday() < prescribesOn).toBe(true);
  });
});
