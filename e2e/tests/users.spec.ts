import { confirmDelete, expect, test, unique } from '../fixtures';

type Page = import('@playwright/test').Page;
const main = (page: Page) => page.getByRole('main');
const field = (page: Page, label: string) => main(page).getByRole('textbox', { name: label, exact: true });
const select = (page: Page, label: string) => main(page).getByRole('combobox', { name: label, exact: true });

/** Picks an option of a Mantine select by its label. */
async function choose(page: Page, label: string, option: string) {
  await select(page, label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('Usuarios (issue 4)', () => {
  test('ADMIN creates, finds, edits and deletes a user; filters and search survive a reload', async ({
    page,
    signIn,
  }) => {
    const name = unique('Laura Benítez');
    const alias = `lb${Date.now().toString(36)}`;
    await signIn('ADMIN', '/users/add');
    await expect(page.getByRole('heading', { level: 1, name: 'Nuevo usuario' })).toBeVisible();
    await field(page, 'Nombre y apellido').fill(name);
    await field(page, 'Usuario (alias)').fill(alias);
    await field(page, 'Correo electrónico').fill(`${alias}@agencia.example`);
    await field(page, 'Contraseña').fill('Laura-e2e-2023');
    await choose(page, 'Tipo de usuario', 'GENERAL');
    await expect(select(page, 'Compañía')).toHaveCount(0);
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page).toHaveURL(/\/users\/list$/);
    await expect(page.getByText(`Se guardó el usuario «${name}».`)).toBeVisible();

    await choose(page, 'Rol', 'GENERAL');
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(alias);
    await expect(page).toHaveURL(/role=GENERAL/);
    await expect(page).toHaveURL(/q=lb/);
    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Buscar' })).toHaveValue(alias);
    await expect(select(page, 'Rol')).toHaveValue('GENERAL');
    const row = page.getByRole('row', { name: `Abrir ${name}` });
    await expect(row).toContainText('Activo');

    await row.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Editar usuario' })).toBeVisible();
    await expect(main(page).getByLabel('Nueva contraseña')).toHaveCount(0);
    await main(page)
      .getByRole('switch', { name: /^Activo/ })
      .click({ force: true });
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page).toHaveURL(/\/users\/list\?/);
    await expect(page.getByRole('row', { name: `Abrir ${name}` })).toContainText('Inactivo');

    await page.getByRole('button', { name: `Eliminar ${name}` }).click();
    await confirmDelete(page);
    await expect(page.getByText(`Se eliminó el usuario «${name}».`)).toBeVisible();
    await expect(page.getByRole('row', { name: `Abrir ${name}` })).toHaveCount(0);
  });

  test('a CLIENTE user needs a company, which is asked only for that type', async ({ page, signIn }) => {
    const name = unique('Cliente de prueba');
    await signIn('ADMIN', '/users/add');
    await field(page, 'Nombre y apellido').fill(name);
    await field(page, 'Usuario (alias)').fill(`cl${Date.now().toString(36)}`);
    await field(page, 'Contraseña').fill('Cliente-e2e-2023');
    await choose(page, 'Tipo de usuario', 'CLIENTE');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('La compañía es obligatoria para usuarios CLIENTE.')).toBeVisible();
    await choose(page, 'Compañía', 'Frávega S.A.');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page).toHaveURL(/\/users\/list$/);
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(name);
    await expect(page.getByRole('row', { name: `Abrir ${name}` })).toContainText('Frávega S.A.');
  });

  test('a taken alias is shown on its field (409)', async ({ page, signIn }) => {
    await signIn('ADMIN', '/users/add');
    await field(page, 'Nombre y apellido').fill(unique('Duplicado'));
    await field(page, 'Usuario (alias)').fill('general');
    await field(page, 'Contraseña').fill('Duplicado-2023');
    await choose(page, 'Tipo de usuario', 'GENERAL');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Ya existe un usuario con ese alias.')).toBeVisible();
    await expect(field(page, 'Usuario (alias)')).toHaveAttribute('aria-invalid', 'true');
  });

  test('GENERAL sees the users read-only; CLIENTE may not enter', async ({ page, signIn }) => {
    await signIn('GENERAL', '/users/list?q=general');
    const row = page.getByRole('row', { name: 'Abrir Gabriela Gómez' });
    await expect(row).toBeVisible();
    await expect(main(page).getByRole('link', { name: 'Agregar' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Eliminar/ })).toHaveCount(0);
    await row.click();
    await expect(page.getByText('Solo lectura')).toBeVisible();
    await expect(field(page, 'Nombre y apellido')).toBeDisabled();
    // The «Activo» switch keeps its native checkbox hidden when read-only: no stray box (issue 32).
    const active = main(page).getByRole('switch', { name: 'Activo' });
    await expect(active).toBeDisabled();
    await expect(active).toHaveCSS('opacity', '0');
    await expect(page.getByRole('button', { name: 'Guardar' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Cambiar contraseña' })).toHaveCount(0);

    await signIn('CLIENTE', '/users/list');
    await expect(page.getByText('No tiene permisos para ingresar aqui')).toBeVisible();
  });
});
