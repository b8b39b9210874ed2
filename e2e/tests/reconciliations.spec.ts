import { addDays, agencyToday } from '@cobranzas/shared';
import { apiCall, expect, test, uniqueDni } from '../fixtures';

type Page = import('@playwright/test').Page;

const ddmmyyyy = (iso: string) => iso.split('-').reverse().join('/');

/** Two debts of Frávega: one named by its reference in the statement, one by its debtor's DNI. */
async function twoDebts(page: Page) {
  const companies = await apiCall<{ data: { id: number; name: string }[] }>(
    page,
    'ADMIN',
    'GET',
    '/companies?q=Fr%C3%A1vega',
  );
  const companyId = companies.data.find((c) => c.name === 'Frávega S.A.')?.id;
  const dni = uniqueDni();
  const reference = `CONC-${dni}`;
  const byReference = await apiCall<{ id: number }>(page, 'ADMIN', 'POST', '/debts', {
    debtorId: (
      await apiCall<{ id: number }>(page, 'ADMIN', 'POST', '/debtors', {
        dni: uniqueDni(),
        firstName: 'Marta',
        lastName: `Conciliada${dni}`,
      })
    ).id,
    companyId,
    reference,
    originalAmount: '5000.00',
  });
  const byDni = await apiCall<{ id: number }>(page, 'ADMIN', 'POST', '/debts', {
    debtorId: (
      await apiCall<{ id: number }>(page, 'ADMIN', 'POST', '/debtors', {
        dni,
        firstName: 'Raúl',
        lastName: `Transferido${dni}`,
      })
    ).id,
    companyId,
    originalAmount: '8000.00',
  });
  return { dni, reference, byReference, byDni };
}

test.describe('Conciliación de cobros (issue 35)', () => {
  test('an ADMIN uploads a bank statement with a new profile, approves the sure lines and reviews the rest; the payments are on the debts', async ({
    page,
    signIn,
  }) => {
    test.setTimeout(120_000);
    const { dni, reference, byReference, byDni } = await twoDebts(page);
    const day = ddmmyyyy(addDays(agencyToday(), -2));
    const statement = [
      'Fecha;Concepto;Ordenante;Crédito;Débito',
      `${day};TRANSFERENCIA ${reference};MARTA C;1.500,00;`,
      `${day};TRF RECIBIDA DNI ${dni};RAUL T;2.000,00;`,
      `${day};COMISION MANTENIMIENTO;;;350,00`,
      `${day};DEPOSITO SIN DATOS;;99,90;`,
    ].join('\r\n');

    await signIn('ADMIN', '/reconciliations/add');
    await expect(page.getByRole('heading', { name: 'Subir extracto o reporte de cobros' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Perfil' }).click();
    await page.getByRole('option', { name: /Nuevo perfil de banco/ }).click();
    await page.locator('input[type=file]').setInputFiles({
      name: 'extracto-galicia.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(statement, 'utf8'),
    });
    // The columns are recognized by their titles.
    await expect(page.getByRole('combobox', { name: 'Crédito' })).toHaveValue('Crédito');
    await expect(page.getByRole('combobox', { name: 'Concepto' })).toHaveValue('Concepto');
    await page.getByRole('textbox', { name: 'Nombre del perfil' }).fill(`Galicia ${dni}`);
    await page.getByRole('button', { name: 'Subir y conciliar' }).click();

    await expect(page).toHaveURL(/\/reconciliations\/view\/\d+$/);
    await expect(page.getByText('A revisar', { exact: true }).first()).toBeVisible({ timeout: 30_000 });
    const counts = page.getByRole('definition');
    await expect(counts.nth(1)).toHaveText('2');
    await expect(counts.nth(2)).toHaveText('1');
    await expect(counts.nth(4)).toHaveText('1');

    await page.getByRole('button', { name: 'Aprobar las seguras' }).click();
    await page.getByRole('button', { name: 'Aprobar y registrar los pagos' }).click();
    await expect(page.getByText('2 líneas conciliadas')).toBeVisible();
    await expect(counts.first()).toHaveText('2');

    // The unmatched line is marked as not ours from the keyboard.
    await page.getByRole('combobox', { name: 'Estado' }).click();
    await page.getByRole('option', { name: 'Sin coincidencia' }).click();
    await expect(
      page.getByRole('grid', { name: 'Líneas del archivo' }).getByText('DEPOSITO SIN DATOS'),
    ).toBeVisible();
    await page.getByRole('grid', { name: 'Líneas del archivo' }).focus();
    await page.keyboard.press('i');
    await page.getByRole('dialog').getByRole('button', { name: 'Marcar como ajena' }).click();
    await expect(page.getByText('Fila 5 marcada como ajena.')).toBeVisible();

    // The payments are on the debts, at the statement's date, and the balances follow.
    await page.goto(`/debts/view/${byReference.id}`);
    await expect(page.getByTestId('importe-saldo')).toHaveText('$ 3.500,00', { timeout: 30_000 });
    await page.goto(`/debts/view/${byDni.id}`);
    await expect(page.getByTestId('importe-saldo')).toHaveText('$ 6.000,00', { timeout: 30_000 });
    await page.getByRole('tab', { name: 'Pagos' }).click();
    await expect(page.getByRole('main').getByText(day).first()).toBeVisible();
  });

  test('a GENERAL user is not offered the screens and the API refuses them', async ({ page, signIn }) => {
    await signIn('GENERAL', '/reconciliations/list');
    await expect(page.getByText('No tiene permisos para ingresar aqui')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('navigation').getByText('Conciliación')).toHaveCount(0);
  });
});
