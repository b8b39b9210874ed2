import { agencyToday } from '@cobranzas/shared';
import { apiCall, expect, test, unique } from '../fixtures';

type Page = import('@playwright/test').Page;
const main = (page: Page) => page.getByRole('main');

/** YYYY-MM-DD `days` before today at the agency, and dd/mm/aaaa of a YYYY-MM-DD. */
const daysAgo = (days: number) => {
  const day = new Date(`${agencyToday()}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - days);
  return day.toISOString().slice(0, 10);
};
const esDate = (iso: string) => iso.split('-').reverse().join('/');

/** A debt of 10 000,00 at 36,5 % a year from 73 days ago: 730,00 of interest, 10 730,00 today. */
async function ratedDebt(page: Page) {
  const companies = await apiCall<{ data: { id: number; name: string }[] }>(
    page,
    'ADMIN',
    'GET',
    '/companies?q=Fr%C3%A1vega',
  );
  const company = companies.data.find((c) => c.name === 'Frávega S.A.');
  const debtor = await apiCall<{ id: number }>(page, 'ADMIN', 'POST', '/debtors', {
    dni: String(30_000_000 + (Date.now() % 9_000_000) + Math.floor(Math.random() * 1000)),
    firstName: 'Rosa',
    lastName: unique('Intereses'),
  });
  return apiCall<{ id: number }>(page, 'ADMIN', 'POST', '/debts', {
    debtorId: debtor.id,
    companyId: company?.id,
    originalAmount: '10000.00',
    defaultDate: daysAgo(73),
    interestRate: '36.5',
    reference: unique('TASA-'),
  });
}

test.describe('Dinero a la fecha (issue 17)', () => {
  test('GENERAL collects the balance to date, prints the receipt, and then the libre deuda', async ({
    page,
    signIn,
  }) => {
    test.setTimeout(90_000);
    const debt = await ratedDebt(page);
    await signIn('GENERAL', `/debts/view/${debt.id}`);

    // The stored balance counts no interest; the panel has what it owes today.
    // The first look waits for the whole file (a loaded CI machine took more than the default 10 s).
    await expect(main(page).getByText('Saldo sin intereses')).toBeVisible({ timeout: 30_000 });
    const panel = main(page).getByRole('region', { name: `Saldo al ${esDate(agencyToday())}` });
    await expect(panel.getByText('$ 10.730,00')).toBeVisible();
    await expect(panel.getByText('$ 730,00').first()).toBeVisible();

    // The libre deuda waits for the balance to reach zero.
    await page.getByRole('button', { name: 'Cartas', exact: true }).click();
    await expect(page.getByRole('menuitem', { name: /Libre deuda/ })).toBeDisabled();
    await page.keyboard.press('Escape');

    // Paying the balance to date is accepted and cancels the debt.
    await page.getByRole('tab', { name: 'Pagos' }).click();
    await page.getByRole('button', { name: 'Registrar pago' }).click();
    const dialog = page.getByRole('dialog', { name: 'Registrar pago' });
    await dialog.getByRole('textbox', { name: 'Importe' }).pressSequentially('10.730,00');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog).toBeHidden();
    await expect(main(page).getByText('Cancelada').first()).toBeVisible();
    await expect(panel.getByText('$ 0,00').last()).toBeVisible();

    // Its receipt, a PDF with a number of its own.
    const receipt = page.waitForEvent('download');
    await page
      .getByRole('button', { name: `Recibo del pago de $ 10.730,00 del ${esDate(agencyToday())}` })
      .click();
    expect((await receipt).suggestedFilename()).toMatch(/^recibo-\d{8}\.pdf$/);

    // And now the libre deuda.
    await page.getByRole('button', { name: 'Cartas', exact: true }).click();
    const letter = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: /Libre deuda/ }).click();
    expect((await letter).suggestedFilename()).toMatch(/^carta-libre-deuda-.+\.pdf$/);
  });
});
