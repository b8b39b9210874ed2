import ExcelJS from 'exceljs';
import { apiCall, expect, test, unique, uniqueCuit } from '../fixtures';

type Page = import('@playwright/test').Page;
const main = (page: Page) => page.getByRole('main');
const card = (page: Page, name: string) => main(page).getByRole('region', { name });
const runDni = () => String(30_000_000 + (Date.now() % 9_000_000) + Math.floor(Math.random() * 1000));
const today = () => new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);

/** A company of this test only, with two debts, a payment and an overdue quota: known figures. */
async function knownPortfolio(page: Page) {
  const company = await apiCall<{ id: number; name: string }>(page, 'ADMIN', 'POST', '/companies', {
    name: unique('Tablero S.A. '),
    cuit: uniqueCuit(),
  });
  const debtor = (lastName: string) =>
    apiCall<{ id: number; dni: string }>(page, 'ADMIN', 'POST', '/debtors', {
      dni: runDni(),
      firstName: 'Ana',
      lastName,
    });
  const [first, second] = [await debtor('Rivas'), await debtor('Luna')];
  const preventive = await apiCall<{ id: number }>(page, 'ADMIN', 'POST', '/debts', {
    debtorId: first.id,
    companyId: company.id,
    debtTypeId: 1,
    originalAmount: '1000.00',
  });
  await apiCall(page, 'ADMIN', 'POST', '/debts', {
    debtorId: second.id,
    companyId: company.id,
    debtTypeId: 3,
    originalAmount: '2500.50',
  });
  await apiCall(page, 'ADMIN', 'POST', '/payments', {
    debtId: preventive.id,
    amount: '400.00',
    paidAt: today(),
  });
  await apiCall(page, 'ADMIN', 'POST', '/quotas', {
    debtId: preventive.id,
    number: 1,
    amount: '100.00',
    dueDate: '2025-01-10',
  });
  return { company, first, second };
}

