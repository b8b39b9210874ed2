import { decodeJwt, expect, loginWithForm, storage, test } from '../fixtures';
import { USERS } from '../users';

const menu = (page: import('@playwright/test').Page) =>
  page.getByRole('navigation', { name: 'Menú principal' });

test.describe('SPEC §9 — Business constants and limits', () => {
  test('Local storage keys: token, user and lastLocation.', async ({ page }) => {
    await page.clock.install();
    await loginWithForm(page, 'GENERAL');
    await page.goto('/users/list');
    await expect(page.getByRole('heading', { name: 'Usuarios' })).toBeVisible();
    const keys = await page.evaluate(() => Object.keys(window.localStorage).sort());
    expect(keys).toEqual(['token', 'user']);
    const token = await storage.get(page, 'token');
    expect(JSON.parse((await storage.get(page, 'user')) ?? '{}')).toEqual(decodeJwt(token ?? ''));
    await storage.set(page, 'token', 'invalido.invalido.invalido');
    await page.clock.runFor(121_000);
    await expect(page).toHaveURL(/\/login$/);
    expect(await storage.get(page, 'lastLocation')).toBe('/users/list');
  });

  test('The sidebar auto-collapses at widths up to 768 px.', async ({ page, signIn }) => {
    await page.setViewportSize({ width: 768, height: 900 });
    await signIn('ADMIN');
    await expect(page.getByRole('heading', { name: 'Inicio' })).toBeVisible();
    await expect(menu(page)).toBeHidden();
    await page.setViewportSize({ width: 769, height: 900 });
    await expect(menu(page)).toBeVisible();
    await page.setViewportSize({ width: 576, height: 900 });
    await expect(menu(page)).toBeHidden();
  });

  test('Notification toasts close after 5 seconds.', async ({ page }) => {
    await page.clock.install();
    await page.goto('/login');
    await page.getByLabel('usuario', { exact: true }).fill(USERS.GENERAL.alias);
    await page.getByLabel('Contraseña', { exact: true }).fill(USERS.GENERAL.password);
    // Paused: only runFor moves the toast's timer. A flowing fake clock catches up in one jump after
    // the page is busy for a while (the dashboard's charts on a loaded machine), closing it unseen.
    await page.clock.pauseAt(Date.now() + 1_000);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    const toast = page.getByRole('alert').filter({ hasText: USERS.GENERAL.name });
    await expect(toast).toBeVisible();
    await page.clock.runFor(4_000);
    await expect(toast).toBeVisible();
    await page.clock.runFor(2_000);
    await expect(toast).toHaveCount(0);
  });

  test("The bell badge is fixed at '3+' and the messages badge at '7'. Both are static.", async ({
    page,
    signIn,
  }) => {
    await signIn('CLIENTE');
    const topBar = page.getByRole('banner');
    const badges = async () => {
      await expect(topBar.getByText('3+', { exact: true })).toBeVisible();
      await expect(topBar.getByText('7', { exact: true })).toBeVisible();
    };
    await badges();
    await page.getByRole('button', { name: 'Notificaciones' }).click();
    await expect(page.getByText('Sin alertas')).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Mensajes' }).click();
    await expect(page.getByText('Sin mensajes')).toBeVisible();
    await page.keyboard.press('Escape');
    await badges();
    await page.reload();
    await badges();
  });

  test('Copyright year: 2023.', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByText(/©\s*2023/)).toBeVisible();
    await expect(page.getByText(/©\s*20(?!23)\d\d/)).toHaveCount(0);
  });

  test('Cross-site token cookie XSRF-TOKEN and header X-XSRF-TOKEN (defaults).', async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: 'XSRF-TOKEN', value: 'abc123', url: baseURL ?? '' }]);
    await page.goto('/login');
    const request = page.waitForRequest('**/api/login');
    await page.getByLabel('usuario', { exact: true }).fill(USERS.GENERAL.alias);
    await page.getByLabel('Contraseña', { exact: true }).fill(USERS.GENERAL.password);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    expect((await request).headers()['x-xsrf-token']).toBe('abc123');
  });

  test('Request timeout: none (0) — a login answered after 20 seconds still succeeds.', async ({ page }) => {
    test.setTimeout(60_000);
    await page.route('**/api/login', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 20_000));
      await route.continue();
    });
    await page.goto('/login');
    await page.getByLabel('usuario', { exact: true }).fill(USERS.GENERAL.alias);
    await page.getByLabel('Contraseña', { exact: true }).fill(USERS.GENERAL.password);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page).toHaveURL(/\/$/, { timeout: 30_000 });
  });
});
