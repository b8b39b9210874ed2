import { confirmDelete, expect, test, unique } from '../fixtures';

type Page = import('@playwright/test').Page;
const main = (page: Page) => page.getByRole('main');
const field = (page: Page, label: string) => main(page).getByRole('textbox', { name: label, exact: true });

/** The name + description catalogs: [base path, list title, add title, edit title, noun]. */
const CATALOGS: [string, string, string, string, string][] = [
  [
    '/embargos-types',
    'Tipos de embargos',
    'Nuevo tipo de embargo',
    'Editar tipo de embargo',
    'el tipo de embargo',
  ],
  ['/debts-types', 'Tipos de deuda', 'Nuevo tipo de deuda', 'Editar tipo de deuda', 'el tipo de deuda'],
  [
    '/collections-types',
    'Tipos de cobranza',
    'Nuevo tipo de cobranza',
    'Editar tipo de cobranza',
    'el tipo de cobranza',
  ],
  [
    '/events-history-types',
    'Resultados de gestión',
    'Nuevo resultado de gestión',
    'Editar resultado de gestión',
    'el resultado de gestión',
  ],
];

for (const [base, listTitle, addTitle, editTitle, noun] of CATALOGS) {
  test.describe(`${listTitle} (issue 4)`, () => {
    test('ADMIN creates, finds, edits and deletes; the search survives a reload', async ({
      page,
      signIn,
    }) => {
      const name = unique('Prueba');
      await signIn('ADMIN', `${base}/list`);
      await expect(page.getByRole('heading', { level: 1, name: listTitle })).toBeVisible();
      await main(page).getByRole('link', { name: 'Agregar' }).click();
      await expect(page.getByRole('heading', { level: 1, name: addTitle })).toBeVisible();
      await page.getByRole('button', { name: 'Guardar' }).click();
      await expect(page.getByText('Este campo es obligatorio.')).toBeVisible();
      await field(page, 'Nombre').fill(name);
      await field(page, 'Descripción').fill('Creado por la prueba de navegador');
      await page.getByRole('button', { name: 'Guardar' }).click();
      await expect(page).toHaveURL(new RegExp(`${base}/list$`));
      await expect(page.getByText(`Se guardó ${noun} «${name}».`)).toBeVisible();

      await page.getByRole('searchbox', { name: 'Buscar' }).fill(name);
      await expect(page).toHaveURL(/[?&]q=/);
      await page.reload();
      await expect(page.getByRole('searchbox', { name: 'Buscar' })).toHaveValue(name);
      await page.getByRole('row', { name: `Abrir ${name}` }).click();
      await expect(page.getByRole('heading', { level: 1, name: editTitle })).toBeVisible();
      await field(page, 'Nombre').fill(`${name} editado`);
      await page.getByRole('button', { name: 'Guardar' }).click();
      await expect(page).toHaveURL(new RegExp(`${base}/list\\?q=`));
      // The search still holds the old name, which the edited one contains.
      await page.getByRole('button', { name: `Eliminar ${name} editado` }).click();
      await confirmDelete(page);
      await expect(page.getByText(`Se eliminó ${noun} «${name} editado».`)).toBeVisible();
      await expect(page.getByText('No hay registros para mostrar')).toBeVisible();
    });

    test('GENERAL sees it read-only', async ({ page, signIn }) => {
      await signIn('GENERAL', `${base}/list`);
      await expect(page.getByRole('heading', { level: 1, name: listTitle })).toBeVisible();
      await expect(main(page).getByRole('button', { name: 'Exportar' })).toBeVisible();
      await expect(main(page).getByRole('link', { name: 'Agregar' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: /^Eliminar/ })).toHaveCount(0);
      await signIn('GENERAL', `${base}/add`);
      await expect(page.getByText('No tiene permisos para ingresar aqui')).toBeVisible();
    });
  });
}

test('the fixed debt types (1–3) can be neither deleted nor changed', async ({ page, signIn }) => {
  await signIn('ADMIN', '/debts-types/list');
  await expect(page.getByRole('row', { name: 'Abrir Preventiva' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Eliminar Preventiva' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Eliminar Judicial' })).toHaveCount(0);
  await page.getByRole('row', { name: 'Abrir Judicial' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Editar tipo de deuda' })).toBeVisible();
  await expect(page.getByText('Solo lectura')).toBeVisible();
  await expect(field(page, 'Nombre')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Guardar' })).toHaveCount(0);
});