test.describe('Dashboard y planilla (issue 6)', () => {
  test('the dashboard shows the figures of a company chosen in its filters', async ({ page, signIn }) => {
    const { company } = await knownPortfolio(page);
    await signIn('ADMIN', '/');
    await expect(page.getByRole('heading', { level: 1, name: 'Inicio' })).toBeVisible();
    const filters = page.getByRole('form', { name: 'Filtros del tablero' });
    await filters.getByRole('combobox', { name: 'Compañía' }).fill(company.name);
    await page.getByRole('option', { name: company.name }).click();
    await filters.getByRole('button', { name: 'Aplicar' }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]company=${company.id}`));

    await expect(card(page, 'Cartera asignada')).toContainText('$ 3.500,50');
    await expect(card(page, 'Cartera asignada')).toContainText('2 deudas ingresadas');
    await expect(card(page, 'Cobrado en el período')).toContainText('$ 400,00');
    // 400 ÷ 3.500,50 = 11,427…%
    await expect(card(page, 'Tasa de liquidación')).toContainText('11,43 %');
    await expect(card(page, 'Cuotas vencidas')).toHaveText(/Cuotas vencidas\s*1\s*\$ 100,00 impagos/);
    // The charts are drawn when scrolled near (below the tables, out of the first screen).
    await page.getByRole('heading', { name: 'Planilla de deuda' }).scrollIntoViewIfNeeded();
    const stages = card(page, 'Cartera por etapa');
    await expect(stages).toContainText('Preventiva$ 1.000,00');
    await expect(stages).toContainText('Judicial$ 2.500,50');

    // A period with nothing placed says so instead of drawing empty charts.
    await page.goto(`/?company=${company.id}&start=2001-01-01&end=2001-12-31`);
    await expect(card(page, 'Cartera asignada')).toContainText('$ 0,00');
    await page.getByRole('heading', { name: 'Planilla de deuda' }).scrollIntoViewIfNeeded();
    await expect(card(page, 'Cobranzas por mes')).toContainText('No hubo pagos ni depósitos en el período.');
    await expect(stages).toContainText('No hay deudas ingresadas en el período.');
  });

  test('each figure opens the list behind it with the same filters (issue 32)', async ({ page, signIn }) => {
    // Four pages in one journey (dashboard, Buscador, the cash, a debt): more time than one page.
    test.slow();
    const { company, first } = await knownPortfolio(page);
    const day = today();
    const shown = day.split('-').reverse().join('/');
    await signIn('ADMIN', `/?company=${company.id}&start=${day}&end=${day}`);

    // The cohort: both debts were placed today; of them, 400 collected up to today.
    const rate = card(page, 'Tasa de liquidación');
    await expect(rate).toContainText('11,43 %');
    await expect(rate).toContainText(
      `De las deudas ingresadas en el período: $ 400,00 cobrados hasta el ${shown}`,
    );
    await expect(card(page, 'Cobrado en el período')).toContainText('$ 400,00');

    await card(page, 'Cartera asignada')
      .getByRole('link', { name: /Ver las deudas ingresadas/ })
      .click();
    await expect(page).toHaveURL(
      `/debts/search?companyId=${company.id}&createdFrom=${day}&createdTo=${day}&currency=ARS`,
    );
    const filters = page.getByRole('form', { name: 'Filtros de deudas' });
    await expect(filters.getByRole('textbox', { name: 'Ingresada desde' })).toHaveValue(shown);
    const debts = main(page).getByRole('table');
    await expect(debts.getByRole('row', { name: /Rivas, Ana/ })).toBeVisible();
    await expect(debts.getByRole('row', { name: /Luna, Ana/ })).toBeVisible();
    await expect(debts.getByRole('row')).toHaveCount(3);

    await page.goBack();
    await card(page, 'Cobrado en el período')
      .getByRole('link', { name: /Ver los pagos y depósitos/ })
      .click();
    await expect(page).toHaveURL(`/collected?company=${company.id}&start=${day}&end=${day}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Cobrado en el período' })).toBeVisible();
    await expect(main(page).getByLabel('Totales')).toContainText('Total cobrado$ 400,00');
    const payment = main(page).getByRole('row', { name: `Abrir pago del ${shown} de Rivas, Ana` });
    await expect(payment).toContainText('$ 400,00');
    await payment.click();
    await expect(page).toHaveURL(/\/debts\/view\/\d+$/);
    await expect(main(page)).toContainText(first.dni.replace(/\B(?=(\d{3})+$)/g, '.'));
  });

  test('the client-debt spreadsheet downloads as an xlsx with the company’s debts', async ({
    page,
    signIn,
  }) => {
    const { company, first, second } = await knownPortfolio(page);
    await signIn('ADMIN', '/');
    const report = main(page).getByRole('region', { name: 'Planilla de deuda' });
    await expect(report).toContainText('Elija una compañía en los filtros');
    await expect(report.getByRole('button', { name: 'Descargar planilla' })).toBeDisabled();

    // Choosing the company is enough (issue 15): downloading applies it to the dashboard too.
    await main(page).getByRole('combobox', { name: 'Compañía' }).fill(company.name);
    await page.getByRole('option', { name: company.name }).click();
    await expect(report).toContainText(`Deudas de ${company.name} de todo el período`);
    await expect(report).toContainText('Al descargar, el tablero también pasa a estos filtros.');
    const download = page.waitForEvent('download');
    await report.getByRole('button', { name: 'Descargar planilla' }).click();
    const file = await download;
    await expect(page).toHaveURL(new RegExp(`[?&]company=${company.id}(&|$)`));
    // No start: "inicio"; no end: today's date.
    expect(file.suggestedFilename()).toMatch(/^deuda-tablero-s-a-.*-inicio-a-\d{4}-\d{2}-\d{2}\.xlsx$/);
    await expect(page.getByText(`Se descargó ${file.suggestedFilename()}.`)).toBeVisible();

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await file.path());
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('la planilla no tiene hojas');
    const rows: string[] = [];
    sheet.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1).map(String).join('|'));
    });
    const byDni = (dni: string) => rows.filter((row) => row.includes(`|${dni}|`));
    expect(byDni(first.dni)).toHaveLength(1);
    expect(byDni(first.dni)[0]).toContain('Rivas, Ana');
    expect(byDni(first.dni)[0]).toContain('|1000|400|600|');
    expect(byDni(second.dni)[0]).toContain('|2500.5|0|2500.5|');
  });

  test('CLIENTE sees its own company’s figures and no company filter', async ({ page, signIn }) => {
    const [fravega] = (
      await apiCall<{ data: { id: number; name: string }[] }>(
        page,
        'ADMIN',
        'GET',
        '/companies?q=Fr%C3%A1vega',
      )
    ).data;
    if (!fravega) throw new Error('falta Frávega S.A.');
    const own = await apiCall<{ portfolioAmount: string }>(
      page,
      'ADMIN',
      'GET',
      `/report/general-kpi?company=${fravega.id}`,
    );
    const expected = new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS' })
      .format(own.portfolioAmount as unknown as number)
      .replace(/\u00a0/g, ' ');

    // Another company in the URL changes nothing: the API forces the CLIENTE's own.
    await signIn('CLIENTE', '/?company=999999');
    await expect(card(page, 'Cartera asignada')).toContainText(expected);
    const filters = page.getByRole('form', { name: 'Filtros del tablero' });
    await expect(filters.getByRole('textbox', { name: 'Desde' })).toBeVisible();
    await expect(filters.getByRole('combobox', { name: 'Compañía' })).toHaveCount(0);
    await expect(
      main(page).getByRole('region', { name: 'Planilla de deuda' }).getByRole('button'),
    ).toBeEnabled();
  });
});
