import { apiCall, confirmDelete, expect, test, unique, uniqueCuit, uniqueDni } from '../fixtures';

type Page = import('@playwright/test').Page;
const main = (page: Page) => page.getByRole('main');
const field = (page: Page, label: string) => main(page).getByRole('textbox', { name: label, exact: true });
const select = (page: Page, label: string) => main(page).getByRole('combobox', { name: label, exact: true });
type Debtor = { id: number; birthDate: string | null; cuit: string | null; province: string | null };

test.describe('Deudores (issue 4)', () => {
  test('ADMIN creates, finds, edits and deletes a debtor; its debts are listed with links', async ({
    page,
    signIn,
  }) => {
    const lastName = unique('Quiroga');
    const dni = uniqueDni();
    const cuil = uniqueCuit('20');
    await signIn('ADMIN', '/debtors/add');
    await expect(page.getByRole('heading', { level: 1, name: 'Nuevo deudor' })).toBeVisible();
    await field(page, 'Apellido').fill(lastName);
    await field(page, 'Nombres').fill('Rosa María');
    await field(page, 'DNI').fill(dni);
    await field(page, 'CUIT/CUIL').fill(cuil);
    await field(page, 'Fecha de nacimiento').fill('04/05/1980');
    await field(page, 'Teléfono').fill('+54 9 351 555-1234');
    await field(page, 'Localidad').fill('Villa María');
    // Picked with the keyboard: the field sits at the bottom of the window, where a click on the
    // option raced the dropdown's placement under load (the list is hidden while it is detached).
    await select(page, 'Provincia').fill('Córd');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(select(page, 'Provincia')).toHaveValue('Córdoba');
    await field(page, 'Empleador').fill('Municipalidad de Villa María');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page).toHaveURL(/\/debtors\/list$/);
    await expect(page.getByText(`Se guardó el deudor «${lastName}, Rosa María».`)).toBeVisible();

    await page.getByRole('searchbox', { name: 'Buscar' }).fill(dni);
    await expect(page).toHaveURL(new RegExp(`q=${dni}`));
    await page.reload();
    const row = page.getByRole('row', { name: `Abrir ${lastName}, Rosa María` });
    // Shown as people write it (issue 32): 23.842.956.
    await expect(row).toContainText(dni.replace(/\B(?=(\d{3})+(?!\d))/g, '.'));
    await expect(row).toContainText(`${cuil.slice(0, 2)}-${cuil.slice(2, 10)}-${cuil.slice(10)}`);
    await expect(row).toContainText('Córdoba');

    // What the API stored: digits only, the date as YYYY-MM-DD.
    const [stored] = (await apiCall<{ data: Debtor[] }>(page, 'ADMIN', 'GET', `/debtors?q=${dni}`)).data;
    expect(stored).toMatchObject({ birthDate: '1980-05-04', cuit: cuil, province: 'Córdoba' });

    const companies = await apiCall<{ data: { id: number; name: string }[] }>(
      page,
      'ADMIN',
      'GET',
      '/companies?limit=500',
    );
    const fravega = companies.data.find((c) => c.name === 'Frávega S.A.');
    const debt = await apiCall<{ id: number }>(page, 'ADMIN', 'POST', '/debts', {
      debtorId: stored?.id,
      companyId: fravega?.id,
      originalAmount: '150000.50',
    });

    // A row opens the debtor's file (issue 32): their debts and one history across them.
    await row.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Ficha del deudor' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Datos del deudor' })).toContainText(
      'Municipalidad de Villa María',
    );
    const debts = page.getByRole('region', { name: 'Deudas del deudor' });
    await expect(debts).toContainText('Frávega S.A.');
    await expect(debts).toContainText('$ 150.000,50');
    await expect(debts.getByRole('link', { name: `N.º ${debt.id}` })).toHaveAttribute(
      'href',
      `/debts/view/${debt.id}`,
    );
    const history = page.getByRole('list', { name: 'Movimientos' });
    await expect(history).toContainText('Creó la deuda');
    await expect(history).toContainText('Importe original: $ 150.000,50');
    await expect(
      history.getByRole('link', { name: `Deuda N.º ${debt.id} · Frávega S.A.` }).first(),
    ).toBeVisible();

    // The form returns to the list as it was left.
    await page.getByRole('link', { name: 'Editar datos' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Editar deudor' })).toBeVisible();
    await expect(field(page, 'Fecha de nacimiento')).toHaveValue('04/05/1980');
    await field(page, 'Localidad').fill('Córdoba');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page).toHaveURL(/\/debtors\/list\?q=/);
    await expect(page.getByRole('row', { name: `Abrir ${lastName}, Rosa María` })).toContainText('Córdoba');

    // A debtor with debts cannot go: the 409 is shown as its message.
    await page.getByRole('button', { name: `Eliminar ${lastName}, Rosa María` }).click();
    await confirmDelete(page);
    await expect(page.getByText('No se pudo eliminar')).toBeVisible();
    await apiCall(page, 'ADMIN', 'DELETE', `/debts/${debt.id}`);
    await page.getByRole('button', { name: `Eliminar ${lastName}, Rosa María` }).click();
    await confirmDelete(page);
    await expect(page.getByText(`Se eliminó el deudor «${lastName}, Rosa María».`)).toBeVisible();
    await expect(page.getByRole('row', { name: `Abrir ${lastName}, Rosa María` })).toHaveCount(0);
  });

  test("the debtor's file merges contacts, payments and changes of all their debts (issue 32)", async ({
    page,
    signIn,
  }) => {
    const lastName = unique('Ficha');
    const debtor = await apiCall<{ id: number }>(page, 'ADMIN', 'POST', '/debtors', {
      dni: uniqueDni(),
      firstName: 'Agustina',
      lastName,
      phone: '351 584-7753',
    });
    const company = () =>
      apiCall<{ id: number }>(page, 'ADMIN', 'POST', '/companies', {
        name: unique('Ficha S.A. '),
        cuit: uniqueCuit('30'),
      });
    const [first, second] = [await company(), await company()];
    const one = await apiCall<{ id: number }>(page, 'ADMIN', 'POST', '/debts', {
      debtorId: debtor.id,
      companyId: first?.id,
      originalAmount: '2000.00',
    });
    const two = await apiCall<{ id: number }>(page, 'ADMIN', 'POST', '/debts', {
      debtorId: debtor.id,
      companyId: second?.id,
      originalAmount: '800.00',
    });
    await apiCall(page, 'ADMIN', 'POST', '/payments', {
      debtId: one.id,
      amount: '500.50',
      paidAt: '2026-11-02',
    });
    const callType = await apiCall<{ id: number }>(page, 'ADMIN', 'POST', '/events-types', {
      name: unique('Llamada '),
    });
    await apiCall(page, 'ADMIN', 'POST', '/events', {
      debtId: two.id,
      eventTypeId: callType.id,
      description: 'Promete transferir a fin de mes',
    });

    await signIn('GENERAL', `/debts/view/${two.id}`);
    await page.getByRole('link', { name: `${lastName}, Agustina`, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Ficha del deudor' })).toBeVisible();
    const history = page.getByRole('list', { name: 'Movimientos' });
    await expect(history).toContainText('Promete transferir a fin de mes');
    await expect(history).toContainText('Pago de $ 500,50');
    await expect(history.getByRole('link', { name: new RegExp(`^Deuda N\\.º ${one.id} · `) })).toHaveCount(2);
    await expect(history.getByRole('link', { name: new RegExp(`^Deuda N\\.º ${two.id} · `) })).toHaveCount(2);

    // Mantine's chip hides its radio under the label: a person clicks the label.
    await page.locator('label', { hasText: 'Pagos (1)' }).click();
    await expect(page.getByRole('radio', { name: 'Pagos (1)' })).toBeChecked();
    await expect(history.getByRole('listitem')).toHaveCount(1);
    await expect(history).not.toContainText('Promete transferir');
  });

  test('an invalid DNI or CUIT is refused with the Spanish message', async ({ page, signIn }) => {
    await signIn('GENERAL', '/debtors/add');
    await field(page, 'Apellido').fill(unique('Inválido'));
    await field(page, 'Nombres').fill('Pedro');
    await field(page, 'DNI').fill('123');
    await field(page, 'CUIT/CUIL').fill('20-12345678-1');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('El DNI debe tener 7 u 8 dígitos.')).toBeVisible();
    await expect(page.getByText('El CUIT no es válido.')).toBeVisible();
    await expect(page).toHaveURL(/\/debtors\/add$/);
  });

  test('a DNI already loaded is shown on its field (409)', async ({ page, signIn }) => {
    const dni = uniqueDni();
    await apiCall(page, 'ADMIN', 'POST', '/debtors', { dni, firstName: 'Ya', lastName: unique('Cargado') });
    await signIn('GENERAL', '/debtors/add');
    await field(page, 'Apellido').fill(unique('Repetido'));
    await field(page, 'Nombres').fill('Otro');
    await field(page, 'DNI').fill(dni);
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Ya existe un deudor con ese DNI.')).toBeVisible();
  });

  test('CLIENTE passes the /debtors/list guard but the API refuses: the page says so, no crash', async ({
    page,
    signIn,
  }) => {
    await signIn('CLIENTE', '/debtors/list');
    await expect(page.getByRole('heading', { level: 1, name: 'Deudores' })).toBeVisible();
    await expect(main(page).getByText('No tiene permisos para ingresar aqui')).toBeVisible();
    await expect(main(page).getByRole('button', { name: 'Exportar' })).toHaveCount(0);
    await expect(page.getByText('No se pudieron cargar los datos')).toHaveCount(0);
  });
});
