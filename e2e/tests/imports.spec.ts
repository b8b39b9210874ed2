import ExcelJS from 'exceljs';
import { apiCall, expect, test, unique, uniqueCuit, uniqueDni } from '../fixtures';

type Page = import('@playwright/test').Page;
type Locator = import('@playwright/test').Locator;
const main = (page: Page) => page.getByRole('main');
const menu = (page: Page) => page.getByRole('navigation', { name: 'Menú principal' });

/** The number under a count's label ("Deudas a crear" → its <dd>). */
const tile = (scope: Locator, label: string) =>
  scope
    .locator(':scope > div')
    .filter({ has: scope.page().getByText(label, { exact: true }) })
    .locator('dd');

/**
 * A real .xlsx as a client company sends it: three good rows (one of them $ 1.234,56 in mora since
 * 15/03/2024) and one without an amount, which the import rejects.
 */
async function portfolioFile(tag: string) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Cartera');
  sheet.addRow(['Nro Documento', 'Apellido y Nombre', 'Nro Cuenta', 'Saldo Deuda', 'Fecha Mora']);
  const rows = [
    { dni: uniqueDni(), name: 'IMPORTADA, Ana', reference: `${tag}-1`, amount: 1234.56 },
    { dni: uniqueDni(), name: 'IMPORTADO, Bruno', reference: `${tag}-2`, amount: 500 },
    { dni: uniqueDni(), name: 'IMPORTADA, Carla', reference: `${tag}-3`, amount: 98765.4 },
  ];
  rows.forEach((row, i) => {
    sheet.addRow([row.dni, row.name, row.reference, row.amount, new Date(Date.UTC(2024, 2, 15 + i))]);
  });
  const bad = { dni: uniqueDni(), reference: `${tag}-4` };
  sheet.addRow([bad.dni, 'SIN IMPORTE, Diego', bad.reference, null, new Date(Date.UTC(2024, 5, 1))]);
  const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
  return { buffer, rows, bad };
}

