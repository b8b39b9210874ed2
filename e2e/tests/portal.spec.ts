import { addDays, agencyToday } from '@cobranzas/shared';
import { apiCall, expect, test, uniqueDni } from '../fixtures';

type Page = import('@playwright/test').Page;

/**
 * A debtor with a debt of 3 000,00 in a plan of three quotas of 1 000,00 of Frávega, and their portal
 * link (made by staff through the API, as «Crear enlace» does).
 */
async function debtorWithPlan(page: Page) {
  const companies = await apiCall<{ data: { id: number; name: string }[] }>(
    page,
    'ADMIN',
    'GET',
    '/companies?q=Fr%C3%A1vega',
  );
  const company = companies.data.find((c) => c.name === 'Frávega S.A.');
  const dni = uniqueDni();
  const debtor = await apiCall<{ id: number }>(page, 'ADMIN', 'POST', '/debtors', {
    dni,
    firstName: 'Lucía',
    lastName: `Portal${dni}`,
    phone: '351 584-7753',
  });
  const debt = await apiCall<{ id: number }>(page, 'ADMIN', 'POST', '/debts', {
    debtorId: debtor.id,
    companyId: company?.id,
    originalAmount: '3000.00',
  });
  await apiCall(page, 'ADMIN', 'POST', '/quotas/plan', {
    debtId: debt.id,
    installments: 3,
    firstDueDate: addDays(agencyToday(), 5),
  });
  const link = await apiCall<{ url: string; code: string }>(
    page,
    'ADMIN',
    'POST',
    `/debtors/${debtor.id}/portal-link`,
    {},
  );
  return { dni, debt, link };
}

test.describe('El portal del deudor (issue 34)', () => {
  test('a debtor enters with the link and the DNI, pays the next quota through the gateway and comes back; staff see the same payment and total', async ({
    page,
    signIn,
  }) => {
    test.setTimeout(120_000);
    const { dni, debt, link } = await debtorWithPlan(page);

    // The link opens the page with the code in its fragment: only the DNI is asked.
    await page.goto(new URL(link.url).pathname + new URL(link.url).hash);
    await expect(page).toHaveURL(/\/pagar$/);
    await page.getByLabel('DNI').fill(dni);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Lucía');
    await expect(page.getByText('Frávega S.A.').first()).toBeVisible();
    await expect(page.getByText('$ 3.000,00').first()).toBeVisible();

    await page.getByRole('button', { name: 'Pagar', exact: true }).click();
    await page.getByRole('radio', { name: /La próxima cuota/ }).check();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('button', { name: 'Ir a pagar' }).click();

    // Mercado Pago's checkout (the local server that answers as its API), then back.
    await expect(page.getByRole('heading', { name: 'Mercado Pago (servidor de prueba)' })).toBeVisible();
    await expect(page.getByText('$ 1000.00')).toBeVisible();
    await page.getByRole('button', { name: 'Pagar' }).click();
    await expect(page).toHaveURL(/\/pagar\?pago=P[A-Z0-9]{8}/);
    await expect(page.getByText('Su pago se acreditó. ¡Gracias!')).toBeVisible();
    await expect(page.getByText('$ 2.000,00').first()).toBeVisible();

    // The staff's view of the same debt: the payment by Mercado Pago and the same total.
    await signIn('GENERAL', `/debts/view/${debt.id}`);
    await expect(page.getByTestId('importe-saldo')).toHaveText('$ 2.000,00', { timeout: 30_000 });
    await page.getByRole('tab', { name: 'Pagos' }).click();
    await expect(page.getByRole('main').getByText('Mercado Pago').first()).toBeVisible();
    await expect(page.getByRole('main').getByText('$ 1.000,00').first()).toBeVisible();
  });

  test('an unknown code and a wrong DNI get the same Spanish answer', async ({ page }) => {
    const { link } = await debtorWithPlan(page);
    await page.goto('/pagar');
    await page.getByLabel('Código de la carta').fill(link.code);
    await page.getByLabel('DNI').fill('11111111');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    const message = 'El código o el DNI no son correctos. Revíselos e intente de nuevo.';
    await expect(page.getByText(message)).toBeVisible();
    await page.getByLabel('Código de la carta').fill('ZZZZZ-ZZZZZ');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page.getByText(message)).toBeVisible();
  });
});
