import { apiCall, daysAgo, expect, test, unique, uniqueCuit, uniqueDni } from '../fixtures';

type Page = import('@playwright/test').Page;

/** A company of its own with two extrajudicial debts 40 days past due and one only 10. */
async function portfolio(page: Page) {
  const name = unique('Banco Estrategia ');
  const company = await apiCall<{ id: number }>(page, 'ADMIN', 'POST', '/companies', {
    name,
    cuit: uniqueCuit(),
  });
  const debt = async (days: number) =>
    apiCall<{ id: number }>(page, 'ADMIN', 'POST', '/debts', {
      debtorId: (
        await apiCall<{ id: number }>(page, 'ADMIN', 'POST', '/debtors', {
          dni: uniqueDni(),
          firstName: 'Sofía',
          lastName: unique('Estratega'),
        })
      ).id,
      companyId: company.id,
      debtTypeId: 2,
      defaultDate: daysAgo(days),
      originalAmount: '2500.00',
    });
  return { name, late: [await debt(40), await debt(45)], recent: await debt(10) };
}

test.describe('Estrategias (issue 36)', () => {
  test('an ADMIN writes a rule reading it in Spanish, simulates it and runs it: the debts move and get their task', async ({
    page,
    signIn,
  }) => {
    test.setTimeout(120_000);
    const { name, late, recent } = await portfolio(page);
    await signIn('ADMIN', '/strategies/add');
    await page.getByRole('textbox', { name: 'Nombre' }).fill(`Pasar a judicial ${name}`);
    await page.getByRole('combobox', { name: 'Cuándo corre' }).click();
    await page.getByRole('option', { name: 'Después de importar una cartera' }).click();
    await page.getByRole('combobox', { name: 'Compañías' }).fill(name);
    await page.getByRole('listbox', { name: 'Compañías' }).getByRole('option', { name }).click();
    await page.getByRole('combobox', { name: 'Etapas' }).click();
    await page
      .getByRole('listbox', { name: 'Etapas' })
      .getByRole('option', { name: 'Extrajudicial' })
      .click();
    await page.keyboard.press('Escape');
    await page.getByLabel('Días de mora desde').fill('30');
    await page.getByRole('button', { name: 'Cambiar de etapa' }).click();
    await page.getByRole('combobox', { name: 'Pasa a la etapa' }).click();
    await page
      .getByRole('listbox', { name: 'Pasa a la etapa' })
      .getByRole('option', { name: 'Judicial', exact: true })
      .click();
    await page.getByRole('button', { name: 'Crear una tarea' }).click();
    await page.getByRole('textbox', { name: 'Título de la tarea' }).fill('Preparar la demanda');
    await expect(page.getByRole('region', { name: 'Qué va a hacer' })).toContainText(
      `Después de cada importación de cartera, deudas de ${name} en extrajudicial con 30 días o más de mora: pasan a judicial y se crea la tarea «Preparar la demanda»`,
    );
    await page.getByRole('button', { name: 'Guardar' }).click();

    await expect(page).toHaveURL(/\/strategies\/view\/\d+$/);
    await page.getByRole('button', { name: 'Simular' }).click();
    const simulation = page.getByRole('region', { name: 'Simulación (no cambia nada)' });
    await expect(simulation).toContainText('2 deudas');
    await expect(simulation).toContainText('Pasa de Extrajudicial a Judicial');

    await page.getByRole('button', { name: 'Ejecutar ahora' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ejecutar la estrategia ahora' });
    await expect(dialog).toContainText('La última simulación encontró 2 deudas');
    await dialog.getByRole('button', { name: 'Ejecutar' }).click();
    await expect(page.getByText('Terminada').first()).toBeVisible({ timeout: 30_000 });

    for (const debt of late) {
      const moved = await apiCall<{ debtTypeId: number }>(page, 'ADMIN', 'GET', `/debts/${debt.id}`);
      expect(moved.debtTypeId).toBe(3);
      const tasks = await apiCall<{ data: { title: string }[] }>(
        page,
        'ADMIN',
        'GET',
        `/tasks?debtId=${debt.id}`,
      );
      expect(tasks.data.map((t) => t.title)).toEqual(['Preparar la demanda']);
    }
    const untouched = await apiCall<{ debtTypeId: number }>(page, 'ADMIN', 'GET', `/debts/${recent.id}`);
    expect(untouched.debtTypeId).toBe(2);
  });

  test('a GENERAL reads the strategies but cannot write or run them', async ({ page, signIn }) => {
    await signIn('GENERAL', '/strategies/list');
    await expect(page.getByRole('heading', { name: 'Estrategias', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Nueva estrategia' })).toHaveCount(0);
  });
});