test.describe('Importar cartera (issue 16)', () => {
  test('GENERAL validates and imports a portfolio, follows it, sees its debts and downloads its errors', async ({
    page,
    signIn,
  }) => {
    test.setTimeout(120_000);
    const company = await apiCall<{ id: number; name: string }>(page, 'ADMIN', 'POST', '/companies', {
      name: unique('Cartera S.A.'),
      cuit: uniqueCuit(),
    });
    const tag = `E2E${Date.now().toString(36).toUpperCase()}`;
    const file = await portfolioFile(tag);
    const fileName = `cartera-${tag}.xlsx`;

    await signIn('GENERAL', '/');
    await menu(page).getByRole('button', { name: 'Cobranzas', exact: true }).click();
    await menu(page).getByRole('link', { name: 'Importar cartera', exact: true }).click();
    await expect(page).toHaveURL(/\/imports\/list$/);
    await main(page).getByRole('link', { name: 'Importar cartera' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Importar cartera' })).toBeVisible();

    // Step 1: nothing chosen → Spanish errors; then the company and the file.
    await main(page).getByRole('button', { name: 'Continuar' }).click();
    await expect(main(page).getByText('Elija la compañía.')).toBeVisible();
    await expect(main(page).getByText('Elija el archivo a importar.')).toBeVisible();
    await expect(main(page).getByText(/de hasta 50 MB/)).toBeVisible();
    await main(page).getByRole('combobox', { name: 'Compañía' }).fill(company.name);
    await page.getByRole('option', { name: company.name }).click();
    await main(page).locator('input[type=file]').setInputFiles({
      name: fileName,
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: file.buffer,
    });
    await expect(main(page).getByText(fileName)).toBeVisible();
    await main(page).getByRole('button', { name: 'Continuar' }).click();

    // Step 2: the mapping comes pre-filled, and the first rows are read as the import will read them.
    await expect(main(page).getByRole('combobox', { name: 'Importe original', exact: true })).toHaveValue(
      'Saldo Deuda',
    );
    await expect(main(page).getByRole('combobox', { name: 'Referencia', exact: true })).toHaveValue(
      'Nro Cuenta',
    );
    await expect(main(page).getByRole('combobox', { name: 'DNI', exact: true })).toHaveValue('Nro Documento');
    await expect(main(page).getByText('La asignación de columnas está completa.')).toBeVisible();
    const sample = main(page).getByRole('region', { name: 'Las primeras filas, como se van a leer' });
    const first = sample.getByRole('row').filter({ hasText: `${tag}-1` });
    await expect(first).toContainText('IMPORTADA, Ana');
    await expect(first).toContainText('$ 1.234,56');
    await expect(first).toContainText('15/03/2024');
    await expect(sample.getByRole('row').filter({ hasText: `${tag}-4` })).toContainText('Falta el importe');

    // A required field left without a column: the problem is said and Validar waits.
    await main(page).getByRole('combobox', { name: 'Referencia', exact: true }).click();
    await page.getByRole('option', { name: '— sin asignar —' }).click();
    await expect(main(page).getByText('Falta indicar la columna de «Referencia».')).toBeVisible();
    await expect(main(page).getByRole('button', { name: 'Validar' })).toBeDisabled();
    await main(page).getByRole('combobox', { name: 'Referencia', exact: true }).click();
    await page.getByRole('option', { name: 'Nro Cuenta', exact: true }).click();
    await expect(main(page).getByRole('button', { name: 'Validar' })).toBeEnabled();

    // Step 3: the dry run's counts.
    await main(page).getByRole('button', { name: 'Validar' }).click();
    await expect(main(page).getByText(/Validación terminada: 4 filas revisadas/)).toBeVisible({
      timeout: 30_000,
    });
    const validation = main(page).locator('dl[aria-label="Resultado de la validación"]');
    await expect(tile(validation, 'Deudas a crear')).toHaveText('3');
    await expect(tile(validation, 'Deudores a crear')).toHaveText('3');
    await expect(tile(validation, 'Rechazadas')).toHaveText('1');
    await expect(main(page).getByRole('button', { name: /Descargar filas con errores/ })).toBeVisible();
    await expect(
      main(page).getByText(/Las deudas nuevas quedarán sin cobrador asignado y sin tabla de tasas/),
    ).toBeVisible();

    // Step 4: the import itself, followed on its page until it ends.
    await main(page).getByRole('button', { name: 'Importar', exact: true }).click();
    await expect(page).toHaveURL(/\/imports\/view\/\d+$/);
    const id = Number(page.url().split('/').pop());
    await expect(page.getByRole('heading', { level: 1, name: `Importación N.º ${id}` })).toBeVisible();
    await expect(main(page).getByText('Terminada', { exact: true })).toBeVisible({ timeout: 30_000 });
    const result = main(page).locator('dl[aria-label="Resultado"]');
    await expect(tile(result, 'Deudas creadas')).toHaveText('3');
    await expect(tile(result, 'Deudores creados')).toHaveText('3');
    await expect(tile(result, 'Rechazadas')).toHaveText('1');
    await expect(main(page).getByText(company.name)).toBeVisible();
    // It says what it left undone (issue 32): no collector, no rate table.
    await expect(
      main(page).getByText(/Las 3 deudas creadas quedaron sin cobrador asignado y sin tabla de tasas/),
    ).toBeVisible();

    // A reload keeps showing it: the page is the id in the URL.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: `Importación N.º ${id}` })).toBeVisible();
    await expect(tile(main(page).locator('dl[aria-label="Resultado"]'), 'Deudas creadas')).toHaveText('3');
    await expect(main(page).getByText(fileName)).toBeVisible();

    // The errors file: the rejected row with its reason.
    const download = page.waitForEvent('download');
    await main(page)
      .getByRole('button', { name: /Descargar filas con errores/ })
      .click();
    const errors = await download;
    expect(errors.suggestedFilename()).toBe(`importacion-${id}-errores.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await errors.path());
    const lines: string[] = [];
    workbook.worksheets[0]?.eachRow((row) => {
      lines.push((row.values as unknown[]).slice(1).map(String).join('|'));
    });
    const rejected = lines.filter((line) => line.includes(file.bad.reference));
    expect(rejected).toHaveLength(1);
    expect(rejected[0]).toContain('Falta el importe');

    // The debts it created: exactly those three, from the link.
    await main(page).getByRole('link', { name: 'Ver las 3 deudas creadas' }).click();
    await expect(page).toHaveURL(new RegExp(`/debts/search\\?importId=${id}$`));
    await expect(main(page).getByText(`Solo las deudas creadas por la importación N.º ${id}.`)).toBeVisible();
    const table = main(page).getByRole('table');
    for (const row of file.rows) await expect(table.getByText(row.reference)).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: tag })).toHaveCount(3);
    await expect(main(page).getByText('1–3 de 3')).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: `${tag}-1` })).toContainText('$ 1.234,56');

    // The list: both runs (the validation and the import), newest first; a row opens its page.
    await page.goto('/imports/list');
    const rows = main(page).getByRole('row').filter({ hasText: fileName });
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('Importación');
    await expect(rows.nth(1)).toContainText('Validación');
    await rows.first().click();
    await expect(page).toHaveURL(new RegExp(`/imports/view/${id}$`));
  });

  test('a CLIENTE sees no import entry and may not open the screens', async ({ page, signIn }) => {
    await signIn('CLIENTE', '/');
    await menu(page).getByRole('button', { name: 'Cobranzas', exact: true }).click();
    await expect(menu(page).getByRole('link', { name: 'Buscador', exact: true })).toBeVisible();
    await expect(menu(page).getByRole('link', { name: 'Importar cartera' })).toHaveCount(0);
    for (const path of ['/imports/list', '/imports/add', '/imports/view/1']) {
      await page.goto(path);
      await expect(main(page).getByText('No tiene permisos para ingresar aqui')).toBeVisible();
    }
  });
});
