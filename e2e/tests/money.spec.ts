import { agencyToday } from '@cobranzas/shared';
import { daysAgo, esDate, expect, fravegaDebt, test, unique } from '../fixtures';

type Page = import('@playwright/test').Page;
const main = (page: Page) => page.getByRole('main');

/** A debt of 10 000,00 at 36,5 % a year from 73 days ago: 730,00 of interest, 10 730,00 today. */
const ratedDebt = (page: Page) =>
  fravegaDebt(page, 'Rosa', {
    originalAmount: '10000.00',
    defaultDate: daysAgo(73),
    interestRate: '36.5',
    reference: unique('TASA-'),
  });

test.describe('Dinero a la fecha (issue 17)', () => {
  test('GENERAL collects the balance to date, prints the receipt, and then the libre deuda', async ({
    page,
    signIn,
  }) => {
    test.setTimeout(90_000);
    const debt = await ratedDebt(page);
    await signIn('GENERAL', `/debts/view/${debt.id}`);

    // The header and the panel say what it owes today, interest included (issue 31).
    // The first look waits for the whole file (a loaded CI machine took more than the default 10 s).
    await expect(page.getByTestId('importe-saldo')).toHaveText('$ 10.730,00', { timeout: 30_000 });
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
