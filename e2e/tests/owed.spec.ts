import { readFile } from 'node:fs/promises';
import { agencyToday } from '@cobranzas/shared';
import { extractText } from 'unpdf';
import { apiCall, daysAgo, esDate, expect, fravegaDebt, test, unique } from '../fixtures';

type Page = import('@playwright/test').Page;
const main = (page: Page) => page.getByRole('main');

const newDebt = (page: Page, fields: Record<string, unknown>) =>
  fravegaDebt(page, 'Marta', { reference: unique('UNA-'), ...fields });

/** One debt of each basis (DESIGN.md §11.1), with what it owes today computed by hand. */
const BASES = {
  // 10 000 + a cost of 500 − a payment of 2 000.
  BOOKS: {
    owed: '$ 8.500,00',
    async create(page: Page) {
      const debt = await newDebt(page, { originalAmount: '10000.00' });
      await apiCall(page, 'ADMIN', 'POST', '/services', {
        debtId: debt.id,
        description: 'Carta documento',
        amount: '500.00',
        date: agencyToday(),
      });
      await apiCall(page, 'ADMIN', 'POST', '/payments', {
        debtId: debt.id,
        amount: '2000.00',
        paidAt: agencyToday(),
      });
      return debt;
    },
  },
  // 10 000 at 36,5 % a year from 73 days ago: 730 of interest.
  RATES: {
    owed: '$ 10.730,00',
    create: (page: Page) =>
      newDebt(page, { originalAmount: '10000.00', defaultDate: daysAgo(73), interestRate: '36.5' }),
  },
  // 9 000 in three quotas of 3 000; a payment of 4 000 pays the first and 1 000 of the second.
  PLAN: {
    owed: '$ 5.000,00',
    async create(page: Page) {
      const debt = await newDebt(page, { originalAmount: '9000.00' });
      await apiCall(page, 'ADMIN', 'POST', '/quotas/plan', {
        debtId: debt.id,
        installments: 3,
        firstDueDate: agencyToday(),
      });
      await apiCall(page, 'ADMIN', 'POST', '/payments', {
        debtId: debt.id,
        amount: '4000.00',
        paidAt: agencyToday(),
      });
      return debt;
    },
  },
} as const;

test.describe('Un importe adeudado (issue 31)', () => {
  for (const [basis, { owed, create }] of Object.entries(BASES)) {
    test(`${basis}: the header, «Saldo al», Movimientos, the quotas and the demand letter say ${owed}`, async ({
      page,
      signIn,
    }) => {
      test.setTimeout(90_000);
      const debt = await create(page);
      await signIn('GENERAL', `/debts/view/${debt.id}`);

      await expect(page.getByTestId('importe-saldo')).toHaveText(owed, { timeout: 30_000 });
      const panel = main(page).getByRole('region', { name: `Saldo al ${esDate(agencyToday())}` });
      await expect(panel.getByRole('definition').last()).toHaveText(owed);

      if (basis === 'PLAN') {
        await expect(main(page).getByText(`2 cuotas pendientes por ${owed}`)).toBeVisible();
        await expect(main(page).getByText('Pagada en parte')).toBeVisible();
      }

      await page.getByRole('tab', { name: 'Movimientos' }).click();
      await expect(main(page).getByText(`Lo que debe hoy: ${owed}`)).toBeVisible();

      // The demand letter names the same figure.
      await page.getByRole('button', { name: 'Cartas', exact: true }).click();
      const download = page.waitForEvent('download');
      await page.getByRole('menuitem', { name: /Intimación de pago/ }).click();
      const file = await (await download).path();
      const { text } = await extractText(new Uint8Array(await readFile(file)), { mergePages: true });
      expect(text.replace(/\s+/g, ' ')).toContain(`asciende a ${owed}`);
    });
  }
});
