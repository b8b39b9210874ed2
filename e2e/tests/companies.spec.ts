import { expect, test, unique, uniqueCuit } from '../fixtures';

type Page = import('@playwright/test').Page;
const main = (page: Page) => page.getByRole('main');
const field = (page: Page, label: string) => main(page).getByRole('textbox', { name: label, exact: true });
const dashed = (cuit: string) => `${cuit.slice(0, 2)}-${cuit.slice(2, 10)}-${cuit.slice(10)}`;

test.describe('Compañías (issue 4)', () => {
  test('ADMIN creates, finds, edits and deletes a company; the list view survives a reload', async ({
    page,
    signIn,
  }) => {
    const name = unique('Cobros del Sur S.A.');
    const cuit = uniqueCuit();
    await signIn('ADMIN', '/companies/list');
    await expect(page.getByRole('heading', { level: 1, name: 'Compañías' })).toBeVisible();
    await main(page).getByRole('link', { name: 'Agregar' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Nueva compañía' })).toBeVisible();
    await field(page, 'Razón social').fill(name);
    await field(page, 'CUIT').pressSequentially(cuit);
    await expect(field(page, 'CUIT')).toHaveValue(dashed(cuit));
    await field(page, 'Comisión').fill('12,5');
    await field(page, 'Persona de contacto').fill('María López');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page).toHaveURL(/\/companies\/list$/);
    await expect(page.getByText(`Se guardó la compañía «${name}».`)).toBeVisible();

    // Find it by search; the search is kept in the URL and restored by a reload.
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(name);
    await expect(page).toHaveURL(/[?&]q=/);
    const row = page.getByRole('row', { name: `Abrir ${name}` });
    await expect(row).toContainText(dashed(cuit));
    await expect(row).toContainText('12,5 %');
    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Buscar' })).toHaveValue(name);
    await expect(page.getByRole('row')).toHaveCount(2);

    // Edit: the row opens the record; saving returns to the same filtered list.
    await row.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Editar compañía' })).toBeVisible();
    await expect(field(page, 'CUIT')).toHaveValue(dashed(cuit));
    await field(page, 'Persona de contacto').fill('Juan Gómez');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page).toHaveURL(/\/companies\/list\?q=/);
    await expect(page.getByRole('row', { name: `Abrir ${name}` })).toContainText('Juan Gómez');

    await page.getByRole('button', { name: `Eliminar ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirmar eliminación' });
    await expect(dialog).toContainText(`¿Eliminar la compañía «${name}»?`);
    await dialog.getByRole('button', { name: 'Eliminar' }).click();
    await expect(page.getByText(`Se eliminó la compañía «${name}».`)).toBeVisible();
    await expect(page.getByRole('row', { name: `Abrir ${name}` })).toHaveCount(0);
    await expect(page.getByText('No hay registros para mostrar')).toBeVisible();
  });

  test("an invalid CUIT is refused with 'El CUIT no es válido.' and nothing is sent", async ({
    page,
    signIn,
  }) => {
    await signIn('ADMIN', '/companies/add');
    let posted = false;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/companies')) posted = true;
    });
    await field(page, 'Razón social').fill(unique('CUIT inválido S.A.'));
    await field(page, 'CUIT').fill('20-12345678-1');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('El CUIT no es válido.')).toBeVisible();
    await expect(page).toHaveURL(/\/companies\/add$/);
    expect(posted).toBe(false);
  });

  test('a CUIT already in use is shown on its field (409)', async ({ page, signIn }) => {
    await signIn('ADMIN', '/companies/add');
    await field(page, 'Razón social').fill(unique('Duplicada S.A.'));
    await field(page, 'CUIT').fill('30500010912'); // Frávega S.A., created by the global setup
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Ya existe una compañía con ese CUIT.')).toBeVisible();
    await expect(field(page, 'CUIT')).toHaveAttribute('aria-invalid', 'true');
  });

  test('GENERAL may only look: no Agregar, no delete, a read-only form without Guardar', async ({
    page,
    signIn,
  }) => {
    await signIn('GENERAL', '/companies/list?q=Fr%C3%A1vega');
    const row = page.getByRole('row', { name: 'Abrir Frávega S.A.' });
    await expect(row).toBeVisible();
    await expect(main(page).getByRole('link', { name: 'Agregar' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Eliminar/ })).toHaveCount(0);
    await row.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Editar compañía' })).toBeVisible();
    await expect(page.getByText('Solo lectura')).toBeVisible();
    await expect(field(page, 'Razón social')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Guardar' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Volver' })).toBeVisible();
  });
});
